import * as v from "valibot";
import { defineCall, Email, Empty, Name, OptionalPhone, Text, withToken } from "./define";

/** Device-fingerprint fraud check: a provider hook, off by default. */
export const IovationConfig = defineCall({
  method: "GET",
  path: "Iovations/Config",
  auth: "merchant",
  payloadIn: "query",
  payload: Empty,
  answer: withToken({ status: v.boolean() }),
});

export const IovationProcess = defineCall({
  method: "POST",
  path: "Iovations/Process",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ ipAddress: Text(45), blackBoxData: v.optional(Text(20_000), "") }),
  answer: withToken({ status: v.boolean(), result: v.picklist(["allow", "review", "deny"]) }),
});

export const ContactUs = defineCall({
  method: "POST",
  path: "ContactUs/ContactUs",
  auth: "none",
  payloadIn: "body",
  payload: v.object({
    contactEmail: Email,
    messageCategory: v.pipe(Text(60), v.minLength(1, "Required.")),
    messageBody: v.pipe(Text(2_000), v.minLength(1, "Required.")),
    firstName: Name,
    lastName: Name,
    contactPhone: OptionalPhone,
    /** The sender's key for this message: the same key is stored (and acknowledged) once. */
    requestId: v.optional(v.pipe(v.string(), v.uuid("requestId is a UUID."))),
  }),
  answer: v.object({ success: v.boolean() }),
});
