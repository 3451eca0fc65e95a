import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { setClockOffset } from "../../functions/servicing/clock";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { postForm, send, sentTo, sessionCookieOf } from "./helpers/http";

/**
 * The site's session and its platform token live and die together (issue
 * 14, item 2): what keeps the session alive keeps the token valid; a token
 * the platform rotates is kept whether the call succeeded or was refused;
 * and a token the platform refuses anyway ends the session with a notice
 * on the login page, never a redirect loop. One clock drives both here: the
 * development clock (functions/servicing/clock.ts), as in a browser.
 */

const db = database(env.DB);
const MIN = 60_000;
const ENDED = "/login?logout=ended";
const ENDED_NOTICE = "Your session has ended. Please log in again.";

/** Every portal page's loader (app/routes/portal/), as in cross-customer.test.ts. */
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
/** The signed-in API calls (functions/server/api/passkeys.ts); :id is a passkey the borrower does not have. */
const SIGNED_IN_API = [
  ["GET", "/api/passkeys"],
  ["POST", "/api/passkeys/register/options"],
  ["POST", "/api/passkeys/pk-unknown/rename"],
  ["POST", "/api/passkeys/pk-unknown/remove"],
] as const;

const dataTwin = (path: string) => `${path}.data`;
/** A rename takes a name; the ceremony options and a removal take an empty body (anything more is 400). */
const bodyFor = (method: string, path: string) =>
  method === "GET" ? null : JSON.stringify(path.endsWith("/rename") ? { name: "Phone" } : {});
const callApi = (method: string, path: string, cookie: string) =>
  send(path, { method, cookie, body: bodyFor(method, path), headers: { "Content-Type": "application/json" } });

let b: SignedInBorrower;

beforeAll(async () => {
  b = await signedInBorrower("current");
}, 60_000);

afterEach(() => setClockOffset(env, db, 0));

/** A fresh sign-in of the borrower: a session and a platform token of its own. */
async function signIn(): Promise<string> {
  const cookie = sessionCookieOf(await postForm("/login", { intent: "login", email: b.email, password: b.password }));
  expect(cookie).not.toBeNull();
  return cookie!;
}

/** The platform no longer accepts any token of the borrower (expired, or ended on its side). */
async function killTokens(olderThan = Number.MAX_SAFE_INTEGER) {
  await env.DB.prepare("UPDATE platform_tokens SET expires_at = 1 WHERE customer_id = ? AND created_at < ?")
    .bind(b.customerId, olderThan)
    .run();
}

async function expectSessionEnded(res: Response, cookie: string, what: string) {
  expect(res.headers.getSetCookie().join("\n"), `${what}: the cookie is cleared`).toMatch(/Max-Age=0/);
  // The old cookie is signed out: the login page shows (no loop back to the portal).
  const login = await send(ENDED, { cookie });
  expect(login.status, `${what}: the login page with the old cookie`).toBe(200);
  expect(await login.text()).toContain(ENDED_NOTICE);
}

describe("a platform token that expired while the site's session lives on", { timeout: 120_000 }, () => {
  for (const page of PORTAL_PAGES) {
    for (const path of [page, dataTwin(page)]) {
      it(`${path} ends the session and the login page says '${ENDED_NOTICE}'`, async () => {
        const cookie = await signIn();
        await killTokens();
        const res = await send(path, { cookie });
        expect(await sentTo(res), path).toBe(ENDED);
        await expectSessionEnded(res, cookie, path);
      });
    }
  }

  for (const [method, path] of SIGNED_IN_API) {
    it(`${method} ${path} answers 401 with the notice and ends the session`, async () => {
      const cookie = await signIn();
      await killTokens();
      const res = await callApi(method, path, cookie);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ error: ENDED_NOTICE, redirectTo: ENDED });
      await expectSessionEnded(res, cookie, `${method} ${path}`);
    });
  }

  it("a public page read after the platform refused the token ends the session with the notice too", async () => {
    const cookie = await signIn();
    await killTokens();
    // Two minutes on: the session's idle window slides, and with it the token is kept alive, which the platform refuses.
    await setClockOffset(env, db, 2 * MIN);
    const res = await send("/faq", { cookie });
    expect(await sentTo(res)).toBe(ENDED);
    await expectSessionEnded(res, cookie, "/faq");
  });
});

