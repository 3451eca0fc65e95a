import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { closureMessages } from "#domain/rules/closure";
import { drawBlockMessages } from "#domain/rules/standing";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { devDeskCookie, shownAfter } from "./helpers/desk";
import { postForm } from "./helpers/http";

/**
 * CLOSE THE LINE at the borrower's request (issue 20, decision record 025):
 * with a balance, no more draws until it closes once paid; the request can be
 * taken back; one audit row each, none when refused.
 */
async function borrower(like: "owing" | "chargedoff") {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  return { ...b, summary: () => platform.call(catalogue.account.GetSummary, {}) };
}

const audited = async (customerId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ?")
    .bind(customerId)
    .first<{ n: number }>())!.n;

async function post(customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") {
  const cookie = await devDeskCookie(role);
  const body = { reason: "Borrower asked to close", key: crypto.randomUUID(), ...fields };
  return shownAfter(await postForm(`/desk/borrowers/${customerId}`, body, { cookie }), cookie);
}

describe("closing a line at the desk", { timeout: 60_000 }, () => {
  it("with a balance stops draws and shows no credit; taken back, draws return", async () => {
    const b = await borrower("owing");
    const before = (await b.summary()).accountHeader;
    expect(before.accountBalance).toBeGreaterThan(0);
    const auditor = await post(b.customerId, { intent: "close-line" }, "auditor");
    expect(auditor.status).toBe(403);
    const key = crypto.randomUUID();
    const closing = await post(b.customerId, { intent: "close-line", key });
    expect(closing.html).toContain("Closure requested: no more draws");
    await post(b.customerId, { intent: "close-line", key });
    expect(await audited(b.customerId)).toBe(1);
    const flagged = await b.summary();
    expect(flagged.accountHeader.isClosed).toBe(false);
    expect(flagged.accountHeader.availableCredit).toBe(0);
    expect(flagged.accountConfig.drawMessage).toBe(drawBlockMessages.notEligible);
    const twice = await post(b.customerId, { intent: "close-line" });
    expect(twice.html).toContain(closureMessages.requested);

    const kept = await post(b.customerId, { intent: "cancel-closure" });
    expect(kept.html).toContain("Closure request cancelled: the line stays open.");
    expect((await b.summary()).accountHeader.availableCredit).toBe(before.availableCredit);
    expect(await audited(b.customerId)).toBe(2);
  });

  it("a charged-off line is not closed here (it closes once paid), and nothing is written", async () => {
    const b = await borrower("chargedoff");
    const refused = await post(b.customerId, { intent: "close-line" });
    expect(refused.html).toContain(closureMessages.chargedOff);
    expect(await audited(b.customerId)).toBe(0);
  });
});
