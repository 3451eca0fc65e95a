import * as v from "valibot";
import { defineCall, Empty, Text, withToken } from "./define";

/**
 * The records the law requires be kept (decision record 033): the consent to electronic records
 * (E-SIGN Act §101(c)), as given at signing and withdrawn from Preferences.
 */
const ConsentEvent = v.object({
  event: v.picklist(["given", "withdrawn"]),
  disclosureVersion: v.string(),
  disclosureSha256: v.string(),
  at: v.pipe(v.string(), v.isoTimestamp()),
  ipAddress: v.string(),
  userAgent: v.string(),
});

/** The caller's consent record, oldest first; `withdrawn` once they withdrew it. */
export const GetElectronicConsent = defineCall({
  method: "POST",
  path: "Records/GetElectronicConsent",
  auth: "customer",
  payloadIn: "body",
  payload: Empty,
  answer: withToken({ events: v.array(ConsentEvent), withdrawn: v.boolean() }),
});

/**
 * The caller withdraws their consent to electronic records. This product is online only: their
 * line closes to new draws (closed at once when nothing is owed), the withdrawal is recorded with
 * the device it came from, and customer service is told, to send records on paper.
 */
export const WithdrawElectronicConsent = defineCall({
  method: "POST",
  path: "Records/WithdrawElectronicConsent",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ ipAddress: Text(45), userAgent: Text(512) }),
  answer: withToken({ status: v.boolean(), line: v.picklist(["closed", "closing", "unchanged"]) }),
});
