import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatDate } from "#domain/format";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { type Like, type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { postForm, send } from "./helpers/http";
import { onLine } from "./helpers/line-object";

/**
 * Payments and draws post exactly what the borrower reviewed (0-decisions.md):
 * the page actions, through SELF.fetch as a browser without JavaScript posts
 * them, with the account changed in between by "another tab" (the platform,
 * called as the same borrower). Nothing posts when the reviewed figures are
 * no longer allowed; the review comes back with the figure now allowed, the
 * reason and a new key; an unchanged review posts exactly its amount and
 * date, once per key.
 */
const { account, auth } = catalogue;
const TIMEOUT = 60_000;

interface Borrower extends SignedInBorrower {
  /** The same borrower on the platform: what another tab does. */
  platform: PlatformClient;
}

async function borrower(like: Like): Promise<Borrower> {
  const b = await signedInBorrower(like);
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  expect((await platform.call(auth.Login, { userName: b.email, password: b.password })).customerLoginResults).toBe(1);
  return { ...b, platform };
}

const summaryOf = (b: Borrower) => b.platform.call(account.GetSummary, {});
/** The review form's mm/dd/yyyy as ISO (messages show dates in the one display form). */
const isoOf = (us: string) => `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8)}/${iso.slice(0, 4)}`;
const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });

/** Another tab: a draw, or a one-time payment, straight to the platform. */
const drawElsewhere = (b: Borrower, cents: number) =>
  b.platform.call(
    account.PostTransaction,
    { applNo: b.applNo, transactionDate: today(), transactionAmount: cents, transactionCode: "D" },
    { idempotencyKey: crypto.randomUUID() },
  );
const payElsewhere = async (b: Borrower, cents: number) =>
  b.platform.call(
    account.PostTransaction,
    {
      applNo: b.applNo,
      transactionDate: (await summaryOf(b)).accountConfig.achEffectiveDate,
      transactionAmount: cents,
      transactionCode: "P",
    },
    { idempotencyKey: crypto.randomUUID() },
  );

