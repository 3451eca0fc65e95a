import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  address,
  type BillingCycle,
  brand,
  carriedBalanceFees,
  cashAdvanceFeeBps,
  creditLine,
  drawBlockedStates,
  draws,
  emails,
  federalReserveHolidays,
  hours,
  minimumPaymentPrincipalBps,
  noBusinessStates,
  payFrequencies,
  phones,
  servicing,
  smsStopKeywords,
  states,
} from "#domain/config";
import { amountReceived, carriedBalanceFee, cashAdvanceFee, minimumPayment } from "#domain/fees";
import { formatClock, formatPercent, formatMoney as money } from "#domain/format";
import { ClosureLink, TermsLink } from "../components/FaqLinks";
import { FeeChartLink } from "../components/FeeChartDialog";
import { PhoneLink } from "../components/PhoneLink";

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  id: string;
  title: string;
  items: FaqItem[];
}

/** ["A", "B", "C"] -> "A, B and C". */
function listNames(names: ReadonlyArray<string>, conjunction = "and"): string {
  if (names.length <= 2) return names.join(` ${conjunction} `);
  return `${names.slice(0, -1).join(", ")} ${conjunction} ${names[names.length - 1] ?? ""}`;
}

/** State codes -> state names, in the order of the config state list. */
function stateNames(codes: ReadonlyArray<string>): string[] {
  return states.filter((s) => codes.includes(s.code)).map((s) => s.name);
}

const cycleLabels: Record<BillingCycle, string> = {
  biweekly: "bi-weekly",
  semimonthly: "semi-monthly",
  monthly: "monthly",
};

const nextDayCutoff = `${formatClock(draws.nextDayCutoff)} Eastern`;
const sameDayCutoff = `${formatClock(draws.sameDayCutoff)} Eastern`;
/** Highest principal balance that carries no fee (the first fee-chart tier). */
const feeFreeBalanceCents =
  carriedBalanceFees.find((r) => r.shortCycleCents === 0 && r.monthlyCents === 0)?.upToCents ?? 0;
const exampleBalanceCents = creditLine.newCustomerMaxLimitCents;
const exampleDrawCents = draws.minCents;

/** Minimum payment on the example balance. */
const exampleMinimum = (cycle: BillingCycle) => minimumPayment(exampleBalanceCents, cycle);

const q = (id: string, question: string, answer: ReactNode): FaqItem => ({ id, question, answer });

const phone = <PhoneLink digits={phones.customerService} />;
const specialistPhone = <PhoneLink digits={phones.accountSpecialist} />;
const mail = (to: string) => <a href={`mailto:${to}`}>{to}</a>;

