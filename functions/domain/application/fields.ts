import * as v from "valibot";

/**
 * Field helpers shared by the application's step schemas (browser and
 * server alike): input as typed (masked), output normalised.
 */

/** m/d/yyyy or mm/dd/yyyy as people type it (or yyyy-mm-dd from a picker) to ISO, or null if not a real date. */
/**
 * The parts of a date as people type it: mm/dd/yyyy with one or two digits
 * for month and day, and - or . for the slashes; mmddyyyy; and the year
 * first, yyyy-mm-dd (spec file 1, section 3) or yyyymmdd, told by its first
 * two digits, which no month has. The browser's mask reads them the same.
 * Null when it is none of these shapes.
 */
function dateParts(input: string): [year: string, month: string, day: string] | null {
  const text = input.trim();
  const yearFirst = text.match(/^(\d{4})(-?)(\d{2})\2(\d{2})$/);
  if (yearFirst && Number(text.slice(0, 2)) > 12) return [yearFirst[1]!, yearFirst[3]!, yearFirst[4]!];
  const us = text.match(/^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/) ?? text.match(/^(\d{2})()(\d{2})(\d{4})$/);
  return us ? [us[4]!, us[1]!.padStart(2, "0"), us[3]!.padStart(2, "0")] : null;
}

export function parseUsDate(input: string): string | null {
  const parts = dateParts(input);
  if (!parts) return null;
  const [y, m, d] = parts;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d))
    return null;
  return `${y}-${m}-${d}`;
}

export function isoToUs(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${m}/${d}/${y}`;
}

/**
 * A date field once left (browser) or posted (server), spec file 1, section 5:
 * a real date shows as mm/dd/yyyy; a whole date that cannot exist (02/30/2000)
 * is cleared, so the field's own "Please enter..." message applies; anything
 * else stays as typed for its message.
 */
export function finishUsDate(text: string): string {
  const iso = parseUsDate(text);
  if (iso) return isoToUs(iso);
  return dateParts(text) ? "" : text;
}

/** The named date fields of a post, each finished as finishUsDate does in the browser. */
export function finishDates(values: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out = { ...values };
  for (const name of names) if (typeof out[name] === "string") out[name] = finishUsDate(out[name]);
  return out;
}

export const digitsOnly = (text: string) => text.replace(/\D/g, "");

/**
 * A field the form must send: a missing key (an unticked radio group, a field
 * left out of the post) becomes "" so the field's own spec message applies,
 * not valibot's generic "Invalid key".
 */
export function required<S extends v.GenericSchema>(schema: S) {
  const field = v.pipe(v.optional(v.string(), ""), schema as unknown as v.GenericSchema<string, v.InferOutput<S>>);
  requiredFields.set(field, schema);
  return field;
}

/**
 * Fields made by `required`, with their rule: optional on the wire only so
 * that their own message applies, required in substance. The partner API's
 * JSON Schema lists them as required and describes the rule
 * (functions/server/api/openapi.ts).
 */
const requiredFields = new WeakMap<object, v.GenericSchema>();
export const requiredFieldRule = (schema: unknown): v.GenericSchema | undefined =>
  typeof schema === "object" && schema !== null ? requiredFields.get(schema) : undefined;

/** A required text field: trimmed, one message for missing or malformed. */
export const requiredText = (message: string, max = 100, pattern: RegExp = /\S/) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message), v.regex(pattern, message));

/** A choice among codes; '0', 'Select' or anything unknown gets the message. */
export const choice = <T extends string>(options: readonly T[], message: string) => v.picklist(options, message);

/** An e-mail address, trimmed and lower-cased: the product's one rule (functions/domain/rules/email.ts). */
export { emailAddress } from "../rules/email";

/** A phone as people type it to its 10 digits: the one phone rule (functions/domain/rules/phone.ts). */
export { phoneSchema as phone } from "../rules/phone";

/** The ABA checksum: 3, 7, 1 weights over the nine digits, a multiple of 10. */
export function abaChecksumValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = routing.split("").map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/**
 * An SSN as typed, in its ###-##-#### form: nine digits with or without
 * dashes or spaces (what the browser's mask does, for a form posted without
 * JavaScript). Anything else stays as typed, for the field's message.
 */
export function ssnAsTyped(text: string): string {
  const digits = text.replace(/[\s-]/g, "");
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : text;
}

/** SSN ###-##-####: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssnValid(masked: string): boolean {
  const m = masked.match(/^(\d{3})-(\d{2})-(\d{4})$/);
  if (!m) return false;
  const [, area, group, serial] = m as unknown as [string, string, string, string];
  return area !== "000" && area !== "666" && !area.startsWith("9") && group !== "00" && serial !== "0000";
}

/** Whole years between two ISO dates (the birthday itself counts). */
export function yearsBetween(fromIso: string, toIso: string): number {
  const [fy, fm, fd] = fromIso.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = toIso.split("-").map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

export { fieldErrors } from "../field-errors";

/** The step-level alert shown at the bottom of a step when submit is invalid. */
export const STEP_ALERT = "Please complete all sections";
