import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { digestRows } from "./helpers/d1-snapshot";
import { formActions } from "./helpers/doors";
import { postForm, send, sentTo } from "./helpers/http";
import { onLine } from "./helpers/line-object";
import { settledDb } from "./helpers/messages";

/**
 * Borrower A, signed in, reaching for borrower B: B's statement, agreement,
 * account data (pages and React Router's `.data` client fetches), B's line
 * number and idempotency keys in draw and payment posts, B's e-mail in
 * preferences, B's passkey id. Every attempt is refused or lands on A's own account, nothing
 * of B's shows in A's answers, and B's rows, in D1 and in B's line's object, are exactly as they were.
 * Guests are sent to login by every portal loader and action.
 */

/** Every portal page's loader (app/routes.ts, routes/portal/). */
const PORTAL_PAGES = [
  "/account",
  "/transactions",
  "/documents",
  "/draw",
  "/payments",
  "/preferences",
  "/documents/agreement",
  "/accountclosed",
  "/accountcredit",
];

let a: SignedInBorrower;
let b: SignedInBorrower;
let bStatementId: string;
const B_AGREEMENT = "B-ONLY agreement text 7f3c";

/** Everything D1 holds about B, as one digest per table (rows found by B's customer id or line). */
async function rowsOf(x: SignedInBorrower): Promise<Record<string, string>> {
  // Messages sent before are on their way to the outbox: the digest waits for them.
  await settledDb();
  const byCustomer = [
    "customers WHERE id",
    "applications WHERE customer_id",
    "lines WHERE customer_id",
    "users WHERE customer_id",
    "idempotency_keys WHERE customer_id",
    "notes WHERE customer_id",
    "outbox WHERE customer_id",
    "passkeys WHERE customer_id",
    "login_attempts WHERE customer_id",
  ];
  const byLine = ["transactions", "ledger_entries", "statements", "signed_documents", "signatures", "notices"];
  const shared = await digestRows(
    Object.fromEntries(
      byCustomer.map((q) => [
        q.split(" ")[0]!,
        env.DB.prepare(`SELECT * FROM ${q} = ? ORDER BY rowid`).bind(x.customerId),
      ]),
    ),
  );
  // The line's own rows, where the line lives (its object).
  const own = await Promise.all(
    byLine.map(async (t) => [
      t,
      JSON.stringify(await onLine(x.applNo, `SELECT * FROM ${t} WHERE line_id = ? ORDER BY rowid`, x.applNo)),
    ]),
  );
  expect(own.find(([t]) => t === "ledger_entries")![1]).not.toBe("[]");
  return { ...shared, ...Object.fromEntries(own) };
}

/**
 * A's answer must not carry anything that identifies B, except what A's own
 * request put there (a page's form echoes the URL A typed as its action).
 */
async function expectNothingOfB(res: Response, what: string) {
  const text = await res.text();
  const secrets = [b.email, b.customerId, String(b.applNo), bStatementId, B_AGREEMENT].filter((s) => !what.includes(s));
  for (const secret of secrets) expect(text, `${what} shows B's ${secret}`).not.toContain(secret);
}

/** A valid payment date for B's account (the platform's effective date: a business day). */
async function paymentDate(x: SignedInBorrower): Promise<string> {
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: x.email, password: x.password });
  const iso = (await platform.call(catalogue.account.GetSummary, {})).accountConfig.achEffectiveDate;
  const [y, m, d] = iso.split("-");
  return `${m}/${d}/${y}`;
}

const drawKey = crypto.randomUUID();
const paymentKey = crypto.randomUUID();

