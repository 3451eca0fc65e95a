import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { addBusinessDays, addDays } from "#domain/calendar";
import { api } from "#server/api/app";
import { clockOffset } from "../../functions/servicing/clock";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import type { DevLedger } from "../../functions/servicing/dev-ledger";
import { coveredBy } from "../../functions/servicing/engine/index";
import { send } from "./helpers/http";

/**
 * POST /api/dev/return (0-decisions.md, "Returns"): in development a person
 * returns a posted payment as the bank would, within two business days of
 * posting and once. The borrower is a copy of the EFT demo borrower "owing",
 * whose next automatic payment posts on its next due date; the test moves
 * Date (vi.setSystemTime) to that day or after, so servicing posts it and the
 * return window is measured from it.
 */
const db = database(env.DB);

afterEach(() => {
  vi.useRealTimers();
});

const postReturn = (body: unknown) =>
  send("/api/dev/return", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

async function ledger(email: string): Promise<DevLedger> {
  const res = await send(`/api/dev/ledger?email=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as DevLedger;
}

/** An EFT borrower of its own and the day (and amount) of its next automatic payment. */
async function eftBorrower() {
  const made = (await copyDemoBorrower(db, env, "owing@demo.ridgeline.test"))!;
  const next = (await ledger(made.email)).figures.nextAutomaticPayment!;
  expect(next, "the owing copy has an automatic payment ahead").not.toBeNull();
  return { email: made.email, next };
}

/** Servicing time (Date plus the development clock's offset) moves to noon Eastern of `day`. */
async function servicingDayIs(day: string) {
  const offset = await clockOffset(env, db);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse(`${day}T17:00:00Z`) - offset);
}

describe("POST /api/dev/return", { timeout: 60_000 }, () => {
  it("returns the latest returnable payment on its posting day: the minimum it paid is past due again; a second return is refused", async () => {
    const { email, next } = await eftBorrower();
    await servicingDayIs(next.date);
    const res = await postReturn({ email: email.toUpperCase() });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as {
      returned: { transactionId: string; postedOn: string; amountCents: number; returnedOn: string };
      standing: string;
      pastDueCents: number;
    };
    expect(answer.returned).toMatchObject({
      postedOn: next.date,
      amountCents: next.amountCents,
      returnedOn: next.date,
    });
    expect(answer.returned.transactionId).toMatch(/^\d+$/);
    // The due date passed on the due date itself: the account is delinquent for the returned amount.
    expect(answer.standing).toBe("delinquent");
    expect(answer.pastDueCents).toBe(next.amountCents);

    const book = await ledger(email);
    expect(book.entries.filter((e) => e.kind === "payment_return")).toHaveLength(1);

    const again = await postReturn({ email, paymentId: answer.returned.transactionId });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ error: "That payment was already returned." });
    const none = await postReturn({ email });
    expect(none.status).toBe(422);
    expect(((await none.json()) as { error: string }).error).toMatch(
      /^This borrower has no payment that can be returned now/,
    );
    expect((await ledger(email)).entries.filter((e) => e.kind === "payment_return")).toHaveLength(1);
  });

  it("a return recorded by the request that issued the day's statement is on the next statement, not the one just issued", async () => {
    const { email, next } = await eftBorrower();
    // The day's servicing has not run: the return's own request issues the statement dated its due date.
    await servicingDayIs(next.date);
    expect((await postReturn({ email })).status).toBe(200);
    const onTheDay = await ledger(email);
    const issued = onTheDay.statements.find((s) => s.statementDate === next.date)!;
    expect(issued, "a statement is dated the automatic payment's day").toBeDefined();
    const returned = onTheDay.entries.find((e) => e.kind === "payment_return")!;
    expect(issued.returnsCents).toBe(0);
    expect(coveredBy(returned, issued)).toBe(false);

    await servicingDayIs(addDays(next.date, 35));
    const later = (await ledger(email)).statements.filter((s) => s.statementDate > next.date);
    expect(later.length).toBeGreaterThan(0);
    expect(later[0]!.returnsCents).toBe(next.amountCents);
    // Every issued statement adds up: what it carried in, plus its activity, is its new balance.
    for (const s of (await ledger(email)).statements) {
      const [previous, draws, payments, returns, credits] = [
        s.previousBalanceCents,
        s.drawsCents,
        s.paymentsCents,
        s.returnsCents,
        s.creditsCents,
      ].map((cents) => cents ?? 0) as [number, number, number, number, number];
      expect(previous + draws - payments + returns + s.feeCents - credits, s.id).toBe(s.newBalanceCents);
    }
  });

  it("accepts a return two business days after the payment posts, and refuses one three business days after", async () => {
    const late = await eftBorrower();
    const inTime = await eftBorrower();
    await servicingDayIs(addBusinessDays(inTime.next.date, 2));
    const payment = (await ledger(inTime.email)).entries.find(
      (e) => e.origin === "automatic" && e.effectiveDate === inTime.next.date,
    )!;
    const accepted = await postReturn({ email: inTime.email, paymentId: String(payment.reference) });
    expect(accepted.status, await accepted.clone().text()).toBe(200);

    await servicingDayIs(addBusinessDays(late.next.date, 3));
    const latePayment = (await ledger(late.email)).entries.find(
      (e) => e.origin === "automatic" && e.effectiveDate === late.next.date,
    )!;
    const refused = await postReturn({ email: late.email, paymentId: String(latePayment.reference) });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: "A payment can be returned only up to 2 business days after it posts.",
    });
    expect((await ledger(late.email)).entries.some((e) => e.kind === "payment_return")).toBe(false);
  });

  it("refuses an unknown e-mail, an unknown payment and a malformed request", async () => {
    expect((await postReturn({ email: "nobody@example.com" })).status).toBe(404);
    const { email } = await eftBorrower();
    const unknown = await postReturn({ email, paymentId: "123" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "No posted payment with that id on this line." });
    expect((await postReturn({ email: "not-an-email" })).status).toBe(400);
    expect((await postReturn({ email, paymentId: "1; DROP TABLE" })).status).toBe(400);
    expect((await postReturn({})).status).toBe(400);
  });

  it("answers 404 outside development", async () => {
    const production = { ...env, ENVIRONMENT: "production" as const };
    const res = await api.request(
      new Request("https://ridgeline.test/api/dev/return", {
        method: "POST",
        body: JSON.stringify({ email: "owing@demo.ridgeline.test" }),
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "198.51.100.71" },
      }),
      undefined,
      production,
    );
    expect(res.status).toBe(404);
  });
});
