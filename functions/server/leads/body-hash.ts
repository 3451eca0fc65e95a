import type { Lead } from "#domain/leads/schema";
import { sha256Hex } from "#domain/tokens";

/**
 * JSON with every object's keys in order and undefined members left out, so
 * one applicant is one text however the partner ordered or spaced the body.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * What a lead row keeps of its body: the SHA-256 of the row's own id and the
 * VALIDATED lead (after the schema's normalising: trimmed, lower-cased
 * e-mail, digits of phones and SSN), so a retry with the same applicant
 * matches whatever its formatting. The row id salts it: equal applicants in
 * two rows do not share a hash, so the column cannot link leads together.
 */
export function leadBodyHash(rowId: string, lead: Lead): Promise<string> {
  return sha256Hex(`lead-body:v1:${rowId}:${canonicalJson(lead)}`);
}
