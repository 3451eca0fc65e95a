import { brand, type PayFrequency, payFrequencies } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import { reopenUntil } from "#domain/rules/closure";

/**
 * What a borrower is told by e-mail after customer service changed their
 * line on their call (issue 20): the change in their words, with the dates
 * and figures that follow from it. Sent once the change is written.
 */
type Notice = { subject: string; words: string };
const money = (cents: number) => formatMoney(cents, { cents: true });
const line = `your ${brand.name} line of credit`;

export const deskNotices = {
  limit: (beforeCents: number, afterCents: number): Notice => ({
    subject: `Your ${brand.name} credit limit changed`,
    words: `the credit limit of ${line} is now ${money(afterCents)} (it was ${money(beforeCents)}). Your available credit follows the new limit.`,
  }),
  schedule: (frequency: PayFrequency, firstDueDate: string | null): Notice => ({
    subject: `Your ${brand.name} payment due dates changed`,
    words: `your pay schedule is now ${payFrequencies[frequency].label.toLowerCase()}, and your payment due dates follow your new pay dates. Statements already issued keep their due dates. ${
      firstDueDate
        ? `Your first due date on the new schedule is ${formatDate(firstDueDate)}.`
        : "Your first statement will be due on one of your new pay dates."
    }`,
  }),
  autopayRevoked: (endsOn: string, stillPosts: { date: string; amountCents: number } | null): Notice => ({
    subject: `Your ${brand.name} automatic payments are stopped`,
    words: `as you asked, we will not take automatic payments from your bank account on or after ${formatDate(endsOn)}.${
      stillPosts
        ? ` The automatic payment of ${money(stillPosts.amountCents)} on ${formatDate(stillPosts.date)} was too close to stop and will still be taken.`
        : ""
    } Please pay each minimum payment by its due date another way.`,
  }),
  autopayAuthorized: (): Notice => ({
    subject: `Your ${brand.name} automatic payments are on`,
    words: `as you authorized on your call, from your next due date we will take the minimum payment due from your bank account on each due date.`,
  }),
  closing: (): Notice => ({
    subject: `Your ${brand.name} line of credit will close when paid`,
    words: `as you asked, ${line} will close once it is paid in full and nothing is scheduled. Until then no draws are available, and payments are still due as before.`,
  }),
  closed: (today: string): Notice => ({
    subject: `Your ${brand.name} line of credit is closed`,
    words: `as you asked, ${line} is closed. If you change your mind, call us by ${formatDate(reopenUntil(today))} to reopen it.`,
  }),
  closureCancelled: (): Notice => ({
    subject: `Your ${brand.name} line of credit stays open`,
    words: `as you asked, your request to close ${line} is cancelled: it stays open.`,
  }),
  reopened: (limitCents: number): Notice => ({
    subject: `Your ${brand.name} line of credit is open again`,
    words: `as you asked, ${line} is open again, with its credit limit of ${money(limitCents)}.`,
  }),
};
