import { vValidator } from "@hono/valibot-validator";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { database } from "#db/client";
import type { LeadRefusalCode } from "#domain/leads/schema";
import { peekRateLimit, rateLimit } from "../http/rate-limit";
import { PARTNER_ID_PATTERN, type Partner, partnerAndFirstUse, partnerSecrets } from "../leads/partners";
import { signedByAny, timestampFresh } from "../leads/signature";
import type { ApiEnv } from "./types";

/** The lead sub-app's context: the API's, plus the signed-in partner. */
export interface LeadsEnv {
  Bindings: ApiEnv["Bindings"];
  Variables: ApiEnv["Variables"] & { partner: Partner };
}

/** A lead is one applicant: far below this. */
export const MAX_BODY_BYTES = 16_384;

const utf8 = new TextEncoder();

const tooMany = (retryAfterSeconds: number) => ({ "Retry-After": String(retryAfterSeconds) });

/** The three signature headers (Hono hands header names over in lower case). */
export const SignatureHeadersSchema = v.object({
  "x-partner-id": v.pipe(v.string(), v.regex(PARTNER_ID_PATTERN)),
  "x-timestamp": v.pipe(v.string(), v.regex(/^\d{1,12}$/)),
  "x-signature": v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
});

type SignedInput = {
  in: { header: v.InferInput<typeof SignatureHeadersSchema> };
  out: { header: v.InferOutput<typeof SignatureHeadersSchema> };
};

/** A refused signature writes nothing but a count against the caller's IP, whose limit bounds guessing. */
async function refuseSignature<C extends Context<LeadsEnv, string, SignedInput> | Context<LeadsEnv>>(
  c: C,
  error: string,
  code: LeadRefusalCode,
) {
  await rateLimit(c.env, "leadAuthFailPerIp", c.var.client.ip);
  // The challenge names the scheme a partner must answer with (docs/partners.md, "Signing a request").
  c.header("WWW-Authenticate", 'Signature realm="partner-leads", headers="X-Partner-Id X-Timestamp X-Signature"');
  return c.json({ error, code }, 401);
}

/** Callers who keep failing the signature are turned away before any work. */
export const refusedSignatureBudget = createMiddleware<LeadsEnv>(async (c, next) => {
  const budget = await peekRateLimit(c.env, "leadAuthFailPerIp", c.var.client.ip);
  if (!budget.allowed)
    return c.json(
      { error: "Too many refused signatures. Please wait and try again.", code: "rate_limited" },
      429,
      tooMany(budget.retryAfterSeconds),
    );
  await next();
});

export const signatureHeaders = vValidator("header", SignatureHeadersSchema, async (result, c) => {
  if (!result.success)
    return refuseSignature(
      c as unknown as Context<LeadsEnv>,
      "Send X-Partner-Id, X-Timestamp (Unix seconds) and X-Signature (64 lowercase hex digits).",
      "signature_headers",
    );
});

/**
 * The partner signature (decision record 010), checked on the raw body
 * before anything reads it for fields.
 */
export const signedByPartner = createMiddleware<LeadsEnv, string, SignedInput>(async (c, next) => {
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES)
    return c.json({ error: "The lead is too large.", code: "too_large" }, 413);
  const rawBody = await c.req.text();
  // Measured again once read: a chunked upload has no Content-Length, and one character may be up to four bytes.
  if (utf8.encode(rawBody).byteLength > MAX_BODY_BYTES)
    return c.json({ error: "The lead is too large.", code: "too_large" }, 413);
  return (await verifySignature(c, rawBody)) ?? next();
});

/**
 * A signed GET (a lead's status, issue 21): the signed text is the request's
 * path in place of a body, "<timestamp>.<path>", so a signature is good for
 * one lead only.
 */
export const signedGetByPartner = createMiddleware<LeadsEnv, string, SignedInput>(
  async (c, next) => (await verifySignature(c, new URL(c.req.url).pathname)) ?? next(),
);

/**
 * The signature over `signedText`: the partner set on the context, or the 401
 * to answer. The secrets are the Worker's, so the signature is checked before
 * anything is read; a good one then reads the partner and claims its first
 * use in one round trip.
 */
async function verifySignature(c: Context<LeadsEnv, string, SignedInput>, signedText: string) {
  const { "x-partner-id": partnerId, "x-timestamp": timestamp, "x-signature": signature } = c.req.valid("header");
  // The timestamp is not secret, so its refusal may say what is wrong.
  if (!timestampFresh(timestamp, Date.now()))
    return refuseSignature(
      c,
      "X-Timestamp must be the current Unix time in seconds (within 5 minutes).",
      "timestamp_stale",
    );
  // Unknown partner and wrong signature answer alike (and take as long), so partner ids cannot be probed.
  const { secrets, real } = partnerSecrets(c.env, partnerId);
  const signed = (await signedByAny(secrets, timestamp, signedText, signature)) && real;
  const mismatch = () => refuseSignature(c, "The signature does not match.", "signature_mismatch");
  if (!signed) return mismatch();
  // Single use, before anything else is read or decided: a captured request
  // sent again within the tolerance would otherwise get a fresh applicant link.
  const { partner, firstUse } = await partnerAndFirstUse(database(c.env.DB), partnerId, signature, Date.now());
  // A partner switched off (or without a row) is refused as a wrong signature is.
  if (!partner) return mismatch();
  if (!firstUse) {
    return refuseSignature(
      c,
      "This signed request was already received. Sign each request with a fresh timestamp.",
      "signature_reused",
    );
  }
  c.set("partner", partner);
  return undefined;
}

/** The partner's own budget, counted only for signed requests. */
export const withinPartnerBudget = createMiddleware<LeadsEnv>(async (c, next) => {
  const partner = c.var.partner;
  const verdict = await rateLimit(c.env, "leadsPerPartner", partner.id, partner.leadsPerMinute ?? undefined);
  if (!verdict.allowed)
    return c.json(
      { error: "Too many leads. Please wait and try again.", code: "rate_limited" },
      429,
      tooMany(verdict.retryAfterSeconds),
    );
  c.header("RateLimit-Remaining", String(verdict.remaining));
  await next();
});

/** Malformed JSON is the caller's mistake (400), not a server error. */
export const jsonBody = createMiddleware<LeadsEnv>(async (c, next) => {
  if (!/^application\/json\b/i.test(c.req.header("Content-Type") ?? ""))
    return c.json({ error: "Send the lead as JSON (Content-Type: application/json).", code: "not_json" }, 415);
  try {
    await c.req.json();
  } catch {
    return c.json({ error: "The body is not valid JSON.", code: "invalid_json" }, 400);
  }
  await next();
});
