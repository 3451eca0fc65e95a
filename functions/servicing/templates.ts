import { brand, hours, phones, security } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";
import type { MessageCategory, OutgoingMessage } from "./message";

/**
 * Every message the product sends, by name (issue 18): its channel, subject
 * and text. Each e-mail ends with who we are and how to reach a person
 * (company name, phone and hours from the configuration); a marketing text
 * ends with the opt-out line. An e-mail's HTML part is made from the same
 * text at delivery (email-html.tsx, with React Email), so the two never disagree.
 *
 * A template's `category` decides what a suppressed channel means for it
 * (outgoing.ts): a passcode fails over to another channel, a service or
 * marketing message to a number that texted STOP is not sent.
 */

export type TemplateName =
  | "passcode"
  | "resetLink"
  | "accountReady"
  | "drawReceived"
  | "paymentScheduled"
  | "autopayUpcoming"
  | "paymentPosted"
  | "paymentReturned"
  | "statementReady"
  | "pastDue"
  | "chargedOff"
  | "closureNotice"
  | "closed"
  | "preferencesChanged"
  | "emailChanged"
  | "accountChanged"
  | "contactAcknowledgement"
  | "platformEmail"
  | "platformText"
  | "adverseAction"
  | "esignReminder"
  | "esignLastReminder"
  | "approvalLapsed";

export type { MessageCategory } from "./message";

/** What each message is about, in the borrower's words (Preferences lists them; a text or call has no subject). */
export const templateTitles: Record<TemplateName, string> = {
  passcode: "Your passcode",
  resetLink: "Reset your password",
  accountReady: "Your line of credit is ready",
  drawReceived: "Your draw request was received",
  paymentScheduled: "Your payment is scheduled",
  autopayUpcoming: "Your automatic payment is coming up",
  paymentPosted: "Your payment was posted",
  paymentReturned: "Your payment was returned",
  statementReady: "Your statement is ready",
  pastDue: "Your payment is past due",
  chargedOff: "Your account has been charged off",
  closureNotice: "Your line of credit will close soon",
  closed: "Your line of credit is closed",
  preferencesChanged: "Your preferences were updated",
  emailChanged: "Your email address was changed",
  accountChanged: "Your account was changed at your request",
  contactAcknowledgement: "We received your message",
  platformEmail: "A message from us",
  platformText: "A message from us",
  adverseAction: "About your application",
  esignReminder: "Your line of credit is waiting for your signature",
  esignLastReminder: "Your approval ends tomorrow",
  approvalLapsed: "Your approval has ended",
};

/** A message ready for the dispatch queue: what to send, under which template. */
export interface TemplatedMessage extends OutgoingMessage {
  template: TemplateName;
  category: MessageCategory;
}

const money = (cents: number) => formatMoney(cents, { cents: true });
const servicePhone = formatPhone(phones.customerService);

/** The close of every e-mail: the company, its phone and its hours. */
export const emailSignOff = [
  `${brand.name} Customer Service`,
  `${servicePhone}, ${hours.customerService.map((h) => `${h.days} ${h.hours}`).join("; ")}`,
].join("\n");

/** The line every marketing text ends with (the spec's stop keywords). */
export const smsOptOutLine = "Reply STOP to opt out.";

type Person = { id: string; firstName: string; email: string };

export function email(
  template: TemplateName,
  to: Person | { email: string; id?: string | null; firstName: string },
  subject: string,
  text: string,
  category: MessageCategory = "service",
): TemplatedMessage {
  return {
    template,
    category,
    channel: "email",
    recipient: to.email,
    subject,
    body: `Hello ${to.firstName}, ${text}\n\n${emailSignOff}`,
    customerId: to.id ?? null,
  };
}

/** A text: the brand first (people read the sender there), the opt-out line on marketing. */
export function text(
  template: TemplateName,
  to: { phone: string; customerId?: string | null },
  words: string,
  category: MessageCategory = "service",
): TemplatedMessage {
  const body = `${brand.name}: ${words}${category === "marketing" ? ` ${smsOptOutLine}` : ""}`;
  return { template, category, channel: "sms", recipient: to.phone, body, customerId: to.customerId ?? null };
}

/** A passcode by text, call or e-mail: the code travels only as the message's secret. */
export function passcode(
  channel: "sms" | "voice" | "email",
  recipient: string,
  code: string,
  customerId: string | null,
): TemplatedMessage {
  const minutes = security.passcodeValidMinutes;
  const base = { template: "passcode" as const, category: "passcode" as const, channel, recipient, customerId };
  if (channel === "voice")
    // The outbox shows the digits one by one, as the call reads them.
    return {
      ...base,
      body: `Your ${brand.name} passcode is {{code}}. It expires in ${minutes} minutes.`,
      secrets: { code: code.split("").join(" ") },
    };
  return {
    ...base,
    subject: channel === "email" ? `Your ${brand.name} passcode` : "",
    body: `Your ${brand.name} passcode is {{code}}. It expires in ${minutes} minutes. Never share it.`,
    secrets: { code },
  };
}

