import * as v from "valibot";
import { moneyInputSchema } from "../../rules/money-input";
import { workPhoneParts } from "../../rules/phone";
import { required } from "../fields";

/** Code tables (spec file 1, section 3). */
export const incomeSources = [
  { code: "P", label: "Employment" },
  { code: "O", label: "Self-Employment" },
  { code: "W", label: "Other" },
] as const;

export const otherIncomeTypes = [
  { code: "OA", label: "Alimony/Child Support Income" },
  { code: "G", label: "Social Security Income" },
  { code: "D", label: "Disability" },
  { code: "OP", label: "Prefer Not To Disclose" },
  { code: "ON", label: "Not Applicable" },
] as const;

export const incomePaymentMethods = [
  { code: "D", label: "Direct Deposit" },
  { code: "P", label: "Paper Check" },
] as const;

/** Spec file 1, section 5 (Income): every message verbatim. */
export const incomeMessages = {
  source: "Please select your main income source",
  takeHomePay: "Please enter the dollar amount of your take-home pay",
  paymentMethod: "Please select one of the options",
  employerName: "Please enter your employer's name",
  workPhone: "Please enter your 10-digit work phone number",
  secondarySource: "Please select other income type",
} as const;

export const hasEmployer = (source: string) => source === "P" || source === "O";

export const incomeSchema = v.pipe(
  v.object({
    source: required(
      v.picklist(
        incomeSources.map((s) => s.code),
        incomeMessages.source,
      ),
    ),
    secondarySource: v.optional(v.string(), "0"),
    employerName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, incomeMessages.employerName)), ""),
    /** A phone as people type it, with an optional x#### extension (the one phone rule). */
    workPhone: v.optional(v.pipe(v.string(), v.trim()), ""),
    paymentMethod: required(
      v.picklist(
        incomePaymentMethods.map((m) => m.code),
        incomeMessages.paymentMethod,
      ),
    ),
    // The one money rule: $ and commas welcome, anything else refused, integer cents out; at most $999,999.99.
    takeHomePay: required(
      v.pipe(
        moneyInputSchema(incomeMessages.takeHomePay),
        v.check((cents) => cents > 0 && cents < 100_000_000, incomeMessages.takeHomePay),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [["source"], ["employerName"]],
      (i) => !hasEmployer(i.source) || i.employerName.length > 0,
      incomeMessages.employerName,
    ),
    ["employerName"],
  ),
  v.forward(
    v.partialCheck(
      [["source"], ["workPhone"]],
      (i) => !hasEmployer(i.source) || workPhoneParts(i.workPhone) !== null,
      incomeMessages.workPhone,
    ),
    ["workPhone"],
  ),
  v.forward(
    v.partialCheck(
      [["source"], ["secondarySource"]],
      (i) => i.source !== "W" || otherIncomeTypes.some((t) => t.code === i.secondarySource),
      incomeMessages.secondarySource,
    ),
    ["secondarySource"],
  ),
  // Fields that do not apply to the chosen source are cleared (spec section 4).
  v.transform((i) => {
    const employer = hasEmployer(i.source);
    const { phone, ext } = (employer ? workPhoneParts(i.workPhone) : null) ?? { phone: "", ext: "" };
    return {
      source: i.source,
      secondarySource: i.source === "W" ? i.secondarySource : "0",
      employerName: employer ? i.employerName : "",
      workPhone: phone,
      workPhoneExt: ext,
      paymentMethod: i.paymentMethod,
      takeHomeCents: i.takeHomePay,
    };
  }),
);

export type Income = v.InferOutput<typeof incomeSchema>;
