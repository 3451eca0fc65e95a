import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, easternDateTime, isBusinessDay } from "#domain/calendar";
import { paymentCancellable } from "#domain/rules/payments";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { devDeskCookie, shownAfter } from "./helpers/desk";
import { postForm } from "./helpers/http";
import { lineRowCount, onLine } from "./helpers/line-object";

/**
 * TAKE PAYMENT at the servicing desk (issue 20): a one-time payment by phone
 * under the portal's rules, one audit row when it posts, nothing at all when
 * it is refused, once per form.
 */
const TIMEOUT = 60_000;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;

async function borrower(like: "pastdue" | "owing" | "current") {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  const summary = () => platform.call(catalogue.account.GetSummary, {});
  return { ...b, summary };
}

const counts = async (customerId: string, lineId: number) => {
  const transactions = await lineRowCount(lineId, "transactions");
  const audit = await env.DB.prepare("SELECT COUNT(*) AS audit FROM desk_audit WHERE customer_id = ?")
    .bind(customerId)
    .first<number>("audit");
  return { transactions, audit: audit! };
};

/** TAKE PAYMENT as the browser posts it; the page it then shows (a done payment redirects to the file). */
const take = async (
  customerId: string,
  fields: Partial<Record<"amount" | "date" | "reason" | "authorized" | "key", string>>,
  role: "agent" | "supervisor" | "auditor" = "agent",
) => {
  const cookie = await devDeskCookie(role);
  const res = await postForm(
    `/desk/borrowers/${customerId}`,
    { intent: "payment", reason: "Borrower called to pay", authorized: "on", key: crypto.randomUUID(), ...fields },
    { cookie },
  );
  return shownAfter(res, cookie);
};

describe("a payment by phone", { timeout: TIMEOUT }, () => {
  it("posts for a delinquent borrower, shows in their portal, writes one audit row; the same form again posts nothing more", async () => {
    const b = await borrower("pastdue");
    const before = await b.summary();
    const date = before.accountConfig.achEffectiveDate;
    const counted = await counts(b.customerId, b.applNo);
    const key = crypto.randomUUID();
    const first = (await take(b.customerId, { amount: "$20", date: us(date), key })).html;
    expect(first).toMatch(/Payment scheduled: \$20\.00 on .*, confirmation \d+\./);
    const again = (await take(b.customerId, { amount: "$20", date: us(date), key })).html;
    expect(again).toMatch(/That payment was already scheduled: \$20\.00/);
    expect(await counts(b.customerId, b.applNo)).toEqual({
      transactions: counted.transactions + 1,
      audit: counted.audit + 1,
    });
    const after = await b.summary();
    expect(after.accountHeader.pendingTransactionAmount).toBe(before.accountHeader.pendingTransactionAmount + 2_000);
    expect(after.pendingETransactions.map((t) => [t.transationAmount, t.transationDate])).toContainEqual([2_000, date]);
    const audit = await env.DB.prepare(
      "SELECT actor, role, action, reason, after FROM desk_audit WHERE customer_id = ?",
    )
      .bind(b.customerId)
      .first<{ actor: string; role: string; action: string; reason: string; after: string }>();
    expect(audit).toMatchObject({
      actor: "agent@desk.ridgeline.test",
      role: "agent",
      action: "payment by phone",
      reason: "Borrower called to pay",
    });
    expect(JSON.parse(audit!.after)).toMatchObject({ amountCents: 2_000, date });
  });

  it("is refused under the portal's rules, and for what the form lacks, writing nothing", async () => {
    const b = await borrower("owing");
    const s = await b.summary();
    const ach = s.accountConfig.achEffectiveDate;
    let saturday = ach;
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    let beyond = addDays(ach, 60);
    while (!isBusinessDay(beyond)) beyond = addDays(beyond, 1);
    const payoff = s.accountHeader.payoffAmount!;
    const counted = await counts(b.customerId, b.applNo);
    const cases: Array<[Parameters<typeof take>[1], string]> = [
      [{ amount: "5", date: us(ach) }, "The minimum payment is $10."],
      [{ amount: String((payoff + 100) / 100), date: us(ach) }, "The most you can pay is"],
      [{ amount: "20", date: us(saturday) }, "Invalid date. Your payment date must be between"],
      [{ amount: "20", date: us(beyond) }, "Invalid date. Your payment date must be between"],
      [{ amount: "1e3", date: us(ach) }, "Please enter the payment amount in dollars"],
      [{ amount: "20", date: "13/45/2026" }, "Enter the payment date as MM/DD/YYYY."],
      [
        { amount: "20", date: us(ach), authorized: "" },
        "Read the authorization to the borrower and tick that they agreed.",
      ],
      [{ amount: "20", date: us(ach), reason: "  " }, "Give the reason for this payment."],
    ];
    for (const [fields, message] of cases) {
      const shown = await take(b.customerId, fields);
      expect(shown.status).toBe(200);
      expect(shown.html, JSON.stringify(fields)).toContain(message);
    }
    expect(await counts(b.customerId, b.applNo)).toEqual(counted);
  });

  it("is refused to an auditor (403), writing nothing", async () => {
    const b = await borrower("owing");
    const counted = await counts(b.customerId, b.applNo);
    const date = (await b.summary()).accountConfig.achEffectiveDate;
    expect((await take(b.customerId, { amount: "20", date: us(date) }, "auditor")).status).toBe(403);
    expect(await counts(b.customerId, b.applNo)).toEqual(counted);
  });
});

