import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { users } from "#db/schema/servicing";
import { EMAIL_CHANGE_REFUSALS } from "#domain/catalogue/account";
import { phones } from "#domain/config";
import { formatPhone } from "#domain/format";
import { sameEmail } from "#domain/rules/email";
import { type ContactRecord, preferenceNotice, textsNotifications } from "#domain/rules/preferences";
import { ServicingError } from "./context";
import { maskEmail } from "./messages";
import { checkPassword } from "./password-check";
import { type TemplatedMessage, templates, text } from "./templates";

/** What changed, in the words of the notification. */
function changeSummary(before: ContactRecord, after: ContactRecord): string {
  switch (preferenceNotice(before, after)) {
    case "EMAIL":
      return `Your email address is now ${after.email}.`;
    case "SMSPHONE":
    case "EMAILPHONE":
      return "Your phone number was updated.";
    case "EMAIL&PHONE":
      return `Your email address is now ${after.email}, and your phone number was updated.`;
    default:
      return "Your marketing choices were updated.";
  }
}

/**
 * After a profile update, the borrower hears about it (spec file 3, section
 * 4): an e-mail to the account's (new) address, one to the old address when
 * the e-mail changed, and a text when there is a cell phone to send it to. Someone else changing the details is the reason
 * these exist, so both say whom to call.
 */
export function profileNotifications(
  customer: { id: string; firstName: string },
  before: ContactRecord,
  after: ContactRecord,
): TemplatedMessage[] {
  const summary = changeSummary(before, after);
  const notNow = `If you did not make this change, call us at ${formatPhone(phones.contact)}.`;
  const messages = [templates.preferencesChanged({ ...customer, email: after.email }, summary, notNow)];
  // The old address hears of the change too: if someone else made it, that is where the borrower still reads.
  if (!sameEmail(before.email, after.email))
    messages.push(templates.emailChanged({ ...customer, email: before.email }, maskEmail(after.email), notNow));
  if (textsNotifications(after))
    messages.push(
      text(
        "preferencesChanged",
        { phone: after.mobilePhone, customerId: customer.id },
        `your account preferences were updated. ${summary} ${notNow}`,
      ),
    );
  return messages;
}

/**
 * A change of the sign-in e-mail needs the current password, checked as a
 * login checks it (wrong ones count towards the lock). Throws the refusal
 * (422, `fields.currentPassword`), having changed nothing but the count.
 */
export async function confirmEmailChange(
  db: Database,
  customerId: string,
  password: string | undefined,
  now: number,
): Promise<void> {
  const user = await db.select().from(users).where(eq(users.customerId, customerId)).get();
  const refuse = (message: string, code: string) => new ServicingError(422, message, { currentPassword: code });
  if (!user) throw refuse("Create a password before changing the email address.", EMAIL_CHANGE_REFUSALS.noPassword);
  // Nothing typed is not an attempt: it is not counted.
  if (!password)
    throw refuse("The current password is required to change the email address.", EMAIL_CHANGE_REFUSALS.incorrect);
  const { result } = await checkPassword(db, user, password, now, "email-change");
  if (result === "wrong") throw refuse("The current password is not correct.", EMAIL_CHANGE_REFUSALS.incorrect);
  if (result !== "ok")
    throw refuse("The account is locked after too many wrong passwords.", EMAIL_CHANGE_REFUSALS.locked);
}
