import * as v from "valibot";
import { required } from "#domain/application/fields";
import { nameText } from "#domain/application/schemas/personal";
import { optionalPhoneSchema } from "#domain/rules/phone";
import { accessMessages, emailField } from "./access.schema";

/**
 * The contact form (spec file 3, Contact request: firstName, lastName,
 * email, phone, messageCategory, message). One schema: the browser shows
 * its messages as the person types, the action re-checks it. The spec gives
 * no messages for this form; these follow the application's wording.
 */
export const MESSAGE_MAX = 2_000;

export const contactMessages = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  email: accessMessages.email,
  phone: "Please enter your 10-digit phone number, or leave it blank",
  messageCategory: "Please select what your message is about",
  message: "Please enter your message",
  messageTooLong: `Please shorten your message to ${MESSAGE_MAX.toLocaleString("en-US")} characters or fewer`,
} as const;

/** What the message is about; the label is what the platform receives. */
export const contactCategories = [
  { code: "account", label: "My Account" },
  { code: "payments", label: "Payments" },
  { code: "draws", label: "Cash Advances (Draws)" },
  { code: "documents", label: "Statements and Documents" },
  { code: "application", label: "My Application" },
  { code: "login", label: "Logging In" },
  { code: "other", label: "Something Else" },
] as const;

const categoryCodes = contactCategories.map((c) => c.code);

export const contactSchema = v.object({
  firstName: required(nameText(contactMessages.firstName)),
  lastName: required(nameText(contactMessages.lastName)),
  email: emailField,
  // Optional: empty, or a phone as people type it (the one phone rule).
  phone: required(optionalPhoneSchema(contactMessages.phone)),
  messageCategory: required(v.picklist(categoryCodes, contactMessages.messageCategory)),
  // The form's key (a hidden field): a retry after a lost answer sends the same key, so one message is stored.
  requestId: v.optional(v.pipe(v.string(), v.uuid())),
  message: required(
    v.pipe(
      v.string(contactMessages.message),
      v.trim(),
      v.nonEmpty(contactMessages.message),
      v.maxLength(MESSAGE_MAX, contactMessages.messageTooLong),
    ),
  ),
});

export type ContactInput = v.InferInput<typeof contactSchema>;
export type Contact = v.InferOutput<typeof contactSchema>;

export function categoryLabel(code: string): string {
  return contactCategories.find((c) => c.code === code)?.label ?? code;
}

/** The contact limit's message (with when to try again beside it: `retryAfterSeconds`). */
export const CONTACT_TOO_MANY = "You've sent several messages in a short time.";
