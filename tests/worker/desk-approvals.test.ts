import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DeskRole } from "#domain/desk";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { DEV_DESK_COOKIE, signDevIdentity } from "#server/desk/dev-identity";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { decodeHtml, shownAfter } from "./helpers/desk";
import { postForm, send } from "./helpers/http";
import { lineRowCount, onLine } from "./helpers/line-object";

/**
 * Maker-checker at the servicing desk (issue 20, decision record 022): a fee
 * waiver or a payment reversal is asked by one desk user and approved or
 * rejected by a supervisor who did not ask. Asking changes no money; every
 * step writes one audit row; a refusal writes nothing; each form counts once.
 */
const TIMEOUT = 60_000;

async function cookieAs(role: DeskRole, name: string = role): Promise<string> {
  const value = await signDevIdentity(env, { email: `${name}@desk.ridgeline.test`, role }, Date.now());
  return `${DEV_DESK_COOKIE}=${value!}`;
}

async function borrower(like: "owing" | "pastdue" | "current") {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  const header = async () => (await platform.call(catalogue.account.GetSummary, {})).accountHeader;
  return { ...b, header };
}

/** The line's ledger rows of a kind, where the line lives. */
const rowsOf = (lineId: number, kind: string) =>
  onLine<{ id: string; amount: number }>(
    lineId,
    "SELECT id, amount_cents AS amount FROM ledger_entries WHERE line_id = ? AND kind = ? ORDER BY posted_at",
    lineId,
    kind,
  );