export const faqSections: FaqSection[] = [
  {
    id: "about",
    title: "About",
    items: [
      q(
        "what-is",
        `What is ${brand.name}?`,
        <p>
          {brand.name} is an online, open-ended consumer line of credit of up to {money(creditLine.maxLimitCents)}. Once
          approved, you can take cash advances (called draws) whenever you need them, up to your available credit,
          without reapplying. As you repay, that credit becomes available to draw again.
        </p>,
      ),
      q(
        "who-offers",
        "Who offers this line of credit?",
        <p>
          Lines of credit are offered by {brand.lender} and funded by {brand.partnerBank}. {brand.servicer} services the
          accounts.
        </p>,
      ),
      q(
        "line-vs-loan",
        "How is a line of credit different from a loan?",
        <p>
          A loan gives you one lump sum. A line of credit lets you draw only what you need, when you need it, and your
          payments are based on what you have drawn. There is no need to apply again each time you need funds.
        </p>,
      ),
      q(
        "unused-line",
        "Does it cost anything to keep my line open?",
        <p>
          No. Applying is free and holding an unused line is free; fees apply only once you take a draw. A line that
          goes unused for a long time may be closed; learn more about <ClosureLink>how accounts are closed</ClosureLink>
          .
        </p>,
      ),
      q(
        "credit-reporting",
        "Will this affect my credit?",
        <p>
          When you apply, we request credit information from credit reporting agencies. We report the status of your
          account to a credit bureau, so on-time payments can help your credit and missed payments can hurt it.
        </p>,
      ),
    ],
  },
  {
    id: "eligibility",
    title: "Eligibility",
    items: [
      q(
        "requirements",
        "Who can apply?",
        <>
          <p>To apply, you must:</p>
          <ul>
            <li>Be at least {creditLine.minApplicantAge} years old and of legal age in your state</li>
            <li>Be a US citizen or permanent resident and live in the United States</li>
            <li>Have an active checking account and a steady source of income</li>
            <li>Have a verifiable identity and a valid phone number</li>
            <li>Have an active e-mail address and consent to receive disclosures electronically</li>
            <li>Pass our credit underwriting</li>
          </ul>
        </>,
      ),
      q(
        "states",
        "Is the line of credit available in every state?",
        <p>
          No. We do not currently accept new applications from residents of {listNames(stateNames(noBusinessStates))}.
          These states cannot be selected on the application.
        </p>,
      ),
      q(
        "military",
        "Can members of the military apply?",
        <p>We do not lend to active-duty members of the military, their spouses or their dependents.</p>,
      ),
      q(
        "credit-limit",
        "How much credit can I get?",
        <p>
          Lines of credit go up to {money(creditLine.maxLimitCents)}. New customers are approved for{" "}
          {money(creditLine.newCustomerMinLimitCents)} to {money(creditLine.newCustomerMaxLimitCents)}, in{" "}
          {money(creditLine.limitStepCents)} steps, based on our review of the application and income. To ask about a
          credit-limit increase, call {phone}.
        </p>,
      ),
    ],
  },
  {
    id: "application",
    title: "Application",
    items: [
      q(
        "how-to-apply",
        "How do I apply?",
        <p>
          Apply online in five short steps: personal information, address, income, pay frequency and banking. It takes
          only a few minutes, you get a decision right away, and applying is free.
        </p>,
      ),
      q(
        "what-you-need",
        "What information will I need?",
        <p>
          Have your Social Security number, home address, income details, pay dates and pay frequency, and the routing
          and account numbers of your checking account ready. We may send a one-time passcode to your phone or e-mail to
          verify your identity.
        </p>,
      ),
      q(
        "after-approval",
        "What happens after I am approved?",
        <p>
          You review and e-sign your line of credit agreement and confirm your information, and then you can request
          your first draw. Please read our <TermsLink /> before you apply.
        </p>,
      ),
      q(
        "not-approved",
        "What if my application is not approved or needs review?",
        <p>
          Some applications need more review, and some cannot be approved. Either way, you will see a page explaining
          what happens next. Questions? Call {phone}.
        </p>,
      ),
    ],
  },
  {
    id: "draw",
    title: "Draw",
    items: [
      q(
        "how-to-draw",
        "How do I request a draw?",
        <p>
          Log in to your account and choose an amount, or call {phone}. Draws start at {money(draws.minCents)} and go up
          in {money(draws.incrementCents)} increments, up to your available credit.
        </p>,
      ),
      q(
        "funding-time",
        "When will I get my money?",
        <>
          <p>
            A draw requested before {nextDayCutoff} on a banking business day is usually deposited the next business
            day. Requests made after the cut-off, on a Friday, on a weekend or on a holiday are usually deposited on the
            second business day.
          </p>
          <p>Same-day funding may be possible when your request is completed by {sameDayCutoff} on a business day.</p>
        </>,
      ),
      q(
        "business-days",
        "What is a banking business day?",
        <p>Monday through Friday, except Federal Reserve holidays: {listNames(federalReserveHolidays)}.</p>,
      ),
      q(
        "draw-unavailable",
        "Why can't I take a draw?",
        <ul>
          <li>Your account is past due; make a payment to bring it up to date.</li>
          <li>Your available credit is less than the minimum draw of {money(draws.minCents)}.</li>
          <li>Your account has been closed or charged off.</li>
          <li>Draws are currently unavailable in {listNames(stateNames(drawBlockedStates), "or")}.</li>
        </ul>,
      ),
    ],
  },
  {
    id: "cost-fees",
    title: "Cost & Fees",
    items: [
      q(
        "cost-of-credit",
        "How much does the line of credit cost?",
        <p>
          There are two fees: a cash advance fee on each draw, and a carried balance fee on each statement when you
          carry a balance. There is no fee to apply or to hold an unused line. The <FeeChartLink /> chart lists every
          fee by balance.
        </p>,
      ),
      q(
        "cash-advance-fee",
        "What is the cash advance fee?",
        <p>
          Each draw has a cash advance fee of {formatPercent(cashAdvanceFeeBps.biweekly)} if you are paid weekly,
          bi-weekly or semi-monthly, or {formatPercent(cashAdvanceFeeBps.monthly)} if you are paid monthly. The fee is
          deducted from the amount deposited, and the full draw is added to your balance. For example, on a{" "}
          {money(exampleDrawCents)} draw with monthly pay, the fee is{" "}
          {money(cashAdvanceFee(exampleDrawCents, "monthly"))} and you receive{" "}
          {money(amountReceived(exampleDrawCents, "monthly"))}.
        </p>,
      ),
      q(
        "carried-balance-fee",
        "What is the carried balance fee?",
        <p>
          A flat fee added when a statement is generated, based on your principal balance and billing cycle. There is
          none when your balance is {money(feeFreeBalanceCents)} or less. For example, a {money(exampleBalanceCents)}{" "}
          balance carries {money(carriedBalanceFee(exampleBalanceCents, "biweekly"))} on a bi-weekly or semi-monthly
          cycle, or {money(carriedBalanceFee(exampleBalanceCents, "monthly"))} on a monthly cycle.
        </p>,
      ),
      q(
        "minimum-payment",
        "How is my minimum payment calculated?",
        <p>
          It is the carried balance fee plus {formatPercent(minimumPaymentPrincipalBps.biweekly)} of your principal
          balance on a bi-weekly or semi-monthly cycle, or plus {formatPercent(minimumPaymentPrincipalBps.monthly)} on a
          monthly cycle. For a {money(exampleBalanceCents)} balance, that is {money(exampleMinimum("biweekly"))} or{" "}
          {money(exampleMinimum("monthly"))}.
        </p>,
      ),
      q(
        "early-payoff",
        "Is there a penalty for paying early or paying more?",
        <p>
          No. You can pay more than the minimum or pay off your balance at any time with no penalty. Paying down your
          principal also lowers future carried balance fees.
        </p>,
      ),
    ],
  },
  {
    id: "statement",
    title: "Statement & Account Information",
    items: [
      q(
        "billing-cycle",
        "How is my billing cycle set?",
        <>
          <p>Your billing cycle follows how often you are paid, and payments are due on your pay dates:</p>
          <ul>
            {Object.values(payFrequencies).map((f) => (
              <li key={f.label}>
                Paid {f.label.toLowerCase()}: {cycleLabels[f.cycle]} billing cycle
              </li>
            ))}
          </ul>
        </>,
      ),
      q(
        "statements",
        "When will I get my statement?",
        <p>
          A statement is generated at least {servicing.statementLeadDays} days before each due date, and your first
          payment is due at least {servicing.firstDueAfterDrawDays} days after your first draw. Statements are in the
          Documents area of your online account.
        </p>,
      ),
      q(
        "account-changes",
        "How do I change my payment date, billing cycle or credit limit?",
        <p>
          Call customer service at {phone} to change your payment date or billing cycle, ask for a credit-limit
          increase, or change your bank account.
        </p>,
      ),
      q(
        "account-closure",
        "How do I close my account, and when is an account closed automatically?",
        <>
          <p>You can close your account at any time by calling {phone}. We close an account automatically when:</p>
          <ul>
            <li>
              No draw is taken within {servicing.closeAfterMonthsWithoutDraw} months after the account is activated, or
            </li>
            <li>The balance has stayed at zero for {servicing.closeAfterYearsAtZero} years after a draw.</li>
          </ul>
          <p>
            We send a notice about {servicing.closureNoticeDays} days before an automatic closure. If your account is
            closed, you can apply again.
          </p>
        </>,
      ),
      q(
        "default",
        "What happens if I miss a payment?",
        <p>
          Your account is in default if you miss a payment by its due date, break the terms of your agreement, or if you
          gave us false information. A past-due account cannot take draws, and an account more than{" "}
          {servicing.chargeOffAfterDaysPastDue} days past due is charged off, with the full balance due. If you are
          having trouble paying, call an Account Specialist at {specialistPhone}.
        </p>,
      ),
    ],
  },
  {
    id: "payments",
    title: "Payments",
    items: [
      q(
        "how-payments",
        "How do I make payments?",
        <p>
          Payments are withdrawn by ACH from your checking account on your due dates. If you pay by paper check instead,
          allow an extra {servicing.paperCheckExtraBusinessDays.min} to {servicing.paperCheckExtraBusinessDays.max}{" "}
          business days.
        </p>,
      ),
      q(
        "one-time-payment",
        "Can I make an extra or one-time payment?",
        <p>
          Yes. Schedule a one-time payment of at least {money(servicing.minAchTransactionCents)} in your online account;
          you can have up to {servicing.maxPendingPayments} pending payments at a time. You can also pay by phone from
          your checking account or with a debit card, or mail a check, certified check or money order to{" "}
          {address.lines.join(", ")}.
        </p>,
      ),
      q(
        "payment-order",
        "How are my payments applied?",
        <p>
          Payments go to the earliest due date first: carried balance and other fees first, then the rest of the
          required payment, then any remaining principal balance.
        </p>,
      ),
      q(
        "ach-revocation",
        "Can I stop automatic payments?",
        <p>
          Yes. To revoke your ACH authorization, call {phone} at least {servicing.achRevocationNoticeDays} days before
          the payment date. You still need to make your payments another way.
        </p>,
      ),
    ],
  },
  {
    id: "contact",
    title: "Contact Us",
    items: [
      q(
        "phone",
        "How do I reach customer service?",
        <>
          <p>Call {phone}. Our hours are:</p>
          <ul>
            {hours.customerService.map((h) => (
              <li key={h.days}>
                {h.days}: {h.hours}
              </li>
            ))}
          </ul>
          <p>If your account is past due, call an Account Specialist at {specialistPhone}.</p>
        </>,
      ),
      q(
        "mail",
        "What is your mailing address?",
        <p>
          {brand.name}
          {address.lines.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </p>,
      ),
      q(
        "email",
        "Can I contact you by e-mail?",
        <>
          <ul>
            <li>Customer service: {mail(emails.customerService)}</li>
            <li>Late payments: {mail(emails.latePayments)}</li>
            <li>Ombudsman: {mail(emails.ombudsman)}</li>
            <li>
              Privacy requests: {mail(emails.privacy)} (
              {hours.privacyRequests.map((h) => `${h.days}, ${h.hours}`).join("; ")})
            </li>
          </ul>
          <p>
            You can also <Link to="/contact">send us a message with our contact form</Link>.
          </p>
        </>,
      ),
      q(
        "text-messages",
        "How do I stop text messages?",
        <p>Reply with any of these words to stop text messages: {listNames(smsStopKeywords, "or")}.</p>,
      ),
    ],
  },
];
