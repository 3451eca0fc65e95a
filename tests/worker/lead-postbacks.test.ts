import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { describe, expect, it, vi } from "vitest";
import { leadPostbacks, leads, partners } from "#db/schema/leads";
import { account, applications } from "#domain/catalogue/index";
import { LeadPostbackSchema } from "#domain/leads/schema";
import { EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import type { Env } from "#server/env";
import { runPostbacks } from "#server/leads/postback-run";
import { signLead } from "#server/leads/signature";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { demoLead } from "../e2e/fixtures/lead-data";
import { finishESign } from "./helpers/esign";
import { db, json, post } from "./helpers/leads";
import { serviceLine } from "./helpers/line-object";

vi.setConfig({ testTimeout: 30_000 });

/**
 * Postbacks (issue 21, decision record 029): each milestone of a lead posted
 * once to its partner's URL, signed like the partner's own posts, retried
 * with backoff, recorded, in the order it happened.
 */
const MINUTE = 60_000;

/** A partner of its own with a postback URL, and the env its secrets are bound in. */
async function partnerWithPostbacks(id: string, url: string | null = `https://${id.toLowerCase()}.partner.test/pb`) {
  const secret = `test-only-${id.toLowerCase()}-postback-secret-0123456789`;
  await db
    .insert(partners)
    .values({ id, code: `LEAD-${id}`, name: id, createdAt: Date.now(), postbackUrl: url })
    .onConflictDoNothing();
  const bindings = { [`PARTNER_SECRET_${id}`]: secret };
  return { partnerId: id, secret, bindings, env: { ...env, ...bindings } as Env };
}

interface Received {
  url: string;
  headers: Headers;
  body: string;
}

/** The partner's receiver: records every postback and answers what it is told to (200 unless told otherwise). */
function receiver(answers: Array<number | "timeout"> = []) {
  const received: Received[] = [];
  const send = (async (url: string, init: RequestInit) => {
    received.push({ url, headers: new Headers(init.headers), body: String(init.body) });
    const answer = answers.shift() ?? 200;
    if (answer === "timeout") throw new DOMException("The operation timed out.", "TimeoutError");
    return new Response("ok", { status: answer });
  }) as unknown as typeof fetch;
  const milestones = () => received.map((r) => (JSON.parse(r.body) as { milestone: string }).milestone);
  return { send, received, milestones };
}

const postbacksOf = async (partnerId: string) =>
  db.select().from(leadPostbacks).where(eq(leadPostbacks.partnerId, partnerId)).orderBy(leadPostbacks.createdAt).all();

describe("postbacks", () => {
  it("posts each milestone of an approved lead once, signed, from its decision to its first draw's funding", async () => {
    const as = await partnerWithPostbacks("PB_LIFE");
    const lead = demoLead();
    expect((await json(await post(lead, { ...as, ip: "203.0.113.160" }))).status).toBe("approved");
    const partner = receiver();

    expect(await runPostbacks(db, as.env, Date.now(), partner.send)).toMatchObject({ queued: 1, delivered: 1 });
    const [decided] = partner.received;
    expect(decided!.url).toBe("https://pb_life.partner.test/pb");
    // Signed as the partner signs its own posts: HMAC-SHA-256 of "<X-Timestamp>.<body>" under its secret.
    const timestamp = decided!.headers.get("X-Timestamp")!;
    expect(decided!.headers.get("X-Signature")).toBe(await signLead(as.secret, timestamp, decided!.body));
    expect(decided!.headers.get("X-Signature-Next")).toBeNull();
    const body = JSON.parse(decided!.body) as Record<string, unknown>;
    expect(body).toEqual({
      postbackId: decided!.headers.get("X-Postback-Id"),
      milestone: "decided",
      occurredAt: expect.any(String),
      lead: expect.objectContaining({ partnerLeadId: lead.partnerLeadId, status: "approved", link: "unused" }),
    });
    // Nothing personal: no name, e-mail, phone, SSN, address or bank number of the lead is in it.
    const { personal, address, banking } = lead;
    for (const told of [personal.lastName, personal.email, personal.ssn, address.streetAddress, banking.account])
      expect(decided!.body).not.toContain(told);
    expect(decided!.body).not.toContain(personal.ssn.replaceAll("-", ""));

    // Asked again with nothing new: nothing is sent again.
    expect(await runPostbacks(db, as.env, Date.now(), partner.send)).toMatchObject({ queued: 0, delivered: 0 });

    // The applicant e-signs with a $150 first draw: e-signed; once the servicing funds it, funded.
    const row = await db.select().from(leads).where(eq(leads.partnerLeadId, lead.partnerLeadId)).get();
    const applicant = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
    await applicant.call(applications.GetUwsTransactionInformation, { transactinId: row!.transactionId! });
    const signed = await applicant.call(account.FinishESign, finishESign("Jordan Rivera", 15_000));
    await runPostbacks(db, as.env, Date.now(), partner.send);
    await serviceLine(row!.applicationId!, new Date(`${signed.fundingDate}T17:00:00Z`));
    await runPostbacks(db, as.env, Date.now(), partner.send);
    expect(partner.milestones()).toEqual(["decided", "esigned", "funded"]);
    // Each body is what the OpenAPI document's webhook says it is.
    for (const { body } of partner.received)
      expect(v.safeParse(LeadPostbackSchema, JSON.parse(body)).success).toBe(true);
    const funded = JSON.parse(partner.received[2]!.body) as { occurredAt: string; lead: { firstDraw: unknown } };
    expect(funded.occurredAt).toBe(signed.fundingDate);
    expect(funded.lead.firstDraw).toEqual({ amountCents: 15_000, fundingDate: signed.fundingDate, funded: true });

    // Funded is final: the lead is no longer asked about.
    expect(await runPostbacks(db, as.env, Date.now(), partner.send)).toMatchObject({ leadsAsked: 0 });
    const recorded = await postbacksOf(as.partnerId);
    expect(recorded.map((r) => [r.milestone, r.attempts, r.lastResult, r.deliveredAt !== null])).toEqual([
      ["decided", 1, "200", true],
      ["esigned", 1, "200", true],
      ["funded", 1, "200", true],
    ]);
  });

  it("ends a denied lead with its decision, and says when an approved applicant's link expired", async () => {
    const as = await partnerWithPostbacks("PB_ENDS");
    const denied = demoLead({ income: { takeHomePay: "300.00" } });
    const approved = demoLead();
    await post(denied, { ...as, ip: "203.0.113.161" });
    await post(approved, { ...as, ip: "203.0.113.161" });
    const partner = receiver();
    await runPostbacks(db, as.env, Date.now(), partner.send);
    expect(partner.milestones()).toEqual(["decided", "decided"]);

    // A day and a minute later the approved applicant's link has expired; the denied lead is not asked again.
    const later = Date.now() + 24 * 60 * MINUTE + MINUTE;
    expect(await runPostbacks(db, as.env, later, partner.send)).toMatchObject({ leadsAsked: 1, delivered: 1 });
    const expired = JSON.parse(partner.received[2]!.body) as { milestone: string; lead: { partnerLeadId: string } };
    expect(expired).toMatchObject({ milestone: "link_expired", lead: { partnerLeadId: approved.partnerLeadId } });
    // Not final: an approved applicant can still sign in and e-sign, so the lead is still followed.
    expect(await runPostbacks(db, as.env, later + MINUTE, partner.send)).toMatchObject({ leadsAsked: 1, queued: 0 });
  });

  it("retries a failed postback with backoff, then gives up after 7 attempts and keeps the record", async () => {
    const as = await partnerWithPostbacks("PB_RETRY");
    await post(demoLead({ income: { takeHomePay: "300.00" } }), { ...as, ip: "203.0.113.162" });
    const partner = receiver([500, "timeout", 503, 500, 502, 500, 500]);
    let now = Date.now();
    expect(await runPostbacks(db, as.env, now, partner.send)).toMatchObject({ delivered: 0, failed: 1 });
    // Not again before its delay (15 minutes after the first attempt)...
    await runPostbacks(db, as.env, now + 14 * MINUTE, partner.send);
    expect(partner.received).toHaveLength(1);
    // ...then after each delay in turn: 15 minutes, 1, 4, 12, 24 and 48 hours.
    for (const minutes of [15, 60, 240, 720, 1_440, 2_880]) {
      now += minutes * MINUTE;
      await runPostbacks(db, as.env, now, partner.send);
    }
    expect(partner.received).toHaveLength(7);
    const [record] = await postbacksOf(as.partnerId);
    expect(record).toMatchObject({ attempts: 7, lastResult: "500", nextAttemptAt: null, deliveredAt: null });
    expect(record!.gaveUpAt).toBe(now);
    // Each attempt was the same postback: same id and body, signed afresh.
    expect(new Set(partner.received.map((r) => r.headers.get("X-Postback-Id"))).size).toBe(1);
    expect(new Set(partner.received.map((r) => r.body)).size).toBe(1);
    // Signed at the real time, though the run's clock was days ahead: the partner checks it against its own clock.
    for (const r of partner.received)
      expect(Math.abs(Number(r.headers.get("X-Timestamp")) - Date.now() / 1000)).toBeLessThan(60);
    await runPostbacks(db, as.env, now + 10_000 * MINUTE, partner.send);
    expect(partner.received).toHaveLength(7);
  });

  it("keeps a lead's postbacks in order: a later milestone waits behind an earlier one that failed", async () => {
    const as = await partnerWithPostbacks("PB_ORDER");
    const lead = demoLead();
    await post(lead, { ...as, ip: "203.0.113.163" });
    // The link expires before the first run: decided and link_expired are queued together; decided fails once.
    const partner = receiver([500]);
    const now = Date.now() + 25 * 60 * MINUTE;
    expect(await runPostbacks(db, as.env, now, partner.send)).toMatchObject({ queued: 2, failed: 1, delivered: 0 });
    await runPostbacks(db, as.env, now + 5 * MINUTE, partner.send);
    expect(partner.milestones()).toEqual(["decided"]);
    await runPostbacks(db, as.env, now + 15 * MINUTE, partner.send);
    expect(partner.milestones()).toEqual(["decided", "decided", "link_expired"]);
  });

  it("posts a sandbox lead's decision, and nothing after it", async () => {
    const as = await partnerWithPostbacks("PB_SANDBOX");
    await db.update(partners).set({ mode: "test" }).where(eq(partners.id, as.partnerId));
    const lead = demoLead();
    const answer = await post(lead, { ...as, ip: "203.0.113.167", headers: { "X-Partner-Mode": "test" } });
    expect(answer.headers.get("X-Partner-Mode")).toBe("test");
    const partner = receiver();
    await runPostbacks(db, as.env, Date.now(), partner.send);
    const sent = JSON.parse(partner.received[0]!.body) as {
      milestone: string;
      lead: { status: string; link: unknown };
    };
    expect(sent).toMatchObject({ milestone: "decided", lead: { status: "approved", link: null } });
    expect(await postbacksOf(as.partnerId)).toMatchObject([{ milestone: "decided", final: true }]);
    // A day later nothing more: no link expires, nothing is asked of the platform for it.
    const later = await runPostbacks(db, as.env, Date.now() + 25 * 60 * MINUTE, partner.send);
    expect(partner.received).toHaveLength(1);
    expect(later.queued).toBe(0);
  });

  it("signs with the next secret too during a rotation", async () => {
    const as = await partnerWithPostbacks("PB_ROTATE");
    await post(demoLead({ income: { takeHomePay: "300.00" } }), { ...as, ip: "203.0.113.164" });
    const next = "test-only-pb_rotate-next-postback-secret-987654321";
    const partner = receiver();
    await runPostbacks(db, { ...as.env, PARTNER_NEXT_SECRET_PB_ROTATE: next } as Env, Date.now(), partner.send);
    const [sent] = partner.received;
    const timestamp = sent!.headers.get("X-Timestamp")!;
    expect(sent!.headers.get("X-Signature")).toBe(await signLead(as.secret, timestamp, sent!.body));
    expect(sent!.headers.get("X-Signature-Next")).toBe(await signLead(next, timestamp, sent!.body));
  });

  it("sends nothing for a partner without a URL, and gives up what was queued when the URL is removed", async () => {
    const none = await partnerWithPostbacks("PB_NONE", null);
    await post(demoLead(), { ...none, ip: "203.0.113.165" });
    const partner = receiver();
    await runPostbacks(db, none.env, Date.now(), partner.send);
    expect(await postbacksOf(none.partnerId)).toEqual([]);

    // The URL removed, or the partner switched off, after a failed first attempt: what waits is given up, unsent.
    const cutOff = async (id: string, change: Partial<typeof partners.$inferInsert>) => {
      const as = await partnerWithPostbacks(id);
      await post(demoLead({ income: { takeHomePay: "300.00" } }), { ...as, ip: "203.0.113.165" });
      const failing = receiver([500]);
      await runPostbacks(db, as.env, Date.now(), failing.send);
      await db.update(partners).set(change).where(eq(partners.id, as.partnerId));
      await runPostbacks(db, as.env, Date.now() + 15 * MINUTE, failing.send);
      expect(failing.received).toHaveLength(1);
      return postbacksOf(as.partnerId);
    };
    expect(await cutOff("PB_REMOVED", { postbackUrl: null })).toMatchObject([
      { attempts: 1, lastResult: "no_url", nextAttemptAt: null },
    ]);
    expect(await cutOff("PB_OFF", { active: false })).toMatchObject([
      { lastResult: "partner_inactive", nextAttemptAt: null },
    ]);
  });

  it("refuses a plain-http URL outside development, and a missing secret, as failed attempts", async () => {
    const as = await partnerWithPostbacks("PB_PLAIN", "http://127.0.0.1:9/pb");
    await post(demoLead({ income: { takeHomePay: "300.00" } }), { ...as, ip: "203.0.113.166" });
    const partner = receiver();
    await runPostbacks(db, { ...as.env, ENVIRONMENT: "production" } as Env, Date.now(), partner.send);
    expect(partner.received).toHaveLength(0);
    expect(await postbacksOf(as.partnerId)).toMatchObject([{ attempts: 1, lastResult: "bad_url" }]);

    const unsigned = await partnerWithPostbacks("PB_UNSIGNED");
    await post(demoLead({ income: { takeHomePay: "300.00" } }), { ...unsigned, ip: "203.0.113.166" });
    await runPostbacks(db, env as Env, Date.now(), partner.send);
    expect(partner.received).toHaveLength(0);
    expect(await postbacksOf(unsigned.partnerId)).toMatchObject([{ attempts: 1, lastResult: "no_secret" }]);
  });
});
