import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadLinks } from "#db/schema/leads";
import { applications } from "#db/schema/servicing";
import { partnerLeads } from "#domain/config";
import { edgeContext } from "#server/http/request-context";
import { purgeOldLeadLinks, redeemLink, releaseLink } from "#server/leads/store";
import { followLeadLink } from "../../app/routes/apply/lead-link.server";
import { demoLead } from "../e2e/fixtures/lead-data";
import { db, json, post, rowOf, tokenOf } from "./helpers/leads";

/**
 * The approved applicant's one-time link (/apply/approved?ID=...): used once,
 * within 24 hours, and given back when the platform fails while it is followed.
 */

// Each approval decides through the embedded platform (several D1 writes): allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** A decided, approved lead: its link's token and its recorded row. */
async function approved() {
  const lead = demoLead();
  const answer = await json(await post(lead));
  return {
    token: tokenOf(answer.redirectUrl!),
    applicationId: answer.applicationId!,
    row: (await rowOf(lead.partnerLeadId))!,
  };
}

describe("the applicant's link", () => {
  it("continues once; a second use, an unknown token and a malformed one are refused", async () => {
    const { token } = await approved();
    const first = await redeemLink(db, token, Date.now());
    expect(first.ok).toBe(true);
    const again = await redeemLink(db, token, Date.now());
    expect(again).toEqual({ ok: false, applicationId: first.ok ? first.lead.applicationId : null });
    expect(await redeemLink(db, "A".repeat(43), Date.now())).toEqual({ ok: false, applicationId: null });
    expect(await redeemLink(db, "../../etc", Date.now())).toEqual({ ok: false, applicationId: null });
  });

  it("expires 24 hours after the decision", async () => {
    const { token } = await approved();
    const late = Date.now() + partnerLeads.continueLinkHours * 3_600_000 + 1_000;
    const refused = await redeemLink(db, token, late);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? null : refused.applicationId).toEqual(expect.any(Number));
    // Refused for lateness, not used up: in time it would still work.
    expect((await redeemLink(db, token, Date.now())).ok).toBe(true);
  });

  it("allows only one of two links of one lead (a repeated post's link and the first)", async () => {
    const lead = demoLead();
    const first = tokenOf((await json(await post(lead))).redirectUrl!);
    const second = tokenOf((await json(await post(lead))).redirectUrl!);
    expect((await redeemLink(db, second, Date.now())).ok).toBe(true);
    expect((await redeemLink(db, first, Date.now())).ok).toBe(false);
  });
});

describe("the scheduled clean-up of links", () => {
  it("deletes the links of leads whose continuation ended over a day ago, and keeps live ones", async () => {
    const { row } = await approved();
    const linksOf = () => db.select().from(leadLinks).where(eq(leadLinks.leadId, row.id)).all();
    await purgeOldLeadLinks(db, row.continueBy! + 86_400_000 - 1_000);
    expect(await linksOf()).toHaveLength(1);
    await purgeOldLeadLinks(db, row.continueBy! + 86_400_000 + 1_000);
    expect(await linksOf()).toHaveLength(0);
  });
});

describe("the link given back when the platform fails", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Follows the link once and expects it to open (the lead as it stands after this use). */
  async function use(token: string, at = Date.now()) {
    const redemption = await redeemLink(db, token, at);
    if (!redemption.ok) throw new Error("the link was refused");
    return redemption.lead;
  }

  it("is usable again after a release, and still only once", async () => {
    const { token } = await approved();
    const used = await use(token);
    expect((await redeemLink(db, token, Date.now())).ok).toBe(false);
    expect(await releaseLink(db, used)).toBe(true);
    await use(token);
    expect((await redeemLink(db, token, Date.now())).ok).toBe(false);
  });

  it("releases only the use it was given: a stale release does not undo a later use", async () => {
    const { token } = await approved();
    const first = await use(token, Date.now() - 5_000);
    expect(await releaseLink(db, first)).toBe(true);
    await use(token);
    // The first use's release, arriving again, finds another use and changes nothing.
    expect(await releaseLink(db, first)).toBe(false);
    expect((await redeemLink(db, token, Date.now())).ok).toBe(false);
  });

  it("does not revive an expired link", async () => {
    const { token, row } = await approved();
    const used = await use(token, row.continueBy! - 1_000);
    expect(await releaseLink(db, used)).toBe(true);
    expect((await redeemLink(db, token, row.continueBy! + 1_000)).ok).toBe(false);
  });

  /** Follows the link as the approved page does, with these bindings over the test's. */
  function follow(token: string, bindings: Record<string, unknown> = {}) {
    const context = new RouterContextProvider();
    context.set(edgeContext, { env: { ...env, ...bindings }, ctx: createExecutionContext() });
    return followLeadLink(context, token);
  }

  it("sends the applicant to the error page when the platform is down, and the same link works once it is back", async () => {
    const { token, applicationId } = await approved();
    // An upstream platform that answers 500 to everything: the call fails as unavailable.
    const failing = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => Response.json({ error: "down" }, { status: 500 }));
    const down = await follow(token, {
      PLATFORM_API_BASE: "https://platform.test/",
      PLATFORM_MERCHANT_ID: "test-merchant",
    });
    expect(failing).toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(down.headers.get("Location")).toBe(`/apply/leadpost?appid=${applicationId}`);
    const back = await follow(token);
    expect(back.headers.get("Location")).toBe("/apply/approved");
    expect(back.headers.get("Set-Cookie")).toBeTruthy();
    // Now it is used up.
    expect((await follow(token)).headers.get("Location")).toBe(`/apply/leadpost?appid=${applicationId}`);
  });

  it("stays used when the platform answers without a record", async () => {
    const { token, applicationId } = await approved();
    const setStatus = (status: string) =>
      db.update(applications).set({ status }).where(eq(applications.id, applicationId));
    // Not approved any more: GetUWSTransactionInformation answers no records.
    await setStatus("voided");
    expect((await follow(token)).headers.get("Location")).toBe(`/apply/leadpost?appid=${applicationId}`);
    await setStatus("approved");
    expect((await follow(token)).headers.get("Location")).toBe(`/apply/leadpost?appid=${applicationId}`);
  });
});
