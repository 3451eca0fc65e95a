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
