import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { BOOKMARK_COOKIE, sessionStart } from "#server/http/d1-session";
import { countedD1, newTally, serverTiming } from "#server/http/d1-trips";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { setClockOffset } from "../../functions/servicing/clock";
import { demoLead } from "../e2e/fixtures/lead-data";
import { stepFields, walkWizard, wizardApplicant } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, send } from "./helpers/http";
import { post } from "./helpers/leads";
import { settledDb } from "./helpers/messages";
import { productionTripsOf, tripsOf } from "./helpers/trips";

/**
 * Issue 19, "count them": in development every D1 round trip of a request is
 * counted (a batch is one; a trip started beside another is not sequential)
 * and answered in Server-Timing.
 */
describe("counting D1 round trips", () => {
  it("counts a statement as one trip and a batch as one, and tells sequential from parallel", async () => {
    const tally = newTally();
    const d1 = countedD1(env.DB, tally);
    await d1.prepare("SELECT ? AS n").bind(1).first();
    await d1.batch([d1.prepare("SELECT 1"), d1.prepare("SELECT ? AS n").bind(2)]);
    await Promise.all([d1.prepare("SELECT 3").all(), d1.prepare("SELECT 4").raw()]);
    expect(tally.trips.map((t) => [t.kind, t.sequential])).toEqual([
      ["first", true],
      ["batch", true],
      ["all", true],
      ["raw", false],
    ]);
    expect(serverTiming(tally)).toMatch(
      /^d1;desc="4 round trips, 3 sequential";dur=[\d.]+, do;desc="0 calls, 0 sequential";dur=0.0, d1-1;desc="select";dur=/,
    );
  });

  it("answers each request's tally in Server-Timing: none for health, some for a signed-in account page", async () => {
    expect(tripsOf(await send("/api/health"))).toEqual({ trips: 0, sequential: 0 });
    const b = await signedInBorrower("current");
    const account = tripsOf(await send("/account", { cookie: b.cookie }));
    expect(account?.trips).toBeGreaterThan(0);
    expect(account!.sequential).toBeLessThanOrEqual(account!.trips);
  });

  it("counts the calls to Durable Objects: a refused login asks the form-post limit, peeks at the login limit, counts the failure", async () => {
    const res = await postForm("/login", {
      intent: "login",
      email: "nobody@example.com",
      password: "wrong-password-1",
    });
    expect(tripsOf(res, "do")).toEqual({ trips: 3, sequential: 3 });
    expect(res.headers.get("Server-Timing")).toMatch(
      /do-1;desc="RateLimiter.hit";dur=[\d.]+, do-2;desc="RateLimiter.peek";dur=[\d.]+, do-3;desc="RateLimiter.hit"/,
    );
  });

  it("keeps each page within its budget: a public page none, a step's GET one and POST two, a portal page one", async () => {
    expect(tripsOf(await send("/"))).toEqual({ trips: 0, sequential: 0 });
    const a = wizardApplicant();
    const walk = await walkWizard(a, "personal");
    expect(tripsOf(await send("/apply/address", { cookie: walk.cookie }))).toEqual({ trips: 1, sequential: 1 });
    expect(tripsOf(await postForm("/apply/address", stepFields(a).address, { cookie: walk.cookie }))).toEqual({
      trips: 2,
      sequential: 2,
    });
    // A portal page's summary starts beside the session's lookup: every page in early-summary.test.ts.
    const b = await signedInBorrower("current");
    expect(productionTripsOf(await send("/account", { cookie: b.cookie })).sequential).toBe(1);
  });
});

