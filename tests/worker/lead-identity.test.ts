import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { leadLinks, leads } from "#db/schema/leads";
import { partnerLeads } from "#domain/config";
import { redeemLink, releaseLink } from "#server/leads/store";
import { type DemoLead, demoLead } from "../e2e/fixtures/lead-data";
import { expectNoWrites } from "./helpers/d1-snapshot";
import { counts, db, json, post, rowOf, tokenOf } from "./helpers/leads";

/**
 * Issue 14, item 7: a partner lead id names ONE applicant. Its link points
 * at the site's configured origin (SITE_ORIGIN), whatever Host the request
 * came with; a repeat answers the recorded decision only for the same body,
 * and a fresh link only while the first was never used. A different body
 * under a used id is refused (409, code lead_id_reused) and writes nothing
 * but its signature's row.
 */

// Each post decides through the embedded platform (several D1 writes): allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const REUSED = "lead_id_reused";

/** Another person under the same partner lead id (name, SSN, e-mail, bank account of their own). */
function someoneElse(first: DemoLead): DemoLead {
  const other = demoLead({ personal: { firstName: "Mallory", lastName: "Quinn" }, banking: { account: "987654321" } });
  return { ...other, partnerLeadId: first.partnerLeadId };
}

const linksOf = async (leadId: string) =>
  (await db.select({ n: sql<number>`count(*)` }).from(leadLinks).where(eq(leadLinks.leadId, leadId)).get())!.n;

describe("the applicant's link comes from configuration", () => {
  it("points at SITE_ORIGIN even when the request says Host: evil.example", async () => {
    const res = await post(demoLead(), { origin: "http://evil.example" });
    expect(res.status).toBe(200);
    const { redirectUrl } = await json(res);
    expect(new URL(redirectUrl!).origin).toBe(new URL(env.SITE_ORIGIN).origin);
    expect(redirectUrl).toMatch(
      new RegExp(`^${env.SITE_ORIGIN.replaceAll(".", "\\.")}/apply/approved\\?ID=[\\w-]{43}$`),
    );
    expect(redirectUrl).not.toContain("evil");
  });

  it("gives a repeat's fresh link the configured origin too", async () => {
    const lead = demoLead();
    await post(lead);
    const again = await json(await post(lead, { origin: "https://evil.example" }));
    expect(new URL(again.redirectUrl!).origin).toBe(new URL(env.SITE_ORIGIN).origin);
  });
});

describe("a reused partnerLeadId with a different applicant", () => {
  it("is refused with 409 and lead_id_reused: no link, no decision, nothing written but its signature", async () => {
    const first = demoLead();
    const approved = await json(await post(first));
    expect(approved.status).toBe("approved");
    const before = await counts();

    const res = await expectNoWrites(() => post(someoneElse(first)), ["lead_signatures"]);
    expect(res.status).toBe(409);
    expect(res.headers.get("X-Lead-Replayed")).toBeNull();
    expect(res.headers.get("Retry-After")).toBeNull();
    const answer = await json(res);
    expect(answer.code).toBe(REUSED);
    expect(answer.error).toMatch(/different applicant/);
    expect(answer.redirectUrl).toBeUndefined();
    expect(answer.applicationId).toBeUndefined();
    expect(JSON.stringify(answer)).not.toContain("Jordan");
    expect(await counts()).toEqual(before);
    expect((await rowOf(first.partnerLeadId))!.attempts).toBe(1);
  });

  it("is refused for a denied lead as well", async () => {
    const first = demoLead({ income: { takeHomePay: "300.00" } });
    expect((await json(await post(first))).status).toBe("denied");
    const res = await post(someoneElse(first));
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe(REUSED);
  });

  it("does not take over an errored lead for another applicant (its ExtTransactionID is the first one's)", async () => {
    const first = demoLead();
    expect((await post(first, { bindings: { SSN_ENCRYPTION_KEY: "too-short" } })).status).toBe(503);
    const before = await counts();
    const res = await expectNoWrites(() => post(someoneElse(first)), ["lead_signatures"]);
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe(REUSED);
    expect(await counts()).toEqual(before);
    expect(await rowOf(first.partnerLeadId)).toMatchObject({ status: "error", attempts: 1 });
    // The first applicant, posted again, is still decided.
    expect((await json(await post(first))).status).toBe("approved");
  });

  it("is refused at once while the first is still being decided (no wait)", async () => {
    const first = demoLead();
    const now = Date.now();
    // A claim in progress, as the first post leaves it before the platform answers.
    await post(first, { bindings: { SSN_ENCRYPTION_KEY: "too-short" } });
    await db
      .update(leads)
      .set({ status: "pending", claimedAt: now })
      .where(eq(leads.partnerLeadId, first.partnerLeadId));
    const started = Date.now();
    const res = await post(someoneElse(first));
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe(REUSED);
    expect(Date.now() - started).toBeLessThan(partnerLeads.raceWaitMs);
  });

  it("refuses a repeat of a lead recorded before bodies were hashed (it cannot be shown to be the same applicant)", async () => {
    const first = demoLead();
    await post(first);
    await db.update(leads).set({ bodyHash: null }).where(eq(leads.partnerLeadId, first.partnerLeadId));
    const res = await post(first);
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe(REUSED);
  });
});