beforeAll(async () => {
  [a, b] = await Promise.all([signedInBorrower("current"), signedInBorrower("current")]);
  bStatementId = (
    await onLine<{ id: string }>(b.applNo, "SELECT id FROM statements WHERE line_id = ? LIMIT 1", b.applNo)
  )[0]!.id;
  // B has signed an agreement, kept with B's line.
  await onLine(
    b.applNo,
    "INSERT INTO signed_documents (id, line_id, kind, title, html, signed_at) VALUES (?, ?, 'agrcredit', 'Credit Agreement', ?, ?)",
    `b-${b.applNo}`,
    b.applNo,
    `<p>${B_AGREEMENT}</p>`,
    Date.now(),
  );
  // B draws and pays through the pages, each with an idempotency key A will reuse.
  expect(
    (await postForm("/draw", { intent: "submit", amount: "100", key: drawKey }, { cookie: b.cookie })).status,
  ).toBe(200);
  const paid = await postForm(
    "/payments",
    { intent: "submit", option: "other", other: "20", date: await paymentDate(b), key: paymentKey },
    { cookie: b.cookie },
  );
  expect(paid.status).toBe(200);
  const bRows = await onLine<{ code: string }>(
    b.applNo,
    "SELECT code FROM transactions WHERE line_id = ? AND created_at > ? ORDER BY code",
    b.applNo,
    Date.now() - 120_000,
  );
  expect(bRows.map((r) => r.code)).toEqual(["D", "P"]);
}, 120_000);