describe("cancelling a scheduled payment", { timeout: TIMEOUT }, () => {
  const cancel = async (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") => {
    const cookie = await devDeskCookie(role);
    const res = await postForm(
      `/desk/borrowers/${customerId}`,
      { intent: "cancel", reason: "Borrower revoked by phone", key: crypto.randomUUID(), ...fields },
      { cookie },
    );
    return role === "auditor" ? { status: res.status, html: "" } : shownAfter(res, cookie);
  };
  const statusOf = async (lineId: number, id: string) =>
    (await onLine<{ status: string }>(lineId, "SELECT status FROM transactions WHERE id = ?", Number(id)))[0]?.status;

  it("cancels one at least 3 days away, with one audit row, once; one nearer is refused and stays scheduled", async () => {
    const b = await borrower("owing");
    const ach = (await b.summary()).accountConfig.achEffectiveDate;
    let later = addDays(ach, 5);
    while (!isBusinessDay(later)) later = addDays(later, 1);
    const near = (await take(b.customerId, { amount: "15", date: us(ach) })).html;
    const far = (await take(b.customerId, { amount: "25", date: us(later) })).html;
    const nearId = /Payment scheduled: \$15\.00 on .*, confirmation (\d+)\./.exec(near)![1]!;
    // On a Friday (or before a holiday weekend) the earliest payment date is already 3 days away, so none can be
    // scheduled nearer: the nearest one is moved to tomorrow, as it would be on any other day of the week.
    const today = easternDateTime(new Date()).date;
    if (paymentCancellable(ach, today))
      await onLine(
        b.applNo,
        "UPDATE transactions SET effective_date = ? WHERE id = ?",
        addDays(today, 1),
        Number(nearId),
      );
    const farId = /Payment scheduled: \$25\.00 on .*, confirmation (\d+)\./.exec(far)![1]!;
    const pendingBefore = (await b.summary()).accountHeader.pendingTransactionAmount;
    const audit = async () => (await counts(b.customerId, b.applNo)).audit;
    const before = await audit();

    const key = crypto.randomUUID();
    expect((await cancel(b.customerId, { transactionId: farId, key })).html).toContain(`Payment ${farId} cancelled.`);
    expect((await cancel(b.customerId, { transactionId: farId, key })).html).toContain(`Payment ${farId} cancelled.`);
    expect(await statusOf(b.applNo, farId)).toBe("cancelled");
    expect(await audit()).toBe(before + 1);
    expect((await b.summary()).accountHeader.pendingTransactionAmount).toBe(pendingBefore - 2_500);

    const refused = await cancel(b.customerId, { transactionId: nearId });
    expect(refused.html).toContain(
      "can no longer be cancelled: a payment is cancelled at least 3 days before its date.",
    );
    expect(await statusOf(b.applNo, nearId)).toBe("pending");
    expect(await audit()).toBe(before + 1);
    expect((await cancel(b.customerId, { transactionId: nearId }, "auditor")).status).toBe(403);
    expect(await statusOf(b.applNo, nearId)).toBe("pending");
  });
});