async function rowsOf(b: Borrower, code: "D" | "P") {
  return onLine<{ id: number; cents: number; date: string }>(
    b.applNo,
    "SELECT id, amount_cents AS cents, effective_date AS date FROM transactions WHERE line_id = ? AND code = ? ORDER BY created_at, id",
    b.applNo,
    code,
  );
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

/** What a page shows after a post: its hidden review fields, its notices and its headings, read from the HTML. */
async function shown(res: Response) {
  expect(res.status).toBe(200);
  const html = decode(await res.text());
  const hidden = (name: string) =>
    new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null;
  return {
    html,
    key: hidden("key"),
    amount: hidden("amount"),
    applNo: hidden("applNo"),
    date: hidden("date"),
    option: hidden("option"),
    other: hidden("other"),
    /** The payment review's seal (decision record 020): its SUBMIT posts on the condition the account has not changed. */
    sealed: hidden("review"),
    notice: /class="banner banner-error (?:payment|draw)-changed" role="alert">([^<]*)</.exec(html)?.[1] ?? null,
    review:
      html.includes("Review &amp; Authorization") ||
      html.includes("Review & Authorization") ||
      html.includes("Review Your Request"),
    thanks: /Thanks For Scheduling Your Payment|Thank you! Your draw request was received\./.test(html),
  };
}

type Shown = Awaited<ReturnType<typeof shown>>;

/** SUBMIT PAYMENT with everything the review form carries. */
const submitReview = (b: Borrower, r: Shown) =>
  postForm(
    "/payments",
    {
      intent: "submit",
      option: r.option!,
      other: r.other!,
      date: r.date!,
      amount: r.amount!,
      key: r.key!,
      review: r.sealed ?? "",
    },
    { cookie: b.cookie },
  );

async function reviewPayOff(b: Borrower): Promise<Shown> {
  const ach = (await summaryOf(b)).accountConfig.achEffectiveDate;
  const review = await shown(
    await postForm("/payments", { intent: "review", option: "full", other: "", date: us(ach) }, { cookie: b.cookie }),
  );
  expect(review.review).toBe(true);
  // Sealed: each SUBMIT below goes the sealed way first, and the account's change sends it the long way.
  expect(review.sealed).toMatch(/^s1\./);
  return review;
}

const cents = (dollars: string | null) => Math.round(Number(dollars) * 100);

describe("SUBMIT PAYMENT posts exactly what was reviewed", { timeout: TIMEOUT }, () => {
  it("Pay Off Balance, then a draw in another tab: nothing posts, the review again at the new payoff with a new key; then exactly that posts", async () => {
    const b = await borrower("owing");
    const first = await reviewPayOff(b);
    const payoff = (await summaryOf(b)).accountHeader.payoffAmount!;
    expect(cents(first.amount)).toBe(payoff);
    const before = await rowsOf(b, "P");

    await drawElsewhere(b, 20_000);
    const again = await shown(await submitReview(b, first));
    expect(again.review).toBe(true);
    expect(again.thanks).toBe(false);
    expect(await rowsOf(b, "P")).toEqual(before);
    expect(cents(again.amount)).toBe(payoff + 20_000);
    expect(again.key).not.toBe(first.key);
    expect(again.date).toBe(first.date);
    const now = `$${((payoff + 20_000) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(again.notice).toBe(
      `Nothing was scheduled. Since your review, your balance changed and Pay Off Balance is now ${now}. Please check the payment below and submit it again.`,
    );
    expect(again.html).toContain(now);

    const done = await shown(await submitReview(b, again));
    expect(done.thanks).toBe(true);
    const posted = (await rowsOf(b, "P")).slice(before.length);
    expect(posted.map((p) => ({ cents: p.cents, date: us(p.date) }))).toEqual([
      { cents: payoff + 20_000, date: first.date },
    ]);
  });

  it("Pay Off Balance, then another payment scheduled: nothing posts, the review again at the balance less both", async () => {
    const b = await borrower("owing");
    const first = await reviewPayOff(b);
    await payElsewhere(b, 1_000);
    const before = await rowsOf(b, "P");
    const again = await shown(await submitReview(b, first));
    expect(await rowsOf(b, "P")).toEqual(before);
    expect(cents(again.amount)).toBe(cents(first.amount) - 1_000);
    expect(again.key).not.toBe(first.key);
    expect(again.notice).toMatch(
      /^Nothing was scheduled\. Since your review, your balance changed and Pay Off Balance is now \$[\d,]+\.\d{2}\./,
    );
  });

  it("an Other Amount above what is left after another tab's payment: the review again at the most that can be paid", async () => {
    const b = await borrower("owing");
    const s = await summaryOf(b);
    const payoff = s.accountHeader.payoffAmount!;
    const typed = (payoff / 100).toFixed(2);
    const first = await shown(
      await postForm(
        "/payments",
        { intent: "review", option: "other", other: typed, date: us(s.accountConfig.achEffectiveDate) },
        { cookie: b.cookie },
      ),
    );
    await payElsewhere(b, 2_500);
    const before = await rowsOf(b, "P");
    const again = await shown(await submitReview(b, first));
    expect(await rowsOf(b, "P")).toEqual(before);
    expect(cents(again.amount)).toBe(payoff - 2_500);
    expect(cents(again.other)).toBe(payoff - 2_500);
    expect(again.notice).toContain("the most you can pay is now");
  });

  it("unchanged: exactly the reviewed amount and date post; the same key again (a double submit, a retry) posts once and thanks again", async () => {
    const b = await borrower("owing");
    const first = await reviewPayOff(b);
    const before = await rowsOf(b, "P");
    const answers = [await shown(await submitReview(b, first)), await shown(await submitReview(b, first))];
    for (const answer of answers) expect(answer.thanks).toBe(true);
    const posted = (await rowsOf(b, "P")).slice(before.length);
    expect(posted.map((p) => ({ cents: p.cents, date: us(p.date) }))).toEqual([
      { cents: cents(first.amount), date: first.date },
    ]);
    // Both answers carry the one confirmation number.
    for (const answer of answers) expect(answer.html).toContain(String(posted[0]!.id));
  });

  it("a review whose payment is no longer possible (another tab's payment covered the balance): nothing posts, the steps with the reason", async () => {
    const b = await borrower("owing");
    const first = await reviewPayOff(b);
    await payElsewhere(b, cents(first.amount));
    const before = await rowsOf(b, "P");
    const page = await shown(await submitReview(b, first));
    expect(await rowsOf(b, "P")).toEqual(before);
    expect(page.review).toBe(false);
    expect(page.html).toContain(
      `Your payment of $${Number(first.amount).toLocaleString("en-US", { minimumFractionDigits: 2 })} on ${formatDate(isoOf(first.date ?? ""))} was not scheduled, because your account changed since you reviewed it.`,
    );
    expect(page.html).toContain(
      "Your scheduled payments already cover your account balance, so there is no payment to make at this time.",
    );
  });
});

/** REVIEW REQUEST, then what the review form carries. */
async function reviewDraw(b: Borrower, dollars: string): Promise<Shown> {
  const review = await shown(await postForm("/draw", { intent: "review", amount: dollars }, { cookie: b.cookie }));
  expect(review.review).toBe(true);
  return review;
}
const submitDraw = (b: Borrower, r: Shown) =>
  postForm("/draw", { intent: "submit", amount: r.amount!, key: r.key!, applNo: r.applNo! }, { cookie: b.cookie });

describe("SUBMIT REQUEST draws exactly what was reviewed", { timeout: TIMEOUT }, () => {
  it("less credit after a draw in another tab: nothing is drawn, the review again at the largest draw now allowed with a new key; then exactly that", async () => {
    const b = await borrower("current");
    const available = (await summaryOf(b)).accountHeader.availableCredit;
    const largest = Math.floor(available / 2_500) * 2_500;
    const first = await reviewDraw(b, String(largest / 100));
    await drawElsewhere(b, 10_000);
    const before = await rowsOf(b, "D");

    const again = await shown(await submitDraw(b, first));
    expect(await rowsOf(b, "D")).toEqual(before);
    expect(again.review).toBe(true);
    const now = Math.floor((available - 10_000) / 2_500) * 2_500;
    expect(cents(again.amount)).toBe(now);
    expect(again.key).not.toBe(first.key);
    expect(again.notice).toBe(
      `Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is $${(now / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}. Please check the draw below and submit it again.`,
    );

    const done = await shown(await submitDraw(b, again));
    expect(done.thanks).toBe(true);
    expect((await rowsOf(b, "D")).slice(before.length).map((d) => d.cents)).toEqual([now]);
    // The same key again: the same thank-you, no second draw (the figures now include this very draw).
    expect((await shown(await submitDraw(b, again))).thanks).toBe(true);
    expect((await rowsOf(b, "D")).length).toBe(before.length + 1);
  });

  it("draws blocked since the review (the credit used below the minimum draw): nothing is drawn, the amount view with the reason", async () => {
    const b = await borrower("current");
    const available = (await summaryOf(b)).accountHeader.availableCredit;
    const first = await reviewDraw(b, "100");
    await drawElsewhere(b, Math.floor(available / 2_500) * 2_500 - 2_500);
    const before = await rowsOf(b, "D");
    const page = await shown(await submitDraw(b, first));
    expect(await rowsOf(b, "D")).toEqual(before);
    expect(page.review).toBe(false);
    expect(page.html).toContain("Nothing was drawn, because your account changed since you reviewed this draw.");
    expect(page.html).toContain("You do not have enough available credit at this time to make a draw.");
  });
});

describe("the payments page header reads true", { timeout: TIMEOUT }, () => {
  const headerOf = async (b: Borrower) => {
    const html = decode(await (await send("/payments", { cookie: b.cookie })).text());
    return [...(/<div class="payment-header">(.*?)<\/div>/.exec(html)?.[1] ?? "").matchAll(/<p>([^<]*)<\/p>/g)].map(
      (m) => m[1]!,
    );
  };

  it("EFT: the spec's intro and the next automatic payment's date and amount", async () => {
    const b = await borrower("owing");
    const h = (await summaryOf(b)).accountHeader;
    expect(h.nextAutoPaymentDate).not.toBeNull();
    const lines = await headerOf(b);
    expect(lines[0]).toBe(
      "On this page, you can opt to make one-time payments of $10 or more. These payments occur outside of your automatic EFT payments.",
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Your next automatic EFT payment of \$[\d,]+\.\d{2} will be made on [A-Z][a-z]{2}\.? \d{1,2}, \d{4}\.$/,
      ),
    );
  });

  it("a current paper-check borrower: the intro's first sentence only, no automatic payments; a scheduled payment is named", async () => {
    const b = await borrower("owing");
    await onLine(b.applNo, "UPDATE lines SET repayment_method = 'K' WHERE id = ?", b.applNo);
    await payElsewhere(b, 1_500);
    const lines = await headerOf(b);
    expect(lines[0]).toBe("On this page, you can opt to make one-time payments of $10 or more.");
    expect(lines.join(" ")).not.toMatch(/automatic/i);
    expect(lines).not.toContain("You don't have any upcoming payments at this time.");
    expect(lines).toContainEqual(
      expect.stringMatching(/^Your next scheduled one-time payment of \$15\.00 will be made on /),
    );
  });
});
