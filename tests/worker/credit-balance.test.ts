/**
 * An overpayment (decision record 013): when the automatic payment of a due
 * date posts before a one-time payoff the borrower scheduled for a later day,
 * the payoff pays more than is left. The excess is not applied (the balance
 * never goes below zero) and the borrower is told, on the summary and on
 * /account, that it is owed back to them.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays, isBusinessDay } from "#domain/calendar";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, send, sessionCookieOf } from "./helpers/http";

const { account, auth } = catalogue;
afterEach(() => vi.useRealTimers());

describe("a credit balance from an overpayment", () => {
  it("is reported by the summary and shown on /account with how to get it back", { timeout: 60_000 }, async () => {
    const b = await signedInBorrower("owing");
    const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    await platform.call(auth.Login, { userName: b.email, password: b.password });
    const before = await platform.call(account.GetSummary, {});
    const autoDate = before.accountHeader.nextAutoPaymentDate!;
    const autoCents = before.accountHeader.nextAutoPaymentAmount;
    expect(autoCents).toBeGreaterThan(0);
    // Pay Off Balance, dated the first business day after the automatic payment.
    let payoffDate = addDays(autoDate, 1);
    while (!isBusinessDay(payoffDate)) payoffDate = addDays(payoffDate, 1);
    await platform.call(
      account.PostTransaction,
      {
        applNo: b.applNo,
        transactionDate: payoffDate,
        transactionAmount: before.accountHeader.payoffAmount!,
        transactionCode: "P",
      },
      { idempotencyKey: crypto.randomUUID() },
    );

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${payoffDate}T16:00:00Z`));
    const later = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    await later.call(auth.Login, { userName: b.email, password: b.password });
    const after = await later.call(account.GetSummary, {});
    // The payoff paid the balance as it was when scheduled; since then the automatic payment paid part of it, and the statement issued that day billed its fee.
    const newFees = after.allTransactions.filter(
      (t) =>
        t.transationDescription === "Carried Balance Fee" &&
        !before.allTransactions.some((o) => o.transationId === t.transationId),
    );
    const credit = autoCents - newFees.reduce((sum, t) => sum + t.transationAmount, 0);
    expect(credit).toBeGreaterThan(0);
    expect(after.accountHeader).toMatchObject({ accountBalance: 0, creditBalance: credit });

    const login = await postForm("/login", { intent: "login", email: b.email, password: b.password });
    const html = await (await send("/account", { cookie: sessionCookieOf(login)! })).text();
    expect(html.replace(/<!-- -->/g, "")).toContain(
      `Credit Balance:</strong> $${(credit / 100).toFixed(2)}. You paid this much more than you owed.`,
    );
  });
});
