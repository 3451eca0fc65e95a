import * as v from "valibot";
import { Digits, defineCall, Email, Empty, Status, Text, withToken } from "./define";

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
  payload: v.object({
    to: Digits(10),
    message: v.pipe(Text(640), v.minLength(1, "Required.")),
    customerId: v.optional(v.string()),
  }),
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

/**
 * statusCode 0: sent; 5: the resend limit (nothing sent); 6: not sent, the
 * channel asked not to be sent to (a number that texted STOP) and the borrower
 * has no other; 7: not sent, this identity's passcode is locked by too many
 * wrong entries. `sentBy`: how the code really went, when another channel
 * stood in for one that is stopped.
 */
const OtpSent = withToken({
  ewSID: v.string(),
  replyTo: v.string(),
  statusCode: v.string(),
  resend: v.boolean(),
  sentBy: v.optional(v.picklist(["sms", "voice", "email"])),
});

/**
 * ewSID names the identity whose passcode this is (one active code each);
 * purpose decides the withdrawal reason if the wrong-entry limit is reached.
 */
const OtpTarget = {
  CustId: v.optional(v.string(), ""),
  ewSID: v.optional(v.pipe(v.string(), v.minLength(8), v.maxLength(120))),
  purpose: v.optional(v.picklist(["forgot", "create", "esign"]), "forgot"),
};

/** Sends a one-time passcode by text; ewSID names the challenge for VerifySMSOTP. */
export const SendSmsOtp = defineCall({
  method: "POST",
  path: "Communications/SendSMSOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ phoneNumber: Digits(10), ...OtpTarget }),
  answer: OtpSent,
});

/** Reads the passcode out in a phone call. */
export const PinDelivery = defineCall({
  method: "POST",
  path: "Communications/PinDelivery",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ phoneNumber: Digits(10), ...OtpTarget }),
  answer: OtpSent,
});

/** E-mails the passcode. */
export const SendEmailOtp = defineCall({
  method: "POST",
  path: "Communications/SendEmailOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ email: Email, ...OtpTarget }),
  answer: OtpSent,
});

/**
 * statusCode "0" success; "1" wrong; "2" expired; "3" too many wrong entries
 * (the customer's pending application is withdrawn); "4" unknown or used.
 * Send calls answer "5" when the resend limit is reached or the code is locked.
 */
export const VerifySmsOtp = defineCall({
  method: "POST",
  path: "Communications/VerifySMSOTP",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    pin: v.pipe(v.string(), v.regex(/^\d{6}$/, "Six digits.")),
    ewSID: v.pipe(v.string(), v.minLength(1, "Required.")),
  }),
  answer: withToken({ statusCode: v.string(), wrongAttempts: v.number() }),
});

/** Records the outcome of a phone-call verification (the spec's LogTransaction, LogTypeId 1). */
export const LogTransaction = defineCall({
  method: "POST",
  path: "Communications/LogTransaction",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    LogTypeId: v.literal(1),
    request: v.pipe(Text(500), v.minLength(1, "Required.")),
    CustId: v.optional(v.string(), ""),
  }),
  answer: Status,
});

/** What became of a message: queued, handed to the provider, delivered, not delivered, or not sent (the channel said STOP). */
export const MessageStatus = v.picklist(["queued", "held", "sent", "delivered", "failed", "suppressed"]);

/**
 * The last messages sent to the signed-in borrower, newest first (issue 18):
 * by which channel, about what, when and what became of each. Never a
 * passcode, a link or the address it went to.
 */
export const GetMessages = defineCall({
  method: "POST",
  path: "Communications/GetMessages",
  auth: "customer",
  payloadIn: "body",
  payload: Empty,
  answer: withToken({
    messages: v.array(
      v.object({
        channel: v.picklist(["email", "sms", "voice"]),
        about: v.string(),
        sentAt: v.pipe(v.string(), v.isoTimestamp()),
        status: MessageStatus,
      }),
    ),
  }),
});
