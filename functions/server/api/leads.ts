import { vValidator } from "@hono/valibot-validator";
import { type Context, Hono, type Next } from "hono";
import type * as v from "valibot";
import { database } from "#db/client";
import { fieldErrors } from "#domain/application/fields";
import { easternDateTime } from "#domain/calendar";
import { partnerLeads } from "#domain/config";
import { type LeadAnswer, type LeadRefusalCode, leadSchema } from "#domain/leads/schema";
import { count } from "../http/metrics";
import { siteUrl } from "../http/site-origin";
import { decideLead } from "../leads/decide";
import { sandboxOutcome } from "../leads/sandbox";
import { leadStatus } from "../leads/status";
import { claimLead, issueLink, type LeadRow, linkStatus, recordedAnswer, recordOutcome } from "../leads/store";
import {
  jsonBody,
  type LeadsEnv,
  refusedSignatureBudget,
  signatureHeaders,
  signedByPartner,
  signedGetByPartner,
  withinPartnerBudget,
} from "./lead-auth";

/** What a JSON type is called to a partner, for a field sent as the wrong type. */
const JSON_TYPES: Record<string, string> = {
  string: "text (a JSON string)",
  number: "a number",
  boolean: "true or false",
  Object: "an object",
  Array: "an array",
};

/**
 * A field's message for a partner: the spec's own message where the schema
 * has one; for a value of the wrong JSON type, what to send instead of the
 * validator's own words ("Invalid type: Expected string but received 1500").
 */
function partnerIssue(issue: v.BaseIssue<unknown>): v.BaseIssue<unknown> {
  if (issue.kind !== "schema" || !issue.message.startsWith("Invalid type")) return issue;
  const expected = JSON_TYPES[issue.expected ?? ""] ?? issue.expected ?? "another value";
  return { ...issue, message: `Send ${expected} here, not ${issue.received}.` };
}

const refuse = (result: { success: boolean; issues?: unknown }, c: Context) => {
  if (!result.success)
    return c.json(
      {
        error: "The lead has invalid fields.",
        code: "invalid_fields",
        fields: fieldErrors((result.issues as v.BaseIssue<unknown>[]).map(partnerIssue), "(body)"),
      },
      400,
    );
};

/** Only for its type: c.req.valid("json") is the parsed lead. */
const typedValidator = vValidator("json", leadSchema("2000-01-01"), refuse);

/**
 * The lead schema's date rules (age, pay dates) need today's date, so the
 * validator is made per request.
 */
const validLead = ((c: Context, next: Next) =>
  vValidator(
    "json",
    leadSchema(easternDateTime(new Date()).date),
    refuse,
  )(c, next)) as unknown as typeof typedValidator;

/** The applicant's link: the site's configured origin (never the Host header), the token only in ?ID. */
const continueUrl = (env: LeadsEnv["Bindings"], token: string) =>
  siteUrl(env, `/apply/approved?ID=${encodeURIComponent(token)}`);

/** Refusals a partner's code tells apart by `code` (docs/partners.md). */
const REFUSALS = {
  lead_busy: "This lead is still being decided. Please retry shortly.",
  lead_id_reused:
    "This partnerLeadId was already used for a different applicant. Post each applicant with a partnerLeadId of its own.",
  lead_not_found: "No lead of yours has this partnerLeadId.",
  not_sandbox:
    "This post asks for the sandbox (X-Partner-Mode: test), but this partner id is live. Use your test partner id and secret. Nothing was decided or recorded.",
} as const satisfies Partial<Record<LeadRefusalCode, string>>;

/**
 * POST /api/leads: a partner's signed lead, decided once per (partner,
 * partner lead id). Contract: docs/partners.md; decisions: record 010.
 */
export const leadsApi = new Hono<LeadsEnv>()
  // Every refusal counted by its status and code (a decided answer is counted by its outcome).
  .use(async (c, next) => {
    await next();
    if (c.res.status < 400 || c.res.status >= 500) return;
    const body = (await c.res
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    count(c.env, "lead_refused", [String(c.res.status), body?.code ?? "unknown"]);
  })
  .post(
    "/",
    refusedSignatureBudget,
    signatureHeaders,
    signedByPartner,
    withinPartnerBudget,
    jsonBody,
    validLead,
    async (c) => {
      const db = database(c.env.DB);
      const partner = c.var.partner;
      const lead = c.req.valid("json");
      const now = Date.now();

      const sandbox = partner.mode === "test";
      const answerWith = async (row: LeadRow, answer: LeadAnswer, linkToken: string | null, replayed: boolean) => {
        if (replayed) c.header("X-Lead-Replayed", "true");
        if (sandbox) c.header("X-Partner-Mode", "test");
        count(c.env, "lead_decided", [answer.status, replayed ? "replayed" : "new", sandbox ? "test" : "live"]);
        if (answer.status === "error") {
          c.header("Retry-After", String(partnerLeads.errorRetryAfterSeconds));
          return c.json(answer, 503);
        }
        if (answer.status !== "approved") return c.json(answer, 200);
        // The sandbox's approval opens a page saying so: there is no application to continue.
        if (sandbox) return c.json({ ...answer, redirectUrl: siteUrl(c.env, "/partners/sandbox") }, 200);
        // A repeat gets a fresh link only while the continuation was never used (issue 14).
        const token = linkToken ?? (await issueLink(db, row.id, now));
        if (token) return c.json({ ...answer, redirectUrl: continueUrl(c.env, token) }, 200);
        return c.json({ ...answer, linkStatus: linkStatus(row, now) ?? "used" }, 200);
      };

      // A post that asks for the sandbox is never decided live: a smoke check or a test suite pointed at a live partner id by mistake makes no application.
      if (c.req.header("X-Partner-Mode") === "test" && !sandbox)
        return c.json({ error: REFUSALS.not_sandbox, code: "not_sandbox" }, 409);
      const claim = await claimLead(db, partner.id, lead, now);
      if (claim.kind === "reused") return c.json({ error: REFUSALS.lead_id_reused, code: "lead_id_reused" }, 409);
      if (claim.kind === "busy") {
        c.header("Retry-After", "1");
        return c.json({ error: REFUSALS.lead_busy, code: "lead_busy" }, 409);
      }
      if (claim.kind === "answered") return answerWith(claim.lead, recordedAnswer(claim.lead), null, true);

      const outcome = sandbox
        ? sandboxOutcome(lead)
        : await decideLead(c.env, undefined, lead, {
            extTransactionId: claim.lead.extTransactionId,
            leadSource: partner.code,
            client: { ip: c.var.client.ip, userAgent: `partner ${partner.id}` },
            today: easternDateTime(new Date(now)).date,
          });
      const recorded = await recordOutcome(db, claim.lead, outcome, Date.now(), { link: !sandbox });
      return answerWith(recorded.lead, outcome.answer, recorded.linkToken, false);
    },
  )
  .get(
    "/:partnerLeadId",
    refusedSignatureBudget,
    signatureHeaders,
    signedGetByPartner,
    withinPartnerBudget,
    async (c) => {
      // GET /api/leads/{partnerLeadId}: the lead's status and milestones, signed like a post over the path (docs/partners.md).
      const partner = c.var.partner;
      if (partner.mode === "test") c.header("X-Partner-Mode", "test");
      const status = await leadStatus(database(c.env.DB), c.env, partner, c.req.param("partnerLeadId"), Date.now());
      if (!status) return c.json({ error: REFUSALS.lead_not_found, code: "lead_not_found" }, 404);
      c.header("Cache-Control", "no-store");
      return c.json(status, 200);
    },
  );
