import { createScheduledController, env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { leadSignatures } from "#db/schema/leads";
import { partnerLeads } from "#domain/config";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { purgeOldLeadSignatures } from "#server/leads/store";
import worker from "#server/worker";
import { demoLead } from "../e2e/fixtures/lead-data";
import { counts, db, json, nowSeconds, post, rowOf } from "./helpers/leads";

// Each post decides through the embedded platform (several D1 writes): allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const REPLAYED = "This signed request was already received. Sign each request with a fresh timestamp.";

/** One signed request, captured: the same timestamp, signature and body each time it is sent. */
async function captured(lead: object, ip: string) {
  const timestamp = nowSeconds();
  const signature = await signLead(env.PARTNER_SECRET_DEMO, timestamp, JSON.stringify(lead));
  return () => post(lead, { timestamp, signature, ip });
}

const signatureRows = async (signature: string) =>
  db
    .select()
    .from(leadSignatures)
    .where(and(eq(leadSignatures.partnerId, DEMO_PARTNER.id), eq(leadSignatures.signature, signature)))
    .all();

describe("POST /api/leads: a signed request works once", () => {
  it("refuses an exact replay of an approved lead's request with 401: no new link, no decision", async () => {
    const lead = demoLead();
    const send = await captured(lead, "203.0.113.130");
    const first = await send();
    expect(first.status).toBe(200);
    expect((await json(first)).redirectUrl).toBeTruthy();
    const before = await counts();

    const replay = await send();
    expect(replay.status).toBe(401);
    expect(await json(replay)).toEqual({ error: REPLAYED, code: "signature_reused" });
    expect(replay.headers.get("WWW-Authenticate")).toContain("Signature realm=");
    expect(replay.headers.get("X-Lead-Replayed")).toBeNull();
    expect(await counts()).toEqual(before);
    expect((await rowOf(lead.partnerLeadId))!.attempts).toBe(1);
  });

  it("refuses a replay of a request that was refused after its signature (here: bad fields)", async () => {
    const send = await captured({ partnerLeadId: "no-fields" }, "203.0.113.131");
    expect((await send()).status).toBe(400);
    expect((await send()).status).toBe(401);
  });

  it("still answers a retry of the lead id, signed afresh, with the recorded decision", async () => {
    const lead = demoLead();
    const ip = "203.0.113.132";
    const first = await json(await post(lead, { ip, timestamp: nowSeconds() - 1 }));
    const retry = await post(lead, { ip, timestamp: nowSeconds() });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("X-Lead-Replayed")).toBe("true");
    const again = await json(retry);
    expect({ status: again.status, applicationId: again.applicationId }).toEqual({
      status: "approved",
      applicationId: first.applicationId,
    });
    expect(again.redirectUrl).toBeTruthy();
  });

  it("remembers a signature only once it verifies: a wrong one leaves no row", async () => {
    const lead = demoLead();
    const timestamp = nowSeconds();
    const forged = await signLead("someone-elses-secret-0123456789abcdef", timestamp, JSON.stringify(lead));
    expect((await post(lead, { timestamp, signature: forged, ip: "203.0.113.133" })).status).toBe(401);
    expect(await signatureRows(forged)).toHaveLength(0);
  });
});

describe("the scheduled clean-up of remembered signatures", () => {
  const keepMs = 2 * partnerLeads.signatureToleranceSeconds * 1000;
  const remember = (signature: string, seenAt: number) =>
    db.insert(leadSignatures).values({ partnerId: DEMO_PARTNER.id, signature, seenAt });

  it("deletes signatures seen over twice the timestamp tolerance ago, and keeps newer ones", async () => {
    const now = Date.now();
    await remember("a".repeat(64), now - keepMs - 1_000);
    await remember("b".repeat(64), now - keepMs + 1_000);
    await purgeOldLeadSignatures(db, now);
    expect(await signatureRows("a".repeat(64))).toHaveLength(0);
    expect(await signatureRows("b".repeat(64))).toHaveLength(1);
  });

  it("runs with the Worker's scheduled handler", async () => {
    await remember("c".repeat(64), Date.now() - keepMs - 60_000);
    await worker.scheduled(createScheduledController(), env);
    expect(await signatureRows("c".repeat(64))).toHaveLength(0);
  });
});