describe("a token rotated by a refused call is kept", { timeout: 120_000 }, () => {
  it("the embedded platform's refusal carries the rotated token, and the client takes it", async () => {
    const tokens = memoryTokenHolder(null);
    const client = new PlatformClient(embeddedTransport(env), tokens, EMBEDDED_MERCHANT_ID);
    await client.call(catalogue.auth.Login, { userName: b.email, password: b.password });
    const before = tokens.get();
    await env.DB.prepare("UPDATE platform_tokens SET created_at = created_at - ? WHERE customer_id = ?")
      .bind(11 * MIN, b.customerId)
      .run();
    // No such passkey request: refused (400) after the token was accepted, and rotated.
    const refused = {
      challengeId: "nope",
      response: { id: "x" },
      name: "Phone",
      rpID: "localhost",
      expectedOrigin: ["http://localhost:8787"],
    };
    await expect(client.call(catalogue.passkeys.PasskeyRegister, refused)).rejects.toMatchObject({
      kind: "rejected",
      status: 400,
    });
    expect(tokens.get()).not.toBe(before);
    await killTokens(Date.now() - 5 * MIN);
    await expect(client.call(catalogue.passkeys.PasskeyList, {})).resolves.toMatchObject({ passkeys: [] });
  });

  it("every portal page and signed-in API call works after a refused call rotated the token and the old one died", async () => {
    const cookie = await signIn();
    // The token is 11 minutes old: the next call rotates it, and the platform refuses that call (no such passkey request).
    await env.DB.prepare("UPDATE platform_tokens SET created_at = created_at - ? WHERE customer_id = ?")
      .bind(11 * MIN, b.customerId)
      .run();
    const verify = await send("/api/passkeys/register/verify", {
      method: "POST",
      cookie,
      body: JSON.stringify({ challengeId: "nope", response: { id: "x" }, name: "Phone" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(verify.status).toBe(400);
    // The replaced token winds down (a minute's grace): here it is gone at once.
    await killTokens(Date.now() - 5 * MIN);
    for (const page of PORTAL_PAGES.slice(0, 7)) {
      const res = await send(page, { cookie });
      expect(res.status, `${page} -> ${res.headers.get("Location")}`).toBe(200);
      await res.body?.cancel();
    }
    for (const [method, path] of SIGNED_IN_API) {
      const res = await callApi(method, path, cookie);
      expect(res.status, `${method} ${path}`).toBeLessThan(401);
      await res.body?.cancel();
    }
  });

  it("a passkey rename or remove after 10 minutes keeps the rotated token", async () => {
    for (const action of ["rename", "remove"] as const) {
      const cookie = await signIn();
      const id = `pk-${crypto.randomUUID()}`;
      await env.DB.prepare(
        "INSERT INTO passkeys (id, customer_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, '[]', 'Laptop', ?)",
      )
        .bind(id, b.customerId, Date.now())
        .run();
      await env.DB.prepare("UPDATE platform_tokens SET created_at = created_at - ? WHERE customer_id = ?")
        .bind(11 * MIN, b.customerId)
        .run();
      expect((await callApi("POST", `/api/passkeys/${id}/${action}`, cookie)).status, action).toBe(200);
      await killTokens(Date.now() - 5 * MIN);
      expect((await send("/account", { cookie })).status, `/account after a passkey ${action}`).toBe(200);
    }
  });
});

describe("what keeps the session alive keeps the token valid", { timeout: 120_000 }, () => {
  it("reading public pages every 4 minutes for 36 minutes, then /account: still signed in", async () => {
    const cookie = await signIn();
    for (let minute = 4; minute <= 36; minute += 4) {
      await setClockOffset(env, db, minute * MIN);
      const faq = await send("/faq", { cookie });
      expect(faq.status, `minute ${minute}`).toBe(200);
      expect(await faq.text(), `minute ${minute}`).toContain("Log Out");
    }
    const account = await send("/account", { cookie });
    expect(account.status, `/account -> ${account.headers.get("Location")}`).toBe(200);
  });

  it("31 minutes without a visit ends both: the login page says the session timed out", async () => {
    const cookie = await signIn();
    await setClockOffset(env, db, 31 * MIN);
    const res = await send("/account", { cookie });
    expect(await sentTo(res)).toBe("/login?logout=idle");
  });

  it("log out ends the platform token with the session", async () => {
    const cookie = await signIn();
    const live = () =>
      env.DB.prepare("SELECT count(*) AS n FROM platform_tokens WHERE customer_id = ? AND expires_at > ?")
        .bind(b.customerId, Date.now())
        .first<{ n: number }>();
    const before = (await live())!.n;
    expect(before).toBeGreaterThan(0);
    const res = await postForm("/logout", {}, { cookie });
    expect(res.status).toBe(302);
    // The other sign-ins of this file are still live; this session's token is not.
    expect((await live())!.n).toBe(before - 1);
  });
});
