import * as v from "valibot";
import { parseUsDate } from "#domain/application/fields";
import { moneyInputSchema, PAYMENT_NOT_AN_AMOUNT } from "#domain/rules/money-input";

/**
 * TAKE PAYMENT on the desk (issue 20): a one-time payment by phone. The
 * amount and date rules are the servicing core's (the portal's Other Amount:
 * $10 to the payoff, a business day in the widest window, three pending at
 * most); this form checks only what a person types, and that the agent
 * recorded the borrower's spoken authorization and a reason.
 */
export const phonePaymentMessages = {
  date: "Enter the payment date as MM/DD/YYYY.",
  reason: "Give the reason for this payment.",
  authorized: "Read the authorization to the borrower and tick that they agreed.",
  key: "The form has expired. Please enter the payment again.",
} as const;

/** Every desk action's reason (the audit log's), and its form key (8-100 letters, digits, - or _). */
export const deskReason = (message: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(500, "At most 500 characters."));
export const deskFormKey = (message: string) => v.pipe(v.string(), v.regex(/^[\w-]{8,100}$/, message));
/** Every desk form's key but the payment's (which says what to enter again). */
export const FORM_EXPIRED = "This form has expired. Please fill it in again.";

export const PhonePaymentSchema = v.object({
  amount: moneyInputSchema(PAYMENT_NOT_AN_AMOUNT),
  date: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => parseUsDate(text) !== null, phonePaymentMessages.date),
    v.transform((text) => parseUsDate(text)!),
  ),
  reason: deskReason(phonePaymentMessages.reason),
  authorized: v.literal("on", phonePaymentMessages.authorized),
  key: deskFormKey(phonePaymentMessages.key),
});

export type PhonePaymentFields = Record<"amount" | "date" | "reason" | "authorized", string>;

/** CANCEL PAYMENT: which scheduled payment, and why (the borrower's revocation, by phone). */
export const CancelPaymentSchema = v.object({
  transactionId: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Choose the payment to cancel."), v.transform(Number)),
  reason: deskReason("Give the reason for cancelling."),
  key: deskFormKey(FORM_EXPIRED),
});

/** UNLOCK SIGN-IN: why (the borrower proved who they are on the call). */
export const UnlockSchema = v.object({
  reason: deskReason("Give the reason for unlocking."),
  key: deskFormKey(FORM_EXPIRED),
});

/** SEND A RESET LINK: why (the borrower proved who they are on the call). */
export const ResetLinkSchema = v.object({
  reason: deskReason("Give the reason for sending a reset link."),
  key: deskFormKey(FORM_EXPIRED),
});

/** RESEND A PASSCODE (decision record 027): which contact on file, and why (the code never came). */
export const PasscodeResendSchema = v.object({
  channel: v.picklist(["sms", "voice", "email"] as const, "Choose how to send the passcode."),
  reason: deskReason("Give the reason for resending the passcode."),
  key: deskFormKey(FORM_EXPIRED),
});
