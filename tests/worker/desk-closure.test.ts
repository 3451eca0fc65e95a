import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, easternDateTime } from "#domain/calendar";
import { closureMessages, reopenMessages } from "#domain/rules/closure";
import { drawBlockMessages } from "#domain/rules/standing";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { postToFile } from "./helpers/desk";
import { send } from "./helpers/http";
import { onLine } from "./helpers/line-object";
import { subjectsSent } from "./helpers/messages";

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

const post = (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") =>
  postToFile(customerId, { reason: "Borrower asked to close", ...fields }, role);

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
    expect(flagged.accountConfig.drawMessage).toBe(drawBlockMessages.closing);
    // The borrower's draw page says why, in their words: they asked to close it.
    const drawPage = await (await send("/draw", { cookie: b.cookie })).text();
    expect(drawPage).toContain(drawBlockMessages.closing);
    // And the account page says it beside the $0.00 available, which would otherwise go unexplained.
    const accountPage = async () => (await send("/account", { cookie: b.cookie })).text();
    expect(await accountPage()).toContain(drawBlockMessages.closing);
    const twice = await post(b.customerId, { intent: "close-line" });
    expect(twice.html).toContain(closureMessages.requested);

    const kept = await post(b.customerId, { intent: "cancel-closure" });
    expect(kept.html).toContain("Closure request cancelled: the line stays open.");
    expect((await b.summary()).accountHeader.availableCredit).toBe(before.availableCredit);
    expect(await accountPage()).not.toContain(drawBlockMessages.closing);
    expect(await audited(b.customerId)).toBe(2);
    expect(await subjectsSent(b.customerId, "accountChanged")).toEqual([
      "Your Ridgeline Credit line of credit stays open",
      "Your Ridgeline Credit line of credit will close when paid",
    ]);
  });

  it("a charged-off line is not closed here (it closes once paid), and nothing is written", async () => {
    const b = await borrower("chargedoff");
    const refused = await post(b.customerId, { intent: "close-line" });
    expect(refused.html).toContain(closureMessages.chargedOff);
    expect(await audited(b.customerId)).toBe(0);
  });
});

/** The line as if the borrower had asked to close it `daysAgo` days ago (or closed for another reason). */
async function closedBefore(lineId: number, daysAgo: number, reason = "requested") {
  // Counted in Eastern days, as the rule counts them: days of milliseconds drift by an hour across a DST change.
  const closedOn = addDays(easternDateTime(new Date()).date, -daysAgo);
  const closedAt = Date.parse(`${closedOn}T17:00:00Z`);
  await onLine(
    lineId,
    "UPDATE lines SET status = 'closed', closure_reason = ?, closed_at = ?, serviced_through = ? WHERE id = ?",
    reason,
    closedAt,
    closedOn,
    lineId,
  );
  return closedOn;
}

const statementCount = async (lineId: number) =>
  (await onLine<{ n: number }>(lineId, "SELECT COUNT(*) AS n FROM statements WHERE line_id = ?", lineId))[0]!.n;

describe("reopening a line at the desk (decision record 028)", { timeout: 60_000 }, () => {
  it("reopens a line closed at the borrower's request within 30 days, as it was, once", async () => {
    const b = await borrower("owing");
    const before = (await b.summary()).accountHeader;
    const closedOn = await closedBefore(b.applNo, 30);
    const statements = await statementCount(b.applNo);
    expect((await b.summary()).accountHeader.isClosed).toBe(true);
    const auditor = await post(b.customerId, { intent: "reopen-line" }, "auditor");
    expect(auditor.status).toBe(403);
    const key = crypto.randomUUID();
    const reopened = await post(b.customerId, { intent: "reopen-line", key, reason: "Changed their mind" });
    expect(reopened.html).toContain("Line reopened: it takes draws again");
    await post(b.customerId, { intent: "reopen-line", key });
    expect(await audited(b.customerId)).toBe(1);
    const after = (await b.summary()).accountHeader;
    expect([after.isClosed, after.creditLimit, after.accountBalance]).toEqual([
      false,
      before.creditLimit,
      before.accountBalance,
    ]);
    // The days it was closed were not serviced after the fact.
    const [line] = await onLine(
      b.applNo,
      "SELECT serviced_through AS through, reopened_on AS reopened FROM lines WHERE id = ?",
      b.applNo,
    );
    const today = easternDateTime(new Date()).date;
    expect(line).toEqual({ through: today, reopened: today });
    expect(await statementCount(b.applNo)).toBe(statements);
    expect(await subjectsSent(b.customerId, "accountChanged")).toEqual([
      "Your Ridgeline Credit line of credit is open again",
    ]);
    expect(closedOn < today).toBe(true);
    const again = await post(b.customerId, { intent: "reopen-line" });
    expect(again.html).toContain(reopenMessages.open);
    expect(await audited(b.customerId)).toBe(1);
  });

  it("refuses after 30 days, and after a closure the borrower did not ask for; writes nothing", async () => {
    const late = await borrower("owing");
    const closedOn = await closedBefore(late.applNo, 31);
    const tooLate = await post(late.customerId, { intent: "reopen-line" });
    expect(tooLate.html).toContain(reopenMessages.tooLate(addDays(closedOn, 30)));
    expect(tooLate.html).not.toContain('value="reopen-line"');
    const idle = await borrower("owing");
    await closedBefore(idle.applNo, 3, "inactivity");
    const inactive = await post(idle.customerId, { intent: "reopen-line" });
    expect(inactive.html).toContain(reopenMessages.notRequested);
    expect(await audited(late.customerId)).toBe(0);
    expect(await audited(idle.customerId)).toBe(0);
    expect((await idle.summary()).accountHeader.isClosed).toBe(true);
  });
});