describe("the same applicant posted again", () => {
  it("is the same body whatever the key order or the formatting the schema normalises", async () => {
    const first = demoLead();
    const approved = await json(await post(first));
    const reordered = {
      banking: first.banking,
      payFrequency: first.payFrequency,
      income: first.income,
      address: { ...first.address, mainPhone: " 614-555-0101 " },
      personal: { ...first.personal, email: first.personal.email.toUpperCase() },
      partnerLeadId: first.partnerLeadId,
    };
    const res = await post(reordered);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Lead-Replayed")).toBe("true");
    expect((await json(res)).applicationId).toBe(approved.applicationId);
  });

  it("gets the recorded decision and a fresh link while the first link was never used", async () => {
    const lead = demoLead();
    const first = await json(await post(lead));
    const row = (await rowOf(lead.partnerLeadId))!;
    const again = await post(lead);
    expect(again.headers.get("X-Lead-Replayed")).toBe("true");
    const second = await json(again);
    expect(second).toMatchObject({ status: "approved", applicationId: first.applicationId });
    expect(second.redirectUrl).not.toBe(first.redirectUrl);
    expect(await linksOf(row.id)).toBe(2);
  });

  it("gets the recorded decision without a link once the first link was used", async () => {
    const lead = demoLead();
    const first = await json(await post(lead));
    const row = (await rowOf(lead.partnerLeadId))!;
    expect((await redeemLink(db, tokenOf(first.redirectUrl!), Date.now())).ok).toBe(true);

    const res = await expectNoWrites(() => post(lead), ["lead_signatures"]);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Lead-Replayed")).toBe("true");
    expect(await json(res)).toEqual({ status: "approved", applicationId: first.applicationId, linkStatus: "used" });
    expect(await linksOf(row.id)).toBe(1);
  });

  it("gets a fresh link again when the use was given back (the platform failed while it was followed)", async () => {
    const lead = demoLead();
    const first = await json(await post(lead));
    const redeemed = await redeemLink(db, tokenOf(first.redirectUrl!), Date.now());
    if (!redeemed.ok) throw new Error("the link was refused");
    expect(await releaseLink(db, redeemed.lead)).toBe(true);
    const again = await json(await post(lead));
    expect(again.redirectUrl).toBeTruthy();
    expect(again.linkStatus).toBeUndefined();
  });

  it("gets no link once the 24 hours to continue are over", async () => {
    const lead = demoLead();
    await post(lead);
    await db
      .update(leads)
      .set({ continueBy: Date.now() - 1_000 })
      .where(eq(leads.partnerLeadId, lead.partnerLeadId));
    const before = await counts();
    const answer = await json(await post(lead));
    expect(answer).toMatchObject({ status: "approved", linkStatus: "expired" });
    expect(answer.redirectUrl).toBeUndefined();
    expect(await counts()).toEqual(before);
  });

  it("stores a hash of the body with the lead, not the body", async () => {
    const lead = demoLead();
    await post(lead);
    const row = (await rowOf(lead.partnerLeadId))!;
    expect(row.bodyHash).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(row);
    for (const secret of [lead.personal.ssn.replaceAll("-", ""), lead.personal.email, lead.banking.account])
      expect(stored).not.toContain(secret);
  });
});
