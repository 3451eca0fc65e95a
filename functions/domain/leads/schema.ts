import * as v from "valibot";
import { leadAddressSchema } from "../application/schemas/address";
import { bankingSchema } from "../application/schemas/banking";
import { incomeSchema } from "../application/schemas/income";
import { payFrequencySchema } from "../application/schemas/payfrequency";
import { personalFields } from "../application/schemas/personal";

/**
 * A partner's lead: the application's own step schemas (spec file 1,
 * sections 3 and 5, messages verbatim), one object per wizard step, plus
 * the partner's lead id. Only the address differs: a missing mainIsCell is
 * true for a lead, false for the wizard's form. The same schemas make the OpenAPI document
 * (functions/server/api/openapi.ts), so the contract cannot drift from the rules.
 */
export const PARTNER_LEAD_ID_MESSAGE = "partnerLeadId is 1-64 letters, digits, '.', '_', ':' or '-'.";

export function leadSchema(today: string) {
  return v.object({
    partnerLeadId: v.pipe(v.string(PARTNER_LEAD_ID_MESSAGE), v.regex(/^[\w.:-]{1,64}$/, PARTNER_LEAD_ID_MESSAGE)),
    personal: v.object(personalFields(today)),
    address: leadAddressSchema,
    income: incomeSchema,
    payFrequency: payFrequencySchema(today),
    banking: bankingSchema,
  });
}

export type Lead = v.InferOutput<ReturnType<typeof leadSchema>>;

/** What every decided post answers (and what a repeat of the lead id answers again). */
export const LeadAnswerSchema = v.object({
  status: v.picklist(["approved", "denied", "error"]),
  applicationId: v.optional(v.number()),
  redirectUrl: v.optional(v.pipe(v.string(), v.url())),
  /**
   * A repeat of an approved lead whose first link can no longer continue:
   * "used" (the applicant already followed a link) or "expired" (24 hours
   * passed). No fresh redirectUrl is issued then.
   */
  linkStatus: v.optional(v.picklist(["used", "expired"])),
  /**
   * A denied live lead: the applicant was sent the adverse-action notice the law requires
   * (decision record 033). Only that it was sent, never its reasons.
   */
  adverseActionNotice: v.optional(v.literal("sent")),
});

export type LeadAnswer = v.InferOutput<typeof LeadAnswerSchema>;

/** Every refusal's machine-readable code (docs/partners.md, "The answer"). */
export const LEAD_REFUSAL_CODES = [
  "lead_id_reused",
  "lead_busy",
  "lead_not_found",
  "not_sandbox",
  "invalid_fields",
  "invalid_json",
  "not_json",
  "too_large",
  "signature_headers",
  "timestamp_stale",
  "signature_mismatch",
  "signature_reused",
  "rate_limited",
] as const;

/** The 400 answer: one message per bad field, by dotted path (e.g. "personal.ssn"). */
export const LeadRefusalSchema = v.object({
  error: v.string(),
  /** Machine-readable, where a partner's code must tell refusals apart (e.g. "lead_id_reused"). */
  code: v.optional(v.picklist(LEAD_REFUSAL_CODES)),
  fields: v.optional(v.record(v.string(), v.string())),
});

/** A refusal's code (see LeadRefusalSchema). */
export type LeadRefusalCode = NonNullable<v.InferOutput<typeof LeadRefusalSchema>["code"]>;

/** GET /api/leads/{partnerLeadId}: a lead's status and milestones (docs/partners.md, "A lead's status"). */
export const LeadStatusSchema = v.object({
  partnerLeadId: v.string(),
  /** pending (being decided) | approved | denied | error */
  status: v.picklist(["pending", "approved", "denied", "error"]),
  decidedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** Approved leads: the applicant's continuation unused (still open), used, or expired; null otherwise. */
  link: v.nullable(v.picklist(["unused", "used", "expired"])),
  esignedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  firstDraw: v.nullable(
    v.object({ amountCents: v.number(), fundingDate: v.pipe(v.string(), v.isoDate()), funded: v.boolean() }),
  ),
  withdrawnAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  /** A denied live lead: "sent" once the applicant was sent the adverse-action notice (never its reasons). */
  adverseActionNotice: v.nullable(v.literal("sent")),
  /** false when the platform could not say: the milestones are unknown, not absent. */
  milestonesKnown: v.boolean(),
});

/**
 * The milestones a lead's postbacks report, in the order they happen
 * (decision record 029): decided; the approved applicant's link expired
 * unused; e-signed; the first draw funded; withdrawn.
 */
export const LEAD_MILESTONES = ["decided", "link_expired", "esigned", "funded", "withdrawn"] as const;

/** The body of one postback: the milestone and the lead's whole status when it was found. */
export const LeadPostbackSchema = v.object({
  /** Also X-Postback-Id: the same on every attempt, so a repeat can be dropped. */
  postbackId: v.pipe(v.string(), v.uuid()),
  milestone: v.picklist(LEAD_MILESTONES),
  /** When it happened: an instant, or for funded the funding date (YYYY-MM-DD). */
  occurredAt: v.union([v.pipe(v.string(), v.isoTimestamp()), v.pipe(v.string(), v.isoDate())]),
  lead: LeadStatusSchema,
});
