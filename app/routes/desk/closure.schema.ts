import * as v from "valibot";
import { deskFormKey, deskReason, FORM_EXPIRED } from "./payment.schema";

/** CLOSE THE LINE or CANCEL the closure request: why (the borrower's request, by phone). */
export const ClosureSchema = v.object({
  reason: deskReason("Give the reason for this change."),
  key: deskFormKey(FORM_EXPIRED),
});
