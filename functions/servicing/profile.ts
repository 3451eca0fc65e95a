import { formatPhone } from "../../app/lib/format";
import { brand, phones } from "../config";
import { preferenceNotice, textsNotifications, type ContactRecord } from "../rules/preferences";
import type { OutgoingMessage } from "./messages";

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
 * 4): an e-mail to the account's (new) address, and a text when there is a
 * cell phone to send it to. Someone else changing the details is the reason
 * these exist, so both say whom to call.
 */
export function profileNotifications(customer: { id: string; firstName: string }, before: ContactRecord, after: ContactRecord): OutgoingMessage[] {
  const summary = changeSummary(before, after);
  const notNow = `If you did not make this change, call us at ${formatPhone(phones.contact)}.`;
  const messages: OutgoingMessage[] = [
    {
      channel: "email",
      recipient: after.email,
      subject: `Your ${brand.name} preferences were updated`,
      body: `Hello ${customer.firstName}, the contact preferences on your ${brand.name} account were updated. ${summary} ${notNow}`,
      customerId: customer.id,
    },
  ];
  if (textsNotifications(after)) {
    messages.push({
      channel: "sms",
      recipient: after.mobilePhone,
      body: `${brand.name}: your account preferences were updated. ${summary} ${notNow}`,
      customerId: customer.id,
    });
  }
  return messages;
}