/** The line's ledger rows (where the line lives), and the shared queue's requests and audit rows. */
const counts = async (customerId: string, lineId: number) => {
  const ledger = await lineRowCount(lineId, "ledger_entries");
  const shared = (await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM desk_requests WHERE customer_id = ?) AS requests,
            (SELECT COUNT(*) FROM desk_audit WHERE customer_id = ?) AS audit`,
  )
    .bind(customerId, customerId)
    .first<{ requests: number; audit: number }>())!;
  return { ledger, ...shared };
};

/** A desk form as the browser posts it, and the page then shown. */
async function post(customerId: string, cookie: string, fields: Record<string, string>) {
  const res = await postForm(`/desk/borrowers/${customerId}`, { key: crypto.randomUUID(), ...fields }, { cookie });
  return shownAfter(res, cookie);
}

const requestIdOf = (html: string) => Number(/Request sent to a supervisor: number (\d+)\./.exec(html)?.[1]);

describe("a fee waiver", { timeout: TIMEOUT }, () => {
  it("asked by an agent changes no money; approved by a supervisor, the balance and the minimum fall by the fee", async () => {
    const b = await borrower("owing");
    const [fee] = (await rowsOf(b.applNo, "carried_balance_fee")).slice(-1);
    expect(fee, "the owing demo borrower has a billed fee").toBeDefined();
    const before = await b.header();
    const counted = await counts(b.customerId, b.applNo);
    const agent = await cookieAs("agent");
    const key = crypto.randomUUID();
    const asked = await post(b.customerId, agent, { intent: "waive", entryId: fee!.id, reason: "Courtesy", key });
    const requestId = requestIdOf(asked.html);
    expect(requestId).toBeGreaterThan(0);
    expect(await b.header()).toEqual(before);
    // The same form again: the same request, nothing more written.
    const again = await post(b.customerId, agent, { intent: "waive", entryId: fee!.id, reason: "Courtesy", key });
    expect(again.html).toContain(`That request was already made: number ${requestId}.`);
    expect(await counts(b.customerId, b.applNo)).toEqual({
      ...counted,
      requests: counted.requests + 1,
      audit: counted.audit + 1,
    });

    const supervisor = await cookieAs("supervisor");
    const decision = { intent: "decide", requestId: String(requestId), decision: "approve", reason: "Agreed" };
    const decideKey = crypto.randomUUID();
    const approved = await post(b.customerId, supervisor, { ...decision, key: decideKey });
    expect(approved.html).toContain("Request approved.");
    const after = await b.header();
    expect(after.accountBalance).toBe(before.accountBalance - fee!.amount);
    expect(after.minPaymentAmount).toBe(Math.max(0, before.minPaymentAmount - fee!.amount));
    expect(await rowsOf(b.applNo, "reversal")).toContainEqual({ id: `X${fee!.id}`, amount: fee!.amount });
    // The same decision form again writes nothing; a new one is told it was decided.
    await post(b.customerId, supervisor, { ...decision, key: decideKey });
    const late = await post(b.customerId, supervisor, decision);
    expect(late.html).toContain("This request was already approved.");
    expect(await counts(b.customerId, b.applNo)).toEqual({
      ledger: counted.ledger + 1,
      requests: counted.requests + 1,
      audit: counted.audit + 2,
    });
    const audit = await env.DB.prepare(
      "SELECT actor, action, before, after FROM desk_audit WHERE customer_id = ? ORDER BY id",
    )
      .bind(b.customerId)
      .all<{ actor: string; action: string; before: string; after: string }>();
    expect(audit.results.map((a) => [a.actor, a.action])).toEqual([
      ["agent@desk.ridgeline.test", "request fee waiver"],
      ["supervisor@desk.ridgeline.test", "approve fee waiver"],
    ]);
    expect(JSON.parse(audit.results[1]!.after)).toEqual({ requestId, status: "approved", amountCents: fee!.amount });
    // Waived, the fee is no longer offered, and asking again is refused with nothing written.
    const refused = await post(b.customerId, agent, { intent: "waive", entryId: fee!.id, reason: "Again" });
    expect(refused.html).toContain("That fee was already waived.");
    expect((await counts(b.customerId, b.applNo)).audit).toBe(counted.audit + 2);
  });

  it("cannot be approved by its maker, by an agent or by an auditor; a rejection changes no money", async () => {
    const b = await borrower("owing");
    const [fee] = await rowsOf(b.applNo, "carried_balance_fee");
    const maker = await cookieAs("supervisor", "maker");
    const asked = await post(b.customerId, maker, { intent: "waive", entryId: fee!.id, reason: "Courtesy" });
    const requestId = String(requestIdOf(asked.html));
    // A second request for the same fee while one is open is refused, with nothing written.
    const counted = await counts(b.customerId, b.applNo);
    const twice = await post(b.customerId, await cookieAs("agent"), {
      intent: "waive",
      entryId: fee!.id,
      reason: "Dup",
    });
    expect(twice.html).toContain("A request for this row already awaits a supervisor.");
    const decide = { intent: "decide", requestId, decision: "approve", reason: "Fine" };
    expect((await post(b.customerId, maker, decide)).html).toContain(
      "You made this request: another supervisor must decide it.",
    );
    expect((await post(b.customerId, await cookieAs("agent"), decide)).html).toContain(
      "Only a supervisor may approve or reject a request.",
    );
    const auditor = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { ...decide, key: crypto.randomUUID() },
      {
        cookie: await cookieAs("auditor"),
      },
    );
    expect(auditor.status).toBe(403);
    expect(await counts(b.customerId, b.applNo)).toEqual(counted);

    const before = await b.header();
    const rejected = await post(b.customerId, await cookieAs("supervisor"), {
      ...decide,
      decision: "reject",
      reason: "No",
    });
    expect(rejected.html).toContain("Request rejected.");
    expect(await b.header()).toEqual(before);
    expect(await counts(b.customerId, b.applNo)).toEqual({ ...counted, audit: counted.audit + 1 });
  });
});

describe("a payment reversal", { timeout: TIMEOUT }, () => {
  it("approved, what the payment paid is owed again", async () => {
    const b = await borrower("owing");
    const [payment] = (await rowsOf(b.applNo, "payment")).slice(-1);
    expect(payment, "the owing demo borrower has a posted payment").toBeDefined();
    const before = await b.header();
    const asked = await post(b.customerId, await cookieAs("agent"), {
      intent: "reverse",
      entryId: payment!.id,
      reason: "Keyed in error",
    });
    const requestId = String(requestIdOf(asked.html));
    await post(b.customerId, await cookieAs("supervisor"), {
      intent: "decide",
      requestId,
      decision: "approve",
      reason: "Confirmed with the bank",
    });
    const after = await b.header();
    expect(after.accountBalance).toBe(before.accountBalance + payment!.amount);
    const audit = await env.DB.prepare("SELECT action FROM desk_audit WHERE customer_id = ? ORDER BY id")
      .bind(b.customerId)
      .all<{ action: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(["request payment reversal", "approve payment reversal"]);
  });

  it("an unknown row or a scheduled payment is refused on the form, with nothing written", async () => {
    const b = await borrower("owing");
    const counted = await counts(b.customerId, b.applNo);
    const page = await post(b.customerId, await cookieAs("agent"), {
      intent: "reverse",
      entryId: "P999",
      reason: "Mistake",
    });
    expect(page.html).toContain("No posted payment with that id on this line.");
    const empty = await post(b.customerId, await cookieAs("agent"), { intent: "reverse", entryId: "", reason: "" });
    expect(empty.html).toContain("Choose the payment to reverse.");
    expect(await counts(b.customerId, b.applNo)).toEqual(counted);
  });
});

describe("the queue and the audit log", { timeout: TIMEOUT }, () => {
  it("supervisors see what awaits them; the log is searchable by user, action and date", async () => {
    const b = await borrower("owing");
    const [fee] = await rowsOf(b.applNo, "carried_balance_fee");
    const asker = await cookieAs("agent", "queue-agent");
    const asked = await post(b.customerId, asker, { intent: "waive", entryId: fee!.id, reason: "Hardship" });
    const requestId = requestIdOf(asked.html);
    const queue = decodeHtml(await (await send("/desk/approvals", { cookie: await cookieAs("supervisor") })).text());
    expect(queue).toContain(`Approve request ${requestId}`);
    const agentView = decodeHtml(await (await send("/desk/approvals", { cookie: asker })).text());
    expect(agentView).not.toContain(`Approve request ${requestId}`);
    expect(agentView).toContain("Awaiting a supervisor.");

    const today = new Date().toISOString().slice(0, 10);
    const search = `/desk/audit?actor=QUEUE-agent@desk.ridgeline.test&action=request+fee+waiver&from=${today}&to=${today}`;
    const log = decodeHtml(await (await send(search, { cookie: await cookieAs("auditor") })).text());
    expect(log).toContain("1 desk actions:");
    expect(log).toContain("Hardship");
    const wrong = await (await send("/desk/audit?from=2026-13-45", { cookie: await cookieAs("auditor") })).text();
    expect(wrong).toContain("Enter the first day as YYYY-MM-DD.");
    const backwards = await (
      await send("/desk/audit?from=2026-02-02&to=2026-02-01", { cookie: await cookieAs("auditor") })
    ).text();
    expect(backwards).toContain("The last day is before the first.");
  });
});

describe("two supervisors deciding one request at once", { timeout: TIMEOUT }, () => {
  it("decide it once: the ledger has the reversal exactly when the request says approved", async () => {
    const b = await borrower("owing");
    const [fee] = (await rowsOf(b.applNo, "carried_balance_fee")).slice(-1);
    const asked = await post(b.customerId, await cookieAs("agent"), {
      intent: "waive",
      entryId: fee!.id,
      reason: "Courtesy",
    });
    const requestId = String(requestIdOf(asked.html));
    const decide = async (name: string, decision: string) =>
      post(b.customerId, await cookieAs("supervisor", name), { intent: "decide", requestId, decision, reason: name });
    const pages = await Promise.all([decide("first", "approve"), decide("second", "reject")]);
    const row = await env.DB.prepare("SELECT status FROM desk_requests WHERE id = ?")
      .bind(requestId)
      .first<{ status: string }>();
    const reversed = (await rowsOf(b.applNo, "reversal")).some((r) => r.id === `X${fee!.id}`);
    expect(reversed).toBe(row!.status === "approved");
    // One decision stood; the other supervisor was told it was decided.
    expect(pages.filter((p) => p.html.includes("This request was already")).length).toBe(1);
    const decisions = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ? AND action LIKE '% fee waiver' AND action NOT LIKE 'request%'",
    )
      .bind(b.customerId)
      .first<{ n: number }>();
    expect(decisions!.n).toBe(1);
  });

  it("a request's key sent again with another row is a stale form, not the first request", async () => {
    const b = await borrower("owing");
    const [first, second] = await rowsOf(b.applNo, "carried_balance_fee");
    const agent = await cookieAs("agent");
    const key = crypto.randomUUID();
    await post(b.customerId, agent, { intent: "waive", entryId: first!.id, reason: "Courtesy", key });
    const stale = await post(b.customerId, agent, { intent: "waive", entryId: second!.id, reason: "Courtesy", key });
    expect(stale.html).toContain("This form has expired. Please fill it in again.");
    const open = await env.DB.prepare("SELECT entry_id AS entry FROM desk_requests WHERE customer_id = ?")
      .bind(b.customerId)
      .all<{ entry: string }>();
    expect(open.results).toEqual([{ entry: first!.id }]);
  });

  it("asked twice at once with one key (a double click), both answers are that one request, never a refusal of itself", async () => {
    const b = await borrower("owing");
    const [fee] = await rowsOf(b.applNo, "carried_balance_fee");
    const agent = await cookieAs("agent");
    const fields = { intent: "waive", entryId: fee!.id, reason: "Courtesy", key: crypto.randomUUID() };
    const pages = await Promise.all([post(b.customerId, agent, fields), post(b.customerId, agent, fields)]);
    const ids = pages.map((p) =>
      Number(/(?:Request sent to a supervisor|That request was already made): number (\d+)\./.exec(p.html)?.[1]),
    );
    expect(ids[0]).toBeGreaterThan(0);
    expect(ids[1]).toBe(ids[0]);
    const made = await env.DB.prepare("SELECT COUNT(*) AS n FROM desk_requests WHERE customer_id = ?")
      .bind(b.customerId)
      .first<{ n: number }>();
    expect(made!.n).toBe(1);
  });
});
