import * as v from "valibot";
import { fieldErrors, parseUsDate, required } from "#domain/application/fields";
import {
  defaultPaymentOption,
  otherAmountMessage,
  PAYMENT_OPTIONS,
  type PaymentFacts,
  type PaymentOption,
  paymentAmountCents,
  paymentDateMessage,
  paymentMessages,
  paymentOptions,
  visiblePaymentOptions,
} from "#domain/rules/payments";

/**
 * The one-time payment form's schema and step moves, used by the browser for
 * instant messages and local step changes, and by the action (the authority)
 * for the same checks and the same moves when JavaScript is off.
 */

/** The form as posted: the option, the Other Amount as typed, the date as mm/dd/yyyy, the authorization tick. */
export interface PaymentValues {
  option: string;
  other: string;
  date: string;
}

export type Folder = "method" | "amount" | "date" | "none";

/** How far a check goes: the amount step, the date step too, or the submission (with the authorization). */
export type Stage = "amount" | "date" | "submit";

const pathTo = (key: string, input: Record<string, unknown>): [v.ObjectPathItem] => [
  { type: "object", origin: "value", input, key, value: input[key] },
];

export function paymentSchema(f: PaymentFacts, stage: Stage, needsAuthorization = false) {
  const enabled = PAYMENT_OPTIONS.filter((o) => paymentOptions(f)[o]);
  return v.pipe(
    v.object({
      option: required(v.picklist(enabled, paymentMessages.chooseOption)),
      other: v.optional(v.string(), ""),
      date: v.optional(v.string(), ""),
      authorize: v.optional(v.string(), ""),
    }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const option = input.option as PaymentOption;
      const amountProblem = option === "other" ? otherAmountMessage(input.other, f) : null;
      if (amountProblem) addIssue({ message: amountProblem, path: pathTo("other", input) });
      const date = parseUsDate(input.date.trim());
      const dateProblem = stage === "amount" ? null : paymentDateMessage(date, option, f);
      if (dateProblem) addIssue({ message: dateProblem, path: pathTo("date", input) });
      // The server refuses an unauthorized past-due or charged-off payment, whatever the browser did.
      if (stage === "submit" && needsAuthorization && input.authorize !== "on")
        addIssue({ message: paymentMessages.authorize, path: pathTo("authorize", input) });
      if (amountProblem || dateProblem || (stage === "submit" && needsAuthorization && input.authorize !== "on"))
        return NEVER;
      return { option, amountCents: paymentAmountCents(option, f, input.other) ?? 0, date: date ?? "" };
    }),
  );
}

export type CheckedPayment =
  | { ok: true; option: PaymentOption; amountCents: number; date: string }
  | { ok: false; errors: Record<string, string> };

export function checkPayment(
  values: Partial<PaymentValues> & { authorize?: string },
  f: PaymentFacts,
  stage: Stage,
  needsAuthorization = false,
): CheckedPayment {
  const result = v.safeParse(paymentSchema(f, stage, needsAuthorization), values);
  return result.success ? { ok: true, ...result.output } : { ok: false, errors: fieldErrors(result.issues) };
}

/** The form as it starts, and as every CANCEL other than the review's leaves it: the default option, nothing typed. */
export function freshValues(f: PaymentFacts): PaymentValues {
  return { option: defaultPaymentOption(f), other: "", date: "" };
}

/**
 * The form as a link opens it: on the option the link names when this
 * account may pick it (the charged-off account page's PAY OFF BALANCE opens
 * on Pay Off Balance), else as fresh. CANCEL still resets to the default.
 */
export function linkedValues(f: PaymentFacts, option: string | null): PaymentValues {
  const fresh = freshValues(f);
  const named = PAYMENT_OPTIONS.find((o) => o === option);
  const allowed = named !== undefined && paymentOptions(f)[named] && visiblePaymentOptions(f).includes(named);
  return allowed ? { ...fresh, option: named } : fresh;
}

/**
 * A step move: opening a step (its heading), a step's CONTINUE (method opens
 * amount, amount opens date) or CANCEL. "date" is both the date heading and
 * the amount step's CONTINUE; "back" is the review's CANCEL.
 */
export type StepIntent = "method" | "amount" | "date" | "cancel" | "back";
export const STEP_INTENTS: readonly StepIntent[] = ["method", "amount", "date", "cancel", "back"];

export interface StepState {
  folder: Folder;
  values: PaymentValues;
  errors: Record<string, string>;
}

/**
 * Spec file 3, section 4: opening the date step with no amount says 'Please
 * select a payment amount option' and returns to the amount step; the review's
 * CANCEL returns to the date step (the authorization is cleared with the
 * review); any other CANCEL resets everything and returns to the amount step;
 * the method and date steps stay shut while payments are locked.
 */
export function moveStep(intent: StepIntent, values: PaymentValues, f: PaymentFacts, locked: boolean): StepState {
  const stay = (folder: Folder): StepState => ({ folder, values, errors: {} });
  switch (intent) {
    case "cancel":
      return { folder: f.balanceCents > 0 ? "amount" : "none", values: freshValues(f), errors: {} };
    case "method":
      return stay(locked ? "amount" : "method");
    case "amount":
      return stay("amount");
    case "back":
    case "date": {
      if (locked) return stay("amount");
      const option = values.option as PaymentOption;
      const known = PAYMENT_OPTIONS.includes(option) && paymentOptions(f)[option];
      // Other with nothing typed is no choice yet; text that is no amount of money gets the field's own message from the check.
      if (!known || (option === "other" && values.other.trim() === ""))
        return { folder: "amount", values, errors: { option: paymentMessages.chooseOption } };
      const checked = checkPayment(values, f, "amount");
      return checked.ok ? stay("date") : { folder: "amount", values, errors: checked.errors };
    }
  }
}

/** Where a failed check sends the person: the amount step for amount problems, else the date step. */
export function folderFor(errors: Record<string, string>): Folder {
  return errors.option || errors.other ? "amount" : "date";
}
