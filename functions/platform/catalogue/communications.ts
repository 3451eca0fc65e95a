import * as v from "valibot";
import { defineCall, Digits, Email, Status, Text, withToken } from "./define";

/** E-mail through the provider (the outbox by default). */
export const SendEmail = defineCall({
  method: "POST",
  path: "Communications/SendEmail",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    to: Email,
    subject: v.pipe(Text(200), v.minLength(1, "Required.")),
    previewText: v.optional(Text(200), ""),
    body: v.pipe(Text(10_000), v.minLength(1, "Required.")),
    customerId: v.optional(v.string()),
  }),
  answer: Status,
});

export const SendSms = defineCall({
  method: "POST",
  path: "Communications/SendSMS",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ to: Digits(10), message: v.pipe(Text(640), v.minLength(1, "Required.")), customerId: v.optional(v.string()) }),
  answer: Status,
});

/** Is this number a mobile line (texts offered) or a landline (calls only)? */
export const CheckLineType = defineCall({
  method: "POST",
  path: "Communications/CheckLineType",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ phonenumber: Digits(10) }),
  answer: withToken({ lineType: v.picklist(["Mobile", "Landline"]) }),
});

const OtpSent = withToken({ ewSID: v.string(), replyTo: v.string(), statusCode: v.string() });

/** Sends a one-time passcode by text; ewSID names the challenge for VerifySMSOTP. */
export const SendSmsOtp = defineCall({
  method: "POST",
  path: "Communications/SendSMSOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ phoneNumber: Digits(10), CustId: v.optional(v.string(), ""), ewSID: v.optional(v.string()) }),
  answer: OtpSent,
});

/** Reads the passcode out in a phone call. */
export const PinDelivery = defineCall({
  method: "POST",
  path: "Communications/PinDelivery",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ phoneNumber: Digits(10), CustId: v.optional(v.string(), ""), ewSID: v.optional(v.string()) }),
  answer: OtpSent,
});

/** E-mails the passcode. */
export const SendEmailOtp = defineCall({
  method: "POST",
  path: "Communications/SendEmailOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ email: Email, CustId: v.optional(v.string(), ""), ewSID: v.optional(v.string()) }),
  answer: OtpSent,
});

/**
 * statusCode "0" success; "1" wrong; "2" expired; "3" too many wrong entries;
 * "4" unknown or already used. Passing an existing ewSID to a send call resends.
 */
export const VerifySmsOtp = defineCall({
  method: "POST",
  path: "Communications/VerifySMSOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ pin: v.pipe(v.string(), v.regex(/^\d{6}$/, "Six digits.")), ewSID: v.pipe(v.string(), v.minLength(1, "Required.")) }),
  answer: withToken({ statusCode: v.string(), wrongAttempts: v.number() }),
});

/** Records the outcome of a phone-call verification (the spec's LogTransaction, LogTypeId 1). */
export const LogTransaction = defineCall({
  method: "POST",
  path: "Communications/LogTransaction",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ LogTypeId: v.literal(1), request: v.pipe(Text(500), v.minLength(1, "Required.")), CustId: v.optional(v.string(), "") }),
  answer: Status,
});