export const templates = {
  resetLink: (to: Person, link: string) => ({
    ...email(
      "resetLink",
      to,
      "Reset your password",
      "use this link within 30 minutes to reset your password: {{link}}",
    ),
    secrets: { link },
  }),
  accountReady: (to: Person, draw: { cents: number; fundingDate: string } | null) =>
    email(
      "accountReady",
      to,
      "Your line of credit is ready",
      `your ${brand.name} line of credit is ready. You can log in to see your account at any time.${
        draw
          ? ` Your first draw of ${money(draw.cents)} is on its way: it may show in your bank account as soon as ${formatDate(draw.fundingDate)}.`
          : " To request your first draw, log in and choose Draw."
      }`,
    ),
  drawReceived: (to: Person, d: { cents: number; feeCents: number; fundingDate: string; id: number; bank: string }) =>
    email(
      "drawReceived",
      to,
      "Your draw request was received",
      `we received your draw request of ${money(d.cents)} (transaction ID ${d.id}). A cash advance fee of ${money(d.feeCents)} is kept from it, so ${money(d.cents - d.feeCents)} will be deposited to ${d.bank} on ${formatDate(d.fundingDate)}. Your balance grows by the full ${money(d.cents)}.`,
    ),
  paymentScheduled: (to: Person, p: { cents: number; date: string; id: number; bank: string }) =>
    email(
      "paymentScheduled",
      to,
      "Your payment is scheduled",
      `your one-time payment of ${money(p.cents)} from ${p.bank} is scheduled for ${formatDate(p.date)}. Your confirmation number is ${p.id}.`,
    ),
  autopayUpcoming: (to: Person, p: { cents: number; date: string }) =>
    email(
      "autopayUpcoming",
      to,
      "Your automatic payment is coming up",
      `your automatic payment of ${money(p.cents)} will be taken from your bank account on ${formatDate(p.date)}. Please make sure the money is in the account that day.`,
    ),
  paymentPosted: (to: Person, p: { cents: number; date: string }) =>
    email(
      "paymentPosted",
      to,
      "Your payment was posted",
      `your payment of ${money(p.cents)} was posted to your account on ${formatDate(p.date)}. Log in to see your balance.`,
    ),
  paymentReturned: (to: Person, p: { cents: number; postedOn: string }) =>
    email(
      "paymentReturned",
      to,
      "Your payment was returned",
      `your payment of ${money(p.cents)} from ${formatDate(p.postedOn)} was returned by your bank (insufficient funds). The amount it paid is owed again; please make a payment to keep your account up to date.`,
    ),
  statementReady: (
    to: Person,
    s: { statementDate: string; dueDate: string; minimumDueCents: number; automatic: boolean },
  ) =>
    email(
      "statementReady",
      to,
      "Your statement is ready",
      `your statement of ${formatDate(s.statementDate)} is ready: log in and choose Documents to read it. ${
        s.minimumDueCents <= 0
          ? "No payment is due this cycle."
          : s.automatic
            ? `Your automatic payment of ${money(s.minimumDueCents)} will be taken from your bank account on ${formatDate(s.dueDate)}.`
            : `Your minimum payment of ${money(s.minimumDueCents)} is due on ${formatDate(s.dueDate)}.`
      }`,
    ),
  notice: (
    template: "pastDue" | "chargedOff" | "closureNotice" | "closed",
    to: Person,
    subject: string,
    words: string,
  ) => email(template, to, subject, words),
  preferencesChanged: (to: Person, summary: string, notNow: string) =>
    email(
      "preferencesChanged",
      to,
      `Your ${brand.name} preferences were updated`,
      `the contact preferences on your ${brand.name} account were updated. ${summary} ${notNow}`,
    ),
  emailChanged: (to: Person, newAddressMasked: string, notNow: string) =>
    email(
      "emailChanged",
      to,
      `Your ${brand.name} email address was changed`,
      `the email address on your ${brand.name} account was changed to ${newAddressMasked}. We will no longer send account emails to this address. ${notNow}`,
    ),
  /** A change customer service made on the borrower's call (issue 20): what changed, in the borrower's words. */
  accountChanged: (to: Person, change: { subject: string; words: string }) =>
    email("accountChanged", to, change.subject, `${change.words} If you did not ask for this, call us.`),
  contactAcknowledgement: (to: { email: string; firstName: string }) =>
    email(
      "contactAcknowledgement",
      { ...to, id: null },
      "We received your message",
      "thank you for contacting us. We will reply within one business day.",
    ),
} as const;
