import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import type { PayFrequency } from "#domain/config";
import { formatMoney } from "#domain/format";
import { limitMessages, raiseCeilingCents } from "#domain/rules/credit-limit";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { ServicingError } from "../../functions/servicing/context";
import { unlessAnswered } from "../../functions/servicing/desk";
import { deskLineAction } from "../../functions/servicing/objects/desk-route";
import { withLineHomes } from "../../functions/servicing/objects/homes";
import { signedInBorrower } from "./helpers/borrowers";
import { postToFile } from "./helpers/desk";

/**
 * CHANGE LIMIT at the servicing desk (issue 20, decision record 023): raised
 * through underwriting's income rule on a current line, lowered in any
 * standing to $300 at least; one audit row when done, none when refused.
 */
const TIMEOUT = 60_000;

async function borrower(like: "owing" | "pastdue") {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  const header = async () => (await platform.call(catalogue.account.GetSummary, {})).accountHeader;
  const income = await env.DB.prepare(
    "SELECT a.take_home_cents AS takeHome, a.pay_frequency AS frequency FROM applications a JOIN lines l ON l.application_id = a.id WHERE l.id = ?",
  )
    .bind(b.applNo)
    .first<{ takeHome: number; frequency: PayFrequency }>();
  return { ...b, header, ceiling: raiseCeilingCents(income!.takeHome, income!.frequency) };
}

const audited = async (customerId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ? AND action = 'change limit'")
    .bind(customerId)
    .first<{ n: number }>())!.n;

const change = (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") =>
  postToFile(customerId, { intent: "limit", reason: "Asked for more", ...fields }, role);

const dollars = (cents: number) => (cents / 100).toFixed(2);

describe("a credit limit changed at the desk", { timeout: TIMEOUT }, () => {
  it("is raised to underwriting's ceiling and no further; available credit follows; once per form", async () => {
    const b = await borrower("owing");
    const before = await b.header();
    expect(b.ceiling).toBeGreaterThan(before.creditLimit);
    const above = await change(b.customerId, { limit: dollars(b.ceiling + 2_500) });
    expect(above.html).toContain(limitMessages.above(b.ceiling));
    const key = crypto.randomUUID();
    const raised = await change(b.customerId, { limit: `$${dollars(b.ceiling)}`, key });
    expect(raised.html).toContain(
      `Credit limit changed: ${formatMoney(before.creditLimit)} to ${formatMoney(b.ceiling)}.`,
    );
    const after = await b.header();
    expect(after.creditLimit).toBe(b.ceiling);
    expect(after.availableCredit).toBe(before.availableCredit + (b.ceiling - before.creditLimit));
    const again = await change(b.customerId, { limit: dollars(b.ceiling), key });
    expect(again.html).toContain("That change was already made");
    expect(await audited(b.customerId)).toBe(1);
    const steps = await change(b.customerId, { limit: "1,010" });
    expect(steps.html).toContain(limitMessages.step);
    const typo = await change(b.customerId, { limit: "1e3" });
    expect(typo.html).toContain("Enter the new limit in dollars, like 1,250.");
    expect(await audited(b.customerId)).toBe(1);
  });

  it("is not raised on a delinquent line, is lowered to $300 at least, and an auditor cannot change it", async () => {
    const b = await borrower("pastdue");
    const before = await b.header();
    const raise = await change(b.customerId, { limit: dollars(before.creditLimit + 2_500) });
    expect(raise.html).toContain(limitMessages.notCurrent);
    const tooLow = await change(b.customerId, { limit: "275" });
    expect(tooLow.html).toContain(limitMessages.below);
    const auditor = await change(b.customerId, { limit: "300" }, "auditor");
    expect(auditor.status).toBe(403);
    expect(await audited(b.customerId)).toBe(0);
    const lowered = await change(b.customerId, { limit: "300" });
    expect(lowered.html).toContain(`to ${formatMoney(30_000)}.`);
    expect((await b.header()).creditLimit).toBe(30_000);
    expect(await audited(b.customerId)).toBe(1);
  });

  it("sent twice at once (a double click), both answers say it was done, never a refusal of itself", async () => {
    const b = await borrower("owing");
    const before = await b.header();
    const key = crypto.randomUUID();
    const fields = { limit: dollars(before.creditLimit - 2_500), key };
    const pages = await Promise.all([change(b.customerId, fields), change(b.customerId, fields)]);
    for (const { html } of pages) {
      expect(html).not.toContain(limitMessages.same);
      expect(html).toMatch(/Credit limit changed|That change was already made/);
    }
    expect(await audited(b.customerId)).toBe(1);
  });

  it("a refusal met after the same form's other submit committed is that submit's answer (unlessAnswered)", async () => {
    const b = await borrower("owing");
    const db = withLineHomes(database(env.DB), env.LINES);
    const actor = { email: "agent@desk.ridgeline.test", role: "agent" } as const;
    const key = crypto.randomUUID();
    const refusal = new ServicingError(422, limitMessages.same);
    const replay = (done: { after: unknown }) => done.after;
    // Before the other submit is written, the refusal stands.
    await expect(unlessAnswered(db, actor, key, refusal, replay)).rejects.toBe(refusal);
    const input = { customerId: b.customerId, limitCents: 30_000, reason: "Lower", key };
    // Made where the line lives (its object), as the desk makes it.
    await deskLineAction(env, db, "changeLimit", actor, input, new Date());
    // After it, the same key's refusal becomes the submit's own answer.
    await expect(unlessAnswered(db, actor, key, refusal, replay)).resolves.toMatchObject({ limitCents: 30_000 });
  });
});
