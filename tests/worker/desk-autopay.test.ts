import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, easternDateTime } from "#domain/calendar";
import { autopayMessages } from "#domain/rules/autopay";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { postToFile } from "./helpers/desk";

/**
 * Automatic payments revoked and authorized again at the servicing desk
 * (issue 20, decision record 024): a revocation honours the 3 days' notice
 * (a debit sooner still posts), an authorization is read to the borrower;
 * one audit row when done, none when refused, once per form.
 */
const TIMEOUT = 60_000;

async function borrower(like: "owing" | "pastdue") {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  const summary = () => platform.call(catalogue.account.GetSummary, {});
  return { ...b, summary };
}

const audited = async (customerId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ? AND action LIKE '%automatic%'")
    .bind(customerId)
    .first<{ n: number }>())!.n;

const post = postToFile;

describe("automatic payments at the desk", { timeout: TIMEOUT }, () => {
  it("are revoked with 3 days' notice, once; then authorized again when the borrower agrees", async () => {
    const b = await borrower("owing");
    const before = await b.summary();
    const next = before.accountHeader.nextAutoPaymentDate;
    expect(next, "the owing demo borrower has a debit coming").not.toBeNull();
    const endsOn = addDays(easternDateTime(new Date()).date, 3);
    const key = crypto.randomUUID();
    const revoked = await post(b.customerId, { intent: "revoke-autopay", key });
    expect(revoked.html).toContain("Automatic payments revoked.");
    await post(b.customerId, { intent: "revoke-autopay", key });
    expect(await audited(b.customerId)).toBe(1);
    const after = (await b.summary()).accountHeader;
    // A debit within the notice still posts; one at or after it does not.
    expect(after.nextAutoPaymentDate).toBe(next! < endsOn ? next : null);
    const again = await post(b.customerId, { intent: "revoke-autopay" });
    expect(again.html).toContain("Automatic payments were already revoked");
    expect(await audited(b.customerId)).toBe(1);

    const unticked = await post(b.customerId, { intent: "authorize-autopay" });
    expect(unticked.html).toContain("Read the authorization to the borrower and tick that they agreed.");
    const authorized = await post(b.customerId, { intent: "authorize-autopay", authorized: "on" });
    expect(authorized.html).toContain("Automatic payments authorized from the next due date.");
    const restored = (await b.summary()).accountHeader;
    expect([restored.repaymentMethod, restored.nextAutoPaymentDate]).toEqual(["A", next]);
    expect(await audited(b.customerId)).toBe(2);
  });

  it("a paper-check line has none to revoke; an auditor can change nothing", async () => {
    const b = await borrower("pastdue");
    const refused = await post(b.customerId, { intent: "revoke-autopay" });
    expect(refused.html).toContain(autopayMessages.notOn);
    const auditor = await post(b.customerId, { intent: "authorize-autopay", authorized: "on" }, "auditor");
    expect(auditor.status).toBe(403);
    expect(await audited(b.customerId)).toBe(0);
  });
});
