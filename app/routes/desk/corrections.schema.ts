import * as v from "valibot";
import { deskFormKey, deskReason, FORM_EXPIRED } from "./payment.schema";

/**
 * The desk's corrections of money (decision record 022): ASK for a fee waiver
 * or refund, or a payment reversal, naming the ledger row and why; a
 * supervisor then APPROVES or REJECTS it, with their own reason.
 */
export const correctionMessages = {
  fee: "Choose the fee to waive or refund.",
  payment: "Choose the payment to reverse.",
  reason: "Give the reason for this request.",
  decisionReason: "Give the reason for your decision.",
} as const;

const entryId = (message: string) => v.pipe(v.string(), v.regex(/^[\w:-]{1,80}$/, message));

export const FeeWaiverSchema = v.object({
  entryId: entryId(correctionMessages.fee),
  reason: deskReason(correctionMessages.reason),
  key: deskFormKey(FORM_EXPIRED),
});

export const PaymentReversalSchema = v.object({
  entryId: entryId(correctionMessages.payment),
  reason: deskReason(correctionMessages.reason),
  key: deskFormKey(FORM_EXPIRED),
});

export const DecisionSchema = v.object({
  requestId: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "No such request."), v.transform(Number)),
  decision: v.picklist(["approve", "reject"], "Choose approve or reject."),
  reason: deskReason(correctionMessages.decisionReason),
  key: deskFormKey(FORM_EXPIRED),
});
