import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leadSignatures } from "#db/schema/leads";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { demoLead, freshTimestamp } from "../e2e/fixtures/lead-data";
import { expectNoWrites } from "./helpers/d1-snapshot";
import { bodyHeaders, describeBody, fieldValue, garbageBody, RUNS } from "./helpers/garbage";
import { send } from "./helpers/http";
import { db } from "./helpers/leads";

/**
 * POST /api/leads under random and malformed requests (the other /api doors
 * are in abuse-api.test.ts). Unsigned or badly signed garbage must be
 * refused before the body is read; garbage SIGNED with the demo partner's
 * real secret gets past the signature and must still be refused by the
 * schema: never a 5xx, and D1 exactly as it was (no lead claimed, no
 * application decided) but for the one row every verified signature leaves
 * so that it works once (lead_signatures).
 */

/** The lead's own field names and steps, so signed garbage reaches the validators. */
const LEAD_FIELDS = [
  "partnerLeadId",
  "personal",
  "address",
  "income",
  "payFrequency",
  "banking",
  "ssn",
  "email",
  "firstName",
  "state",
  "mainIsCell",
];

const signaturesSeen = async () => (await db.select({ n: sql<number>`count(*)` }).from(leadSignatures).get())!.n;

/** A rightly signed post: nothing written but its signature's row (none when refused as too large before the signature is read). */
async function expectOnlyItsSignature(act: () => Promise<Response>): Promise<Response> {
  const before = await signaturesSeen();
  const res = await expectNoWrites(act, ["lead_signatures"]);
  expect(await signaturesSeen(), `lead_signatures after ${res.status}`).toBe(before + (res.status === 413 ? 0 : 1));
  return res;
}

/** Signed as a partner signs: each post afresh, so a repeat of one garbage body is no replay. */
async function signedHeaders(text: string) {
  const timestamp = freshTimestamp(`${DEMO_PARTNER.id} ${env.PARTNER_SECRET_DEMO}`, text);
  return {
    "X-Partner-Id": DEMO_PARTNER.id,
    "X-Timestamp": String(timestamp),
    "X-Signature": await signLead(env.PARTNER_SECRET_DEMO, timestamp, text),
  };
}

/** Text a body signs over: what is sent, whatever it is. */
async function bodyText(body: BodyInit | null): Promise<string> {
  return body === null ? "" : new Response(body).text();
}

const headersOf = fc.record({
  partnerId: fc.oneof(fc.constant(DEMO_PARTNER.id), fc.constantFrom("", "demo", "DEMO ", "nobody"), fieldValue),
  timestamp: fc.oneof(
    fc.constant("now"),
    fc.constantFrom("", "0", "-1", "1e12", "NaN", "99999999999999999999"),
    fieldValue,
  ),
  signature: fc.oneof(fc.constantFrom("", "00", "zz".repeat(32), "a".repeat(64)), fieldValue),
});

describe("POST /api/leads under random and malformed requests", { timeout: 180_000 }, () => {
  it("unsigned, forged or mangled signature headers: 4xx before the body is read, nothing written", async () => {
    await fc.assert(
      fc.asyncProperty(headersOf, garbageBody(LEAD_FIELDS, [], "json"), async (h, body) => {
        const timestamp = h.timestamp === "now" ? String(Math.floor(Date.now() / 1000)) : h.timestamp;
        const headers = {
          ...bodyHeaders(body),
          "X-Partner-Id": h.partnerId,
          "X-Timestamp": timestamp,
          "X-Signature": h.signature,
        };
        const res = await expectNoWrites(() =>
          send("/api/leads", { method: "POST", body: body.body, headers: sanitize(headers), origin: null }),
        );
        expect(res.status, describeBody(body)).toBeGreaterThanOrEqual(400);
        expect(res.status, describeBody(body)).toBeLessThan(500);
        await res.body?.cancel();
      }),
      { numRuns: RUNS },
    );
  });

  it("garbage signed with the partner's real secret: 400 (413 too large, 415 not JSON), never a decision, nothing written but its signature", async () => {
    await fc.assert(
      fc.asyncProperty(garbageBody(LEAD_FIELDS, [], "json"), async (body) => {
        const text = await bodyText(body.body);
        const headers = { ...bodyHeaders(body), ...(await signedHeaders(text)) };
        const res = await expectOnlyItsSignature(() =>
          send("/api/leads", { method: "POST", body: text, headers, origin: null }),
        );
        expect([400, 413, 415], `${res.status} for ${describeBody(body)}`).toContain(res.status);
        await res.body?.cancel();
      }),
      { numRuns: RUNS },
    );
  });

  it("a real lead with one field replaced by garbage, signed: 400 naming fields, nothing written but its signature", async () => {
    const steps = ["personal", "address", "income", "payFrequency", "banking"] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...steps), fc.jsonValue({ maxDepth: 2 }), async (step, value) => {
        const lead = { ...demoLead(), [step]: value };
        const text = JSON.stringify(lead);
        const headers = { "Content-Type": "application/json", ...(await signedHeaders(text)) };
        const res = await expectOnlyItsSignature(() =>
          send("/api/leads", { method: "POST", body: text, headers, origin: null }),
        );
        expect(res.status, `${step}: ${JSON.stringify(value).slice(0, 120)}`).toBe(400);
        const answer = (await res.json()) as { fields?: Record<string, string> };
        expect(Object.keys(answer.fields ?? {}).length, step).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });
});

/** Header values must be byte strings: garbage that is not becomes a header a client could send. */
function sanitize(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, v.replace(/[^\x20-\x7e]/g, "?").slice(0, 4_000)]),
  );
}
