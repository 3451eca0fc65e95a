import * as v from "valibot";
import { creditLine, type PayFrequency, payFrequencies } from "../../config";
import { parseUsDate, required } from "../fields";

/** Spec file 1, section 5 (Pay frequency): every message verbatim. */
export const payFrequencyMessages = {
  interval: "Please select one of the options",
  lastPayDate: "Please enter the most recent date you were paid",
  lastPayFuture: "Last pay date cannot be in the future. Please enter the most recent date you were paid.",
  firstPayDate: "Please enter your 1st upcoming pay date",
  firstPayPast: "Your 1st upcoming pay date must be in the future. Please enter your next pay date.",
  secondPayDate: "Please enter your 2nd upcoming pay date",
  secondPayOrder: "Your 2nd upcoming pay date must be in the future, after your 1st upcoming pay date",
  mismatch: "Your pay frequency and pay dates don't seem to match up. Please check to make sure they're correct.",
  mismatchFollowUp: "You may need to clarify this information in your confirmation call.",
} as const;

/**
 * Said when Twice Monthly clears the upcoming dates another frequency filled
 * (the spec gives no fill rule for it, and the old dates would not fit).
 */
export const TWICE_MONTHLY_DATES =
  "Twice Monthly pay dates fall on set days of the month, so we cleared your upcoming pay dates. Please enter your next two pay dates.";

export const payFrequencyCodes = ["W", "B", "S", "M"] as const satisfies readonly PayFrequency[];

const date = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.transform((text) => parseUsDate(text) ?? ""),
    v.nonEmpty(message),
  );

/** `today` is the applicant's calendar date (ISO). */
export function payFrequencySchema(today: string) {
  return v.pipe(
    v.object({
      interval: required(v.picklist(payFrequencyCodes, payFrequencyMessages.interval)),
      lastPayDate: required(
        v.pipe(
          date(payFrequencyMessages.lastPayDate),
          v.check((iso) => iso >= `${creditLine.minBirthYear}-01-01`, payFrequencyMessages.lastPayDate),
          v.check((iso) => iso <= today, payFrequencyMessages.lastPayFuture),
        ),
      ),
      firstPayDate: required(
        v.pipe(
          date(payFrequencyMessages.firstPayDate),
          v.check((iso) => iso >= today, payFrequencyMessages.firstPayPast),
        ),
      ),
      secondPayDate: required(date(payFrequencyMessages.secondPayDate)),
    }),
    v.forward(
      v.partialCheck(
        [["firstPayDate"], ["secondPayDate"]],
        (i) => i.secondPayDate > i.firstPayDate,
        payFrequencyMessages.secondPayOrder,
      ),
      ["secondPayDate"],
    ),
  );
}

export type PayFrequencyStep = v.InferOutput<ReturnType<typeof payFrequencySchema>>;

const dayMs = 86_400_000;
const gap = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / dayMs);

/** The pay-date auto-fill: 7, 14 or 31 days on (none for twice monthly). */
export function nextPayDate(iso: string, interval: PayFrequency): string | null {
  const days = payFrequencies[interval].fillDays;
  if (days === null || !iso) return null;
  return new Date(Date.parse(iso) + days * dayMs).toISOString().slice(0, 10);
}

/** The non-blocking warning: the gaps are not exactly 7 / 14 / 31 days for W / B / M. */
export function payDatesMismatch(interval: PayFrequency, last: string, first: string, second: string): boolean {
  const days = payFrequencies[interval].fillDays;
  if (days === null || !last || !first || !second) return false;
  return gap(last, first) !== days || gap(first, second) !== days;
}
