import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { partners } from "#db/schema/leads";
import { easternDateTime } from "#domain/calendar";
import { account, applications } from "#domain/catalogue/index";
import { EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { api } from "#server/api/app";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { demoLead, freshTimestamp } from "../e2e/fixtures/lead-data";
import { finishESign } from "./helpers/esign";
import { db, json, post, rowOf } from "./helpers/leads";
import { serviceLine } from "./helpers/line-object";
import { settledDb } from "./helpers/messages";

vi.setConfig({ testTimeout: 30_000 });

/**
 * GET /api/leads/{partnerLeadId} (issue 21): a lead's status and what became
 * of it (e-signed, first draw funded, withdrawn), signed over the path, only
 * for the partner's own leads.
 */

async function status(
  partnerLeadId: string,
  as: { partnerId?: string; secret?: string; signPath?: string; bindings?: Record<string, unknown> } = {},
) {
  const path = `/api/leads/${encodeURIComponent(partnerLeadId)}`;
  const secret = as.secret ?? env.PARTNER_SECRET_DEMO;
  // Each signed request is accepted once: a timestamp this signer has not signed this path with yet. (Counting
  // down from now collided when a second passed between two reads: now+1 less 1 was the first read's time.)
  const timestamp = freshTimestamp(`${as.partnerId ?? DEMO_PARTNER.id} ${secret}`, as.signPath ?? path);
  const request = new Request(`https://ridgeline.test${path}`, {
    headers: {
      "X-Partner-Id": as.partnerId ?? DEMO_PARTNER.id,
      "X-Timestamp": String(timestamp),
      "X-Signature": await signLead(secret, timestamp, as.signPath ?? path),
      "CF-Connecting-IP": "203.0.113.150",
    },
  });
  return api.request(request, undefined, { ...env, ...as.bindings });
}

const finish = finishESign("Jordan Rivera", 20_000);

describe("a lead's status", () => {
  it("follows an approved lead from its decision to e-sign and its first draw's funding", async () => {
    const lead = demoLead();
    expect((await json(await post(lead, { ip: "203.0.113.151" }))).status).toBe("approved");
    const first = await status(lead.partnerLeadId);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(await first.json()).toEqual({
      partnerLeadId: lead.partnerLeadId,
      status: "approved",
      decidedAt: expect.any(String),
      link: "unused",
      esignedAt: null,
      firstDraw: null,
      withdrawnAt: null,
      adverseActionNotice: null,
      milestonesKnown: true,
    });

    // The applicant continues and e-signs with a $200 first draw.
    const row = await rowOf(lead.partnerLeadId);
    const applicant = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
    await applicant.call(applications.GetUwsTransactionInformation, { transactinId: row!.transactionId! });
    const signed = await applicant.call(account.FinishESign, finish);
    const esigned = (await (await status(lead.partnerLeadId)).json()) as Record<string, unknown>;
    expect(esigned).toMatchObject({
      esignedAt: expect.any(String),
      firstDraw: { amountCents: 20_000, fundingDate: signed.fundingDate, funded: false },
      withdrawnAt: null,
    });
    // Once its funding date has come, the servicing run funds it.
    const fundingDay = new Date(`${signed.fundingDate}T17:00:00Z`);
    await serviceLine(row!.applicationId!, fundingDay);
    expect(((await (await status(lead.partnerLeadId)).json()) as { firstDraw: unknown }).firstDraw).toEqual({
      amountCents: 20_000,
      fundingDate: signed.fundingDate,
      funded: true,
    });
    expect(signed.fundingDate! > easternDateTime(new Date()).date).toBe(true);
  });

  it("of a denied lead says the applicant was sent the adverse-action notice, never its reasons", async () => {
    const lead = demoLead({ income: { takeHomePay: "300.00" } });
    const answer = await json(await post(lead, { ip: "203.0.113.153" }));
    expect(answer).toMatchObject({ status: "denied", adverseActionNotice: "sent" });
    const read = await status(lead.partnerLeadId);
    const body = await read.text();
    expect(JSON.parse(body)).toMatchObject({ status: "denied", adverseActionNotice: "sent", link: null });
    // The applicant's notice went to them, with its reason; neither the answer nor the status names it.
    const sent = await (await settledDb())
      .prepare("SELECT body FROM outbox WHERE recipient = ?")
      .bind(lead.personal.email)
      .first<{ body: string }>();
    expect(sent!.body).toContain("Your income is below our minimum");
    for (const text of [JSON.stringify(answer), body]) expect(text).not.toMatch(/income|reason|minimum/i);
  });

  it("is only the partner's own, for the path signed; an unknown id is 404 with a code", async () => {
    const lead = demoLead();
    await post(lead, { ip: "203.0.113.152" });
    const unknown = await status("no-such-lead");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No lead of yours has this partnerLeadId.", code: "lead_not_found" });
    // Another partner's signature does not open this partner's lead.
    const other = "OTHER_STATUS";
    const secret = "another-partner-secret-0123456789abcdefghij";
    await db
      .insert(partners)
      .values({ id: other, code: "LEAD-OTHER", name: other, createdAt: Date.now() })
      .onConflictDoNothing();
    const theirs = await status(lead.partnerLeadId, {
      partnerId: other,
      secret,
      bindings: { [`PARTNER_SECRET_${other}`]: secret },
    });
    expect(theirs.status).toBe(404);
    // A signature made for one lead's path does not open another's.
    const moved = await status(lead.partnerLeadId, { signPath: "/api/leads/no-such-lead" });
    expect(moved.status).toBe(401);
  });
});