describe("borrower A reaching for borrower B", { timeout: 60_000 }, () => {
  it("B's statement PDF answers 404 to A (page and .data), while A's own statement opens", async () => {
    const before = await rowsOf(b);
    for (const path of [
      `/documents/statements/${bStatementId}`,
      `/documents/statements/${bStatementId}.data`,
      `/documents/statements/${encodeURIComponent(`${bStatementId}/../${bStatementId}`)}`,
    ]) {
      const res = await send(path, { cookie: a.cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("Content-Type") ?? "", path).not.toContain("pdf");
      await expectNothingOfB(res, path);
    }
    // The control: the same door opens for the statement's owner.
    const [own] = await onLine<{ id: string }>(
      a.applNo,
      "SELECT id FROM statements WHERE line_id = ? LIMIT 1",
      a.applNo,
    );
    const mine = await send(`/documents/statements/${own!.id}`, { cookie: a.cookie });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("application/pdf");
    expect(await rowsOf(b)).toEqual(before);
  });

  it("the agreement page shows A only A's agreement, never B's; B sees B's", async () => {
    for (const path of [
      "/documents/agreement",
      "/documents/agreement.data",
      `/documents/agreement?line=${b.applNo}`,
      `/documents/agreement?customerId=${b.customerId}`,
    ]) {
      const res = await send(path, { cookie: a.cookie });
      expect(res.status, path).toBe(200);
      await expectNothingOfB(res, path);
    }
    expect(await (await send("/documents/agreement", { cookie: b.cookie })).text()).toContain(B_AGREEMENT);
  });

  it("every portal loader, as a page and as .data, answers A's own account with nothing of B's, whatever the query says", async () => {
    const before = await rowsOf(b);
    for (const page of PORTAL_PAGES) {
      for (const path of [page, `${page}.data`, `${page}?applNo=${b.applNo}&customerId=${b.customerId}`]) {
        const res = await send(path, { cookie: a.cookie });
        expect(res.status, path).toBeLessThan(500);
        await expectNothingOfB(res, path);
      }
    }
    // The control: B's own preferences page does show B's e-mail, so the check above can fail.
    expect(await (await send("/preferences", { cookie: b.cookie })).text()).toContain(b.email);
    expect(await rowsOf(b)).toEqual(before);
  });

  it("a draw posted with B's line number and B's idempotency key draws nothing: never B's answer or B's line, and A stays signed in", async () => {
    const before = await rowsOf(b);
    const aBefore = await rowsOf(a);
    const res = await postForm(
      "/draw",
      { intent: "submit", amount: "100", key: drawKey, applNo: String(b.applNo), customerId: b.customerId },
      { cookie: a.cookie },
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    await expectNothingOfB(new Response(html), "A's draw");
    expect(await rowsOf(b)).toEqual(before);
    // The line named is not A's: the platform refuses (403), nothing posts, and A is told so on the amount view.
    expect(html).toContain("This account is not yours.");
    expect(await rowsOf(a)).toEqual(aBefore);
    // B's recorded answer was not replayed (the key is per customer), and A's refused claim was let go.
    const aKeys = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE customer_id = ? AND key = ?")
      .bind(a.customerId, drawKey)
      .first<{ n: number }>();
    expect(aKeys!.n).toBe(0);
    expect((await send("/account", { cookie: a.cookie })).status).toBe(200);
    // A's own line drawn with the same key works.
    const own = await postForm(
      "/draw",
      { intent: "submit", amount: "100", key: drawKey, applNo: String(a.applNo) },
      { cookie: a.cookie },
    );
    expect(await own.text()).toContain("Thank you! Your draw request was received.");
  });

  it("a payment posted with B's line number and B's idempotency key is A's own payment, never B's", async () => {
    const before = await rowsOf(b);
    const res = await postForm(
      "/payments",
      {
        intent: "submit",
        option: "other",
        other: "20",
        date: await paymentDate(a),
        key: paymentKey,
        applNo: String(b.applNo),
      },
      { cookie: a.cookie },
    );
    expect(res.status).toBe(200);
    await expectNothingOfB(res, "A's payment");
    expect(await rowsOf(b)).toEqual(before);
    const [mine] = await onLine<{ n: number }>(
      a.applNo,
      "SELECT COUNT(*) AS n FROM transactions WHERE line_id = ? AND code = 'P' AND amount_cents = 2000",
      a.applNo,
    );
    expect(mine!.n).toBeGreaterThan(0);
  });

  it("preferences posted with B's e-mail and B's ids change neither B nor A's sign-in to B's address", async () => {
    const before = await rowsOf(b);
    const aBefore = await rowsOf(a);
    const res = await postForm(
      "/preferences",
      {
        intent: "save",
        email: b.email,
        mainPhone: "(614) 555-0111",
        mainIsCell: "on",
        emailMarketing: "yes",
        callMarketing: "yes",
        customerId: b.customerId,
        applNo: String(b.applNo),
      },
      { cookie: a.cookie },
    );
    expect(res.status).toBeLessThan(500);
    expect(await rowsOf(b)).toEqual(before);
    // The platform refuses an e-mail another borrower signs in with: A's record is untouched too.
    expect(await rowsOf(a)).toEqual(aBefore);
    const aUser = await env.DB.prepare("SELECT email FROM users WHERE customer_id = ?")
      .bind(a.customerId)
      .first<{ email: string }>();
    expect(aUser!.email).toBe(a.email);
  });

  it("B's passkey cannot be listed, renamed or removed by A through /api/passkeys", async () => {
    const passkeyId = `b-passkey-${b.applNo}`;
    await env.DB.prepare(
      "INSERT INTO passkeys (id, customer_id, public_key, counter, name, created_at) VALUES (?, ?, 'cHVibGlj', 0, 'B laptop', ?)",
    )
      .bind(passkeyId, b.customerId, Date.now())
      .run();
    const before = await rowsOf(b);
    const json = { "Content-Type": "application/json" };
    const list = await send("/api/passkeys", { cookie: a.cookie });
    expect(list.status).toBe(200);
    expect(await list.text()).not.toContain(passkeyId);
    const rename = await send(`/api/passkeys/${passkeyId}/rename`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ name: "mine now" }),
      cookie: a.cookie,
    });
    expect(await rename.json()).toMatchObject({ status: false });
    const remove = await send(`/api/passkeys/${passkeyId}/remove`, { method: "POST", cookie: a.cookie });
    expect(await remove.json()).toMatchObject({ status: false });
    expect(await rowsOf(b)).toEqual(before);
    // The control: B's own list shows it.
    expect(await (await send("/api/passkeys", { cookie: b.cookie })).text()).toContain(passkeyId);
  });
});

describe("guests", { timeout: 60_000 }, () => {
  it("are sent to login by every portal loader, page and .data, the statement and the agreement included", async () => {
    for (const page of [
      ...PORTAL_PAGES.filter((p) => p !== "/accountclosed" && p !== "/accountcredit"),
      `/documents/statements/${bStatementId}`,
    ]) {
      for (const path of [page, `${page}.data`]) {
        const res = await send(path);
        expect(await sentTo(res), path).toBe("/login");
      }
    }
  });

  it("are sent to login by every portal action, page and .data, and nothing is written", async () => {
    const before = await rowsOf(b);
    for (const action of formActions.filter((x) => x.portal)) {
      for (const path of [action.path, `${action.path}.data`]) {
        const res = await postForm(path, {
          intent: "submit",
          amount: "100",
          key: drawKey,
          option: "other",
          other: "20",
        });
        expect(await sentTo(res), path).toBe("/login");
      }
    }
    expect(await rowsOf(b)).toEqual(before);
  });
});
