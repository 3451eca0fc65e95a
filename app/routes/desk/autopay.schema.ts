import * as v from "valibot";
import { deskFormKey, deskReason, FORM_EXPIRED, phonePaymentMessages } from "./payment.schema";

/** REVOKE automatic payments: why (the borrower's revocation, by phone). */
export const RevokeAutopaySchema = v.object({
  reason: deskReason("Give the reason for this change."),
  key: deskFormKey(FORM_EXPIRED),
});

/** AUTHORIZE automatic payments: the authorization read to the borrower and agreed, and why. */
export const AuthorizeAutopaySchema = v.object({
  reason: deskReason("Give the reason for this change."),
  authorized: v.literal("on", phonePaymentMessages.authorized),
  key: deskFormKey(FORM_EXPIRED),
});
