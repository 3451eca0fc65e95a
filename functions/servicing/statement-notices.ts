import { brand, phones } from "#domain/config";
import { formatDate, formatMoney, formatPhone, plural, yearsAndMonths } from "#domain/format";
import type { IssuedStatement, StatementNotices } from "./engine/index";

/**
 * The notices a periodic statement carries besides its figures (0-decisions.md, "Notices and
 * records the law requires"; issue 35), in one place: the PDF prints them, and any other view
 * of a statement takes them from here. Each is printed from what the statement stored when it
 * was issued (its edition, its figures, the address and the days it named), so an issued
 * statement says the same for ever; one issued before statements carried them prints none.
 * A change of wording is a new edition beside this one (config statementNotices.edition).
 */
export interface NoticeSection {
  heading: string;
  paragraphs: string[];
}

/** The warning's months as words, shared with the payments page (#domain/format). */
export { yearsAndMonths };

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Minimum Payment Warning. Regulation Z §1026.7(b)(12)(i) and model form G-18(C)'s table,
 * adapted: this line charges carried balance fees, not interest, so the cost shown is those
 * fees; the repayment estimate is the engine's projection stored at issue (§1026.7(b)(12)(i)(B)
 * to (D)); §1026.7(b)(12)(iv)'s pointer to credit counseling is our own phone and the CFPB's tools.
 */
function minimumPaymentWarning(statement: IssuedStatement, notices: StatementNotices): NoticeSection {
  const { payoffStatements: count, payoffMonths: months, payoffFeesCents: fees } = notices;
  const estimate =
    count === 0
      ? "There is no balance on this statement to pay off."
      : count === null || months === null || fees === null
        ? `If you make no more draws and pay only the minimum payment by each due date, the balance shown on this statement (${money(statement.newBalanceCents)}) will never be paid off.`
        : `If you make no more draws and pay only the minimum payment by each due date, you will pay off the balance shown on this statement (${money(statement.newBalanceCents)}) in about ${plural(count, "statement")} (${yearsAndMonths(months)}), and you will pay an estimated ${money(fees)} in carried balance fees: an estimated total of ${money(statement.principalCents + fees)}.`;
  return {
    heading: "Minimum Payment Warning",
    paragraphs: [
      "If you make only the minimum payment each period, you will pay more in carried balance fees and it will take you longer to pay off your balance.",
      estimate,
      "Paying more than the minimum lowers your principal, and with it the carried balance fee and the minimum of your next statements.",
      `For information about credit counseling services, call ${formatPhone(phones.customerService)} or visit ${brand.financialEducationUrl}.`,
    ],
  };
}

/**
 * Late Payment Warning. Regulation Z §1026.7(b)(11) and model form G-18(C)'s "Late Payment
 * Warning", adapted to this product's real consequences: there is no late fee and no penalty
 * rate; the account becomes past due (draws stop) and is charged off after the days stored.
 */
function latePaymentWarning(statement: IssuedStatement, notices: StatementNotices): NoticeSection {
  return {
    heading: "Late Payment Warning",
    paragraphs: [
      `If we do not receive your minimum payment by the due date (${formatDate(statement.dueDate)}), your account becomes past due. We charge no late fee. While your account is past due you cannot make draws, and the unpaid amount is added to the minimum due on your next statement.`,
      `If your account is more than ${notices.chargeOffAfterDays} days past due, it is charged off: your full balance is due at once, there is no longer a minimum payment option, and you can no longer make draws. Your line of credit closes once the balance is paid in full.`,
    ],
  };
}

/**
 * Billing Rights Summary. Regulation Z §1026.7(b)(9) and model form G-4 ("What To Do If You Think
 * You Find A Mistake On Your Statement"), adapted: no card purchases (its second part does not
 * apply), and carried balance fees where the form says interest. The address for billing-error
 * notices (§1026.7(b)(9)) is the one the statement stored.
 */
function billingRights(notices: StatementNotices): NoticeSection {
  return {
    heading: "What To Do If You Think You Find A Mistake On Your Statement",
    paragraphs: [
      `If you think there is an error on your statement, write to us at: ${notices.billingErrorAddress.join(", ")}.`,
      "In your letter, give us the following information: Account information: your name and account number. Dollar amount: the dollar amount of the suspected error. Description of problem: if you think there is an error on your statement, describe what you believe is wrong and why you believe it is a mistake.",
      "You must contact us within 60 days after the error appeared on your statement. You must notify us of any potential errors in writing. You may call us, but if you do we are not required to investigate any potential errors and you may have to pay the amount in question.",
      "While we investigate whether or not there has been an error, the following are true: We cannot try to collect the amount in question, or report you as delinquent on that amount. The amount in question may remain on your statement, and it may still count in the principal on which your carried balance fee is billed. But, if we determine that we made a mistake, you will not have to pay the amount in question or any fees related to that amount. While you do not have to pay the amount in question, you are responsible for the remainder of your balance. We can apply any unpaid amount against your credit limit.",
    ],
  };
}

const editions: Record<
  number,
  (statement: IssuedStatement, notices: StatementNotices) => { warnings: NoticeSection[]; rights: NoticeSection[] }
> = {
  1: (statement, notices) => ({
    warnings: [minimumPaymentWarning(statement, notices), latePaymentWarning(statement, notices)],
    rights: [billingRights(notices)],
  }),
};

/**
 * A statement's notices as issued: the warnings (printed beside the payment due) and the billing
 * rights (printed at the end); none for a statement issued before statements carried them.
 */
export function statementNoticesOf(statement: IssuedStatement): { warnings: NoticeSection[]; rights: NoticeSection[] } {
  const notices = statement.notices;
  if (!notices) return { warnings: [], rights: [] };
  const edition = editions[notices.edition];
  if (!edition)
    throw new Error(`Statement ${statement.id} names notices edition ${notices.edition}, which is not kept`);
  return edition(statement, notices);
}
