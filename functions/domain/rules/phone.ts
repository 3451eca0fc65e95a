import * as v from "valibot";

/**
 * The one phone rule (decision "inputs accepted as people type them"): a
 * 10-digit US number written with or without dashes, dots, spaces or
 * parentheses, with or without a leading 1 or +1. The browser's mask and
 * every server schema use these functions, so what the box shows is what the
 * server accepts. Pure: no I/O, browser-safe.
 */

/** Characters people put between a phone's digits. */
const SEPARATORS = /[\s.()-]/g;

/** The 10 digits of a phone as typed, or null when it is not one. */
export function phoneDigits(text: string): string | null {
  const bare = text.trim().replace(SEPARATORS, "");
  const match = bare.match(/^(?:\+?1)?(\d{10})$/);
  // "+" alone means a country code, and only 1 (the US) is ours.
  if (!match || (bare.startsWith("+") && bare.length !== 12)) return null;
  return match[1]!;
}

/** 10 digits as ###-###-####. */
export function formatPhone(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

/** A phone as typed shown as ###-###-####, or the text unchanged when it is not a phone (the message says why). */
export function normalisePhone(text: string): string {
  const digits = phoneDigits(text);
  return digits ? formatPhone(digits) : text;
}

const groups = (d: string) => [d.slice(0, 3), d.slice(3, 6), d.slice(6, 10)].filter(Boolean).join("-");

/**
 * The typing mask: dashes appear as digits are typed. A leading 1 (or +1) is
 * the country code, never an area-code digit (US area codes start 2-9), so
 * it stays in front as "1-" until the field is left, when normalisePhone
 * drops it. Pasted text is masked whole: the box must not cut it first.
 */
export function maskPhone(text: string): string {
  const digits = text.replace(/\D/g, "");
  if (digits.startsWith("1")) {
    const rest = digits.slice(1, 11);
    return rest ? `1-${groups(rest)}` : "1";
  }
  return groups(digits.slice(0, 10));
}

/** A work phone: the phone, then an optional extension of up to 4 digits after "x" or "ext". */
export function workPhoneParts(text: string): { phone: string; ext: string } | null {
  const [main = "", ext = "", ...more] = text.trim().split(/\s*(?:x|ext\.?)\s*/i);
  const phone = phoneDigits(main);
  if (!phone || more.length || !/^\d{0,4}$/.test(ext)) return null;
  return { phone, ext };
}

/** The work-phone typing mask: the phone mask, then "x" and up to 4 extension digits once the phone is whole. */
export function maskWorkPhone(text: string): string {
  const [main = "", ext] = text.split(/x|ext\.?/i);
  const phone = maskPhone(main);
  if (ext === undefined || !phoneDigits(phone)) return phone;
  return `${phone}x${ext.replace(/\D/g, "").slice(0, 4)}`;
}

/** A work phone as typed shown as ###-###-####x####, or unchanged when it is not one. */
export function normaliseWorkPhone(text: string): string {
  const parts = workPhoneParts(text);
  if (!parts) return text;
  return parts.ext ? `${formatPhone(parts.phone)}x${parts.ext}` : formatPhone(parts.phone);
}

/** The phone field's schema (browser and server): as typed in, 10 digits out, the field's message otherwise. */
export const phoneSchema = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((text) => phoneDigits(text) !== null, message),
    v.transform((text) => phoneDigits(text)!),
  );

/** An optional phone: empty stays "", anything else must be a phone. */
export const optionalPhoneSchema = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.check((text) => text === "" || phoneDigits(text) !== null, message),
    v.transform((text) => (text === "" ? "" : phoneDigits(text)!)),
  );