describe("a partner's signed lead", () => {
  it("makes five trips one after another, and asks two Durable Objects: the partner with the signature's first use, the claim, the decision's reads with the token, its writes, the recorded answer", async () => {
    // The isolate's first lead also makes the merchant token its leads share (leads/decide.ts).
    await post(demoLead(), { worker: true, ip: "203.0.113.77" });
    const res = await post(demoLead(), { worker: true, ip: "203.0.113.77" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe("approved");
    expect(productionTripsOf(res)).toEqual({ trips: 5, sequential: 5 });
    expect(tripsOf(res, "do")).toEqual({ trips: 2, sequential: 2 });
    expect(res.headers.get("Server-Timing")).toMatch(/d1-1;desc="batch of 2"/);
  });

  it("is a machine's post: partner leads and provider webhooks use the primary itself, a browser's post a session from the primary", () => {
    const post = (path: string) => new Request(`https://ridgeline.test${path}`, { method: "POST" });
    expect(sessionStart(post("/api/leads"))).toBe("primary");
    expect(sessionStart(post("/api/webhooks/twilio/status"))).toBe("primary");
    expect(sessionStart(post("/login"))).toBe("first-primary");
    expect(sessionStart(post("/api/passkeys/login/verify"))).toBe("first-primary");
    expect(sessionStart(new Request("https://ridgeline.test/api/leads/L-1"))).toBe("first-unconstrained");
  });

  it("starts a borrower's draw or payment form at the browser's bookmark, and every other browser post at the primary", () => {
    const bookmark = `0000002a-00000001-00004ef1-${"c".repeat(32)}`;
    const post = (path: string, cookie = `__Host-rl_session=s; ${BOOKMARK_COOKIE}=${bookmark}`) =>
      new Request(`https://ridgeline.test${path}`, { method: "POST", headers: { Cookie: cookie } });
    for (const path of ["/draw", "/draw.data", "/payments", "/payments.data"])
      expect(sessionStart(post(path)), path).toBe(bookmark);
    for (const path of ["/login", "/preferences", "/apply/address", "/reset-password", "/drawings", "/api/draw"])
      expect(sessionStart(post(path)), path).toBe("first-primary");
    expect(sessionStart(post("/draw", "__Host-rl_session=s")), "no bookmark").toBe("first-primary");
    expect(sessionStart(post("/draw", `${BOOKMARK_COOKIE}=not-a-bookmark`)), "a made-up one").toBe("first-primary");
  });
});

/** The hidden fields a review form carries to its SUBMIT (a draw's: amount and key). */
const reviewed = async (res: Response) => {
  expect(res.status).toBe(200);
  const html = await res.text();
  const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
  return { amount: hidden("amount"), key: hidden("key"), applNo: hidden("applNo") };
};

describe("a draw's SUBMIT REQUEST", () => {
  it("makes two trips one after another as the browser sends it, then one call to the line's object: the session, the token's batch with the directory; the posting's claim, read and write are the object's", async () => {
    const b = await signedInBorrower("current");
    const review = await reviewed(await postForm("/draw", { intent: "review", amount: "100" }, { cookie: b.cookie }));
    expect(review.applNo).toBe(String(b.applNo));
    // With JavaScript the action is its own request (.data); the page's loaders are asked after it.
    const submit = await postForm("/draw.data", { intent: "submit", ...review }, { cookie: b.cookie });
    expect(submit.status).toBe(200);
    expect(await submit.text()).toContain("thanks");
    expect(productionTripsOf(submit)).toEqual({ trips: 2, sequential: 2 });
    // The token, the directory entry and the customer (decision record 032); the form-post limit, then the line's
    // object, where the key's claim, the line's reads and the posting with its e-mail's record are one transaction.
    expect(submit.headers.get("Server-Timing")).toMatch(
      /desc="select sessions".*desc="batch of 3".*do-1;desc="RateLimiter.hit".*do-2;desc="LineLedger.call"/,
    );
    expect(tripsOf(submit, "do")).toEqual({ trips: 2, sequential: 2 });
  });

  it("reads the figures only when the posting is refused: the review again at the largest draw now allowed", async () => {
    const b = await signedInBorrower("current");
    const review = await reviewed(await postForm("/draw", { intent: "review", amount: "200" }, { cookie: b.cookie }));
    // Another tab uses up the credit meanwhile.
    const available = Number(
      /data-figure="available">\$([\d,.]+)</
        .exec(await (await send("/draw", { cookie: b.cookie })).text())![1]!
        .replace(/,/g, ""),
    );
    const other = await reviewed(
      await postForm(
        "/draw",
        { intent: "review", amount: String(Math.floor(available / 25) * 25 - 150) },
        { cookie: b.cookie },
      ),
    );
    expect(await (await postForm("/draw.data", { intent: "submit", ...other }, { cookie: b.cookie })).text()).toContain(
      "thanks",
    );
    const refused = await postForm("/draw.data", { intent: "submit", ...review }, { cookie: b.cookie });
    const body = await refused.text();
    expect(body).toContain(
      "Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is $150.00.",
    );
    // The session, the token's batch with the object's refusal, then the figures now: only a refused submit pays for them.
    expect(productionTripsOf(refused).sequential).toBe(3);
    expect(tripsOf(refused, "do")?.sequential).toBe(3);
  });

  it("without JavaScript the page's summary is read after the posting, in the same request: three", async () => {
    const b = await signedInBorrower("current");
    const review = await reviewed(await postForm("/draw", { intent: "review", amount: "100" }, { cookie: b.cookie }));
    const submit = await postForm("/draw", { intent: "submit", ...review }, { cookie: b.cookie });
    expect(await submit.text()).toContain("Thank you");
    expect(productionTripsOf(submit)).toEqual({ trips: 3, sequential: 3 });
  });
});

// The e-mail waits in the line's object with the posting, and is handed to the shared dispatch after the answer.
describe("a posting's confirmation", () => {
  const drawRecords = (customerId: string) =>
    env.DB.prepare(
      "SELECT status, provider FROM message_records WHERE customer_id = ? AND template = 'drawReceived' ORDER BY created_at",
    )
      .bind(customerId)
      .all<{ status: string; provider: string }>()
      .then((r) => r.results);
  const drawEmails = async (email: string) =>
    (
      await (
        await settledDb()
      )
        .prepare("SELECT subject FROM outbox WHERE recipient = ? AND subject = 'Your draw request was received'")
        .bind(email)
        .all()
    ).results.length;
  const draw = async (b: Awaited<ReturnType<typeof signedInBorrower>>) => {
    const review = await reviewed(await postForm("/draw", { intent: "review", amount: "100" }, { cookie: b.cookie }));
    expect(
      await (await postForm("/draw.data", { intent: "submit", ...review }, { cookie: b.cookie })).text(),
    ).toContain("thanks");
    // Recorded (queued, or suppressed) once the object has handed it over.
    await vi.waitFor(async () => expect(await drawRecords(b.customerId)).toHaveLength(1));
  };

  it("is queued and delivered once when the address may be written to", async () => {
    const b = await signedInBorrower("current");
    await draw(b);
    expect(await drawRecords(b.customerId)).toEqual([
      expect.objectContaining({ status: expect.stringMatching(/queued|sent|delivered/) }),
    ]);
    expect(await drawEmails(b.email)).toBe(1);
  });

  it("is recorded as suppressed, and not sent, when the address asked for no more e-mail; marketing-only leaves it sent", async () => {
    const stopped = await signedInBorrower("current");
    const suppress = (email: string, scope: string) =>
      env.DB.prepare(
        "INSERT INTO suppressions (channel, address, scope, reason, updated_at) VALUES ('email', ?, ?, 'test', 0)",
      )
        .bind(email, scope)
        .run();
    // Kept as the sender's rule keeps it: lower-cased (a person's upper case must not slip past).
    await suppress(stopped.email.toLowerCase(), "all");
    await draw(stopped);
    expect(await drawRecords(stopped.customerId)).toEqual([{ status: "suppressed", provider: "none" }]);
    expect(await drawEmails(stopped.email)).toBe(0);

    const marketingOnly = await signedInBorrower("current");
    await suppress(marketingOnly.email.toLowerCase(), "marketing");
    await draw(marketingOnly);
    expect(await drawRecords(marketingOnly.customerId)).toHaveLength(1);
    expect((await drawRecords(marketingOnly.customerId))[0]!.status).not.toBe("suppressed");
    expect(await drawEmails(marketingOnly.email)).toBe(1);
  });
});

describe("the request that slides the session's idle window (once a minute)", () => {
  it("extends the platform token beside the slide and the summary, not after them: two trips one after another, not five", async () => {
    const b = await signedInBorrower("current");
    const db = database(env.DB);
    try {
      // A minute and a bit later (the development clock, which the session's window shares).
      await setClockOffset(env, db, 61_000);
      const touched = await send("/account", { cookie: b.cookie });
      expect(touched.status).toBe(200);
      const timing = touched.headers.get("Server-Timing") ?? "";
      expect(timing).toMatch(/desc="update sessions \(parallel\)"/);
      // The session, with the summary's batch started beside it; then the slide beside the token's check; the token's
      // extension.
      expect(productionTripsOf(touched)).toEqual({ trips: 5, sequential: 2 });
      // The slide was written: the next request within the minute does not slide again.
      expect(productionTripsOf(await send("/account", { cookie: b.cookie })).sequential).toBe(1);
    } finally {
      await setClockOffset(env, db, 0);
    }
  });
});

describe("a payment's SUBMIT PAYMENT", () => {
  /** A $20.00 Other Amount reviewed on the earliest date: the fields its form carries. */
  async function reviewedTwenty(b: Awaited<ReturnType<typeof signedInBorrower>>) {
    const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
    const ach = (await platform.call(catalogue.account.GetSummary, {})).accountConfig.achEffectiveDate;
    const date = `${ach.slice(5, 7)}/${ach.slice(8)}/${ach.slice(0, 4)}`;
    const html = await (
      await postForm("/payments", { intent: "review", option: "other", other: "20", date }, { cookie: b.cookie })
    ).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
    return Object.fromEntries(
      ["option", "other", "date", "amount", "key", "review"].map((name) => [name, hidden(name)]),
    );
  }

  it("makes two trips one after another from a sealed review (decision record 020): the session, the token's batch with the directory; the object posts", async () => {
    const b = await signedInBorrower("current");
    const submit = await postForm(
      "/payments.data",
      { intent: "submit", ...(await reviewedTwenty(b)) },
      { cookie: b.cookie },
    );
    expect(await submit.text()).toContain("thanks");
    expect(productionTripsOf(submit)).toEqual({ trips: 2, sequential: 2 });
    // The payment, the key's answer and the e-mail's records are one transaction in the line's object.
    expect(submit.headers.get("Server-Timing")).toMatch(
      /desc="select sessions".*desc="batch of 3".*do-2;desc="LineLedger.call"/,
    );
  });

  it("goes the long way when the account changed since the review: the conditional posting's refusal, then the re-check's", async () => {
    const b = await signedInBorrower("current");
    const fields = await reviewedTwenty(b);
    // Another tab: the same review's figures, posted under another key first.
    await postForm(
      "/payments",
      { intent: "submit", ...fields, key: crypto.randomUUID(), review: "" },
      { cookie: b.cookie },
    );
    const submit = await postForm("/payments.data", { intent: "submit", ...fields }, { cookie: b.cookie });
    expect(await submit.text()).toContain("thanks");
    // The session; the refused posting's batch (the object refuses and frees the key); the summary's; the
    // session's mark beside the posting's batch (the object posts).
    expect(productionTripsOf(submit)).toEqual({ trips: 5, sequential: 4 });
    expect(tripsOf(submit, "do")?.sequential).toBe(4);
  });

  it("makes three from a form without the seal: the session, the re-check's summary, the posting's batch with the key's mark beside it; the object posts", async () => {
    const b = await signedInBorrower("current");
    const { review: _, ...unsealed } = await reviewedTwenty(b);
    const submit = await postForm("/payments.data", { intent: "submit", ...unsealed }, { cookie: b.cookie });
    expect(await submit.text()).toContain("thanks");
    expect(productionTripsOf(submit)).toEqual({ trips: 4, sequential: 3 });
    expect(submit.headers.get("Server-Timing")).toMatch(
      /desc="select sessions".*desc="batch of 3".*desc="update sessions".*desc="batch of 3 \(parallel\)"/,
    );
  });
});
