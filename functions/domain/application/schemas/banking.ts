import * as v from "valibot";
import { abaChecksumValid, required } from "../fields";

/** Spec file 1, section 5 (Banking): every message verbatim. */
export const bankingMessages = {
  repaymentMethod: "Please select a payment method",
  routing: "Please enter your bank's 9-digit ABA routing number. Only numbers are allowed",
  account: "Please enter your bank account number",
} as const;

/** A = electronic funds transfer (the default), K = paper check. */
export const repaymentMethods = [
  { code: "A", label: "Electronic Funds Transfer (EFT)" },
  { code: "K", label: "Paper Check" },
] as const;

export const bankingSchema = v.object({
  repaymentMethod: required(v.picklist(["A", "K"], bankingMessages.repaymentMethod)),
  routing: required(
    v.pipe(
      v.string(bankingMessages.routing),
      v.trim(),
      v.regex(/^\d{9}$/, bankingMessages.routing),
      v.check(abaChecksumValid, bankingMessages.routing),
    ),
  ),
  account: required(
    v.pipe(v.string(bankingMessages.account), v.trim(), v.regex(/^\d{1,15}$/, bankingMessages.account)),
  ),
});

export type Banking = v.InferOutput<typeof bankingSchema>;
