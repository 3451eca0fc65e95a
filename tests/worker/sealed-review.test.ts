import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { setClockOffset } from "../../functions/servicing/clock";
import { type Like, signedInBorrower } from "./helpers/borrowers";
import { postForm } from "./helpers/http";
import { onLine } from "./helpers/line-object";

/**
 * Decision record 020: a payment's review is sealed into its form with the
 * summary's state tag; SUBMIT PAYMENT posts on the condition that the tag
 * still holds (no summary read), and anything the seal does not vouch for
 * goes the long way (the summary, then the re-check). What the seal holds
 * cannot be edited in the browser: the tick it requires stays required.
 */
const { account, auth } = catalogue;
const TIMEOUT = 60_000;
const DAY = 24 * 60 * 60 * 1000;

async function borrower(like: Like) {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(auth.Login, { userName: b.email, password: b.password });
  return { ...b, platform };
}
type Borrower = Awaited<ReturnType<typeof borrower>>;

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;

async function paymentRows(b: Borrower): Promise<number> {
  const [row] = await onLine<{ n: number }>(
    b.applNo,
    "SELECT COUNT(*) AS n FROM transactions WHERE line_id = ? AND code = 'P'",
    b.applNo,
  );
  return row?.n ?? 0;
}

/** REVIEW of a $20.00 Other Amount on the earliest date, then the fields its form carries. */
async function reviewTwenty(b: Borrower) {
  const ach = (await b.platform.call(account.GetSummary, {})).accountConfig.achEffectiveDate;
  const html = await (
    await postForm("/payments", { intent: "review", option: "other", other: "20", date: us(ach) }, { cookie: b.cookie })
  ).text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  const fields = Object.fromEntries(["option", "other", "date", "amount", "key", "review"].map((n) => [n, hidden(n)]));
  expect(fields.review).toMatch(/^s1\./);
  return fields;
}

const submit = async (b: Borrower, fields: Record<string, string>) =>
  (await postForm("/payments", { intent: "submit", ...fields }, { cookie: b.cookie })).text();

const THANKS = "Thanks For Scheduling Your Payment";
const AUTHORIZE = "Please authorize this payment.";

describe("a sealed payment review", { timeout: TIMEOUT }, () => {
  it("keeps the tick it requires: a past-due borrower's submit without it posts nothing, with the seal, without it or with an altered one", async () => {
    const b = await borrower("pastdue");
    const before = await paymentRows(b);
    const fields = await reviewTwenty(b);
    const altered = `${fields.review!.slice(0, -2)}${fields.review!.endsWith("A") ? "B" : "A"}A`;
    for (const review of [fields.review!, "", altered]) {
      const html = await submit(b, { ...fields, review });
      expect(html).toContain(AUTHORIZE);
      expect(html).not.toContain(THANKS);
    }
    expect(await paymentRows(b)).toBe(before);
    expect(await submit(b, { ...fields, authorize: "on" })).toContain(THANKS);
    expect(await paymentRows(b)).toBe(before + 1);
  });

  it("vouches only for what it sealed: an amount edited under it is re-checked against the summary and posts as edited, once", async () => {
    const b = await borrower("owing");
    const fields = await reviewTwenty(b);
    // Every request of the line, of any kind: one more, the payment as edited.
    const allRequests = async () =>
      (await onLine<{ n: number }>(b.applNo, "SELECT COUNT(*) AS n FROM transactions WHERE line_id = ?", b.applNo))[0]!
        .n;
    const before = await allRequests();
    // The seal says $20.00; the form says $25.00: the long way, whose re-check allows $25.00 (an Other Amount as typed).
    const html = await submit(b, { ...fields, other: "25", amount: "25.00" });
    expect(html).toContain(THANKS);
    const results = await onLine<{ cents: number }>(
      b.applNo,
      "SELECT amount_cents AS cents FROM transactions WHERE line_id = ? AND code = 'P' ORDER BY created_at DESC, id DESC",
      b.applNo,
    );
    expect(results[0]?.cents).toBe(2_500);
    expect(await allRequests()).toBe(before + 1);
  });

  it("a seal from another borrower opens for nobody else: the long way, which posts to the submitting borrower's own line", async () => {
    const [a, other] = [await borrower("owing"), await borrower("owing")];
    const before = [await paymentRows(a), await paymentRows(other)];
    const theirs = await reviewTwenty(other);
    const mine = await reviewTwenty(a);
    expect(await submit(a, { ...mine, review: theirs.review! })).toContain(THANKS);
    expect([await paymentRows(a), await paymentRows(other)]).toEqual([before[0]! + 1, before[1]]);
  });
});

describe("PostTransaction's ifStateTag (the platform's side)", { timeout: TIMEOUT }, () => {
  const pay = (b: Borrower, date: string, key: string, ifStateTag: string) =>
    b.platform.call(
      account.PostTransaction,
      { applNo: b.applNo, transactionDate: date, transactionAmount: 2_000, transactionCode: "P", ifStateTag },
      { idempotencyKey: key },
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof PlatformError ? { status: error.status, message: error.message } : error),
    );

  it("refuses a stale tag with 412 and posts nothing, frees the key for the fresh tag, and replays a key that posted whatever the tag", async () => {
    const b = await borrower("owing");
    const before = await paymentRows(b);
    const first = (await b.platform.call(account.GetSummary, {})).accountConfig;
    expect(first.stateTag).not.toBe("");
    // Another posting changes the line: the first summary's tag no longer holds.
    await pay(b, first.achEffectiveDate, crypto.randomUUID(), first.stateTag);
    const key = crypto.randomUUID();
    expect(await refusal(pay(b, first.achEffectiveDate, key, first.stateTag))).toEqual({
      status: 412,
      message: "Account/PostTransaction: The account changed since it was reviewed.",
    });
    expect(await paymentRows(b)).toBe(before + 1);
    const fresh = (await b.platform.call(account.GetSummary, {})).accountConfig.stateTag;
    expect(fresh).not.toBe(first.stateTag);
    const posted = await pay(b, first.achEffectiveDate, key, fresh);
    // The lost answer's retry: the key's first answer, though its tag no longer holds.
    expect((await pay(b, first.achEffectiveDate, key, fresh)).paymentTransactionId).toBe(posted.paymentTransactionId);
    expect(await paymentRows(b)).toBe(before + 2);
  });

  it("a summary read yesterday holds no longer today, though nothing posted", async () => {
    const b = await borrower("owing");
    const before = await paymentRows(b);
    const db = database(env.DB);
    const yesterday = (await b.platform.call(account.GetSummary, {})).accountConfig.stateTag;
    try {
      await setClockOffset(env, db, DAY);
      // A day later the platform token has expired: signed in again.
      b.platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
      await b.platform.call(auth.Login, { userName: b.email, password: b.password });
      const today = (await b.platform.call(account.GetSummary, {})).accountConfig;
      expect(today.stateTag).not.toBe(yesterday);
      expect(
        ((await refusal(pay(b, today.achEffectiveDate, crypto.randomUUID(), yesterday))) as { status: number }).status,
      ).toBe(412);
      expect(await paymentRows(b)).toBe(before);
    } finally {
      await setClockOffset(env, db, 0);
    }
  });
});
