import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { sha256Hex } from "#domain/tokens";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { rememberToken } from "#server/sessions/remembered-tokens";
import { getSession, patchSession } from "#server/sessions/session";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { setClockOffset } from "../../functions/servicing/clock";
import { signedInBorrower } from "./helpers/borrowers";
import { ORIGIN, send, sentTo } from "./helpers/http";
import { productionTripsOf } from "./helpers/trips";

/**
 * A portal page's account summary starts beside the session's lookup when
 * the isolate remembers the session's token (functions/server/sessions/
 * early-call.ts; decision record 032): the page waits for one round trip,
 * not two. The early answer counts only for the session as it is when read.
 */

const db = database(env.DB);
const MIN = 60_000;
/** The pages whose only read is the summary; /preferences reads the borrower's recent messages too, after the session. */
const SUMMARY_PAGES = ["/account", "/transactions", "/documents", "/draw"];

afterEach(() => setClockOffset(env, db, 0));

const sessionOf = async (cookie: string) =>
  (await getSession(env, new Request(`${ORIGIN}/`, { headers: { Cookie: cookie } })))!;

/** When the platform stops accepting a token. */
const tokenExpiry = async (token: string) =>
  (await env.DB.prepare("SELECT expires_at FROM platform_tokens WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<{ expires_at: number }>())!.expires_at;

describe("a portal page's summary, started beside the session's lookup", { timeout: 120_000 }, () => {
  it("every portal page opened once signed in waits for one D1 trip, not two", async () => {
    const b = await signedInBorrower("current");
    for (const page of SUMMARY_PAGES) {
      for (const path of [page, `${page}.data`]) {
        const res = await send(path, { cookie: b.cookie });
        expect(res.status, path).toBe(200);
        expect(productionTripsOf(res).sequential, path).toBe(1);
      }
    }
    // A second call after the session's lookup: Preferences' messages and consent, the payments page's
    // minimum-payment warning (decision record 033), the consent record's own Documents view.
    for (const path of ["/preferences", "/payments", "/documents?view=consent"])
      expect(productionTripsOf(await send(path, { cookie: b.cookie })).sequential, path).toBe(2);
    expect(await (await send("/account", { cookie: b.cookie })).text()).toContain(String(b.applNo));
  });

  it("a token rotated by the early call is the session's from then on (the old one winds down in a minute)", async () => {
    const b = await signedInBorrower("current");
    const before = (await sessionOf(b.cookie)).data.platformToken!;
    // A call rotates a token older than ten minutes. The session was used this minute, so the early call is the only one.
    await env.DB.prepare("UPDATE platform_tokens SET created_at = created_at - ? WHERE customer_id = ?")
      .bind(11 * MIN, b.customerId)
      .run();
    expect((await send("/account", { cookie: b.cookie })).status).toBe(200);
    const after = (await sessionOf(b.cookie)).data.platformToken!;
    expect(after).not.toBe(before);
    await setClockOffset(env, db, 2 * MIN);
    expect(await tokenExpiry(before), "the old one: a minute of grace").toBeLessThan(Date.now() + 2 * MIN);
    const later = await send("/account", { cookie: b.cookie });
    expect(await sentTo(later)).toBeNull();
    expect(later.status).toBe(200);
  });

  it("a token the session no longer holds (another tab rotated it, then it ended) is not the page's: its refusal ends nothing", async () => {
    const b = await signedInBorrower("current");
    const session = await sessionOf(b.cookie);
    const remembered = session.data.platformToken!;
    // Another isolate's request rotated the token and saved the new one in the session's record.
    await setClockOffset(env, db, 11 * MIN);
    const elsewhere = memoryTokenHolder(remembered);
    await new PlatformClient(embeddedTransport(env), elsewhere, EMBEDDED_MERCHANT_ID).call(
      catalogue.account.GetSummary,
      {},
    );
    expect(elsewhere.get()).not.toBe(remembered);
    await patchSession(env, session, { platformToken: elsewhere.get()! });
    rememberToken(session.id, remembered);
    await env.DB.prepare("DELETE FROM platform_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(remembered))
      .run();
    const res = await send("/account", { cookie: b.cookie });
    expect(await sentTo(res)).toBeNull();
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(String(b.applNo));
  });

  it("a session that ended meanwhile shows nothing the early call read", async () => {
    const b = await signedInBorrower("current");
    expect((await send("/account", { cookie: b.cookie })).status).toBe(200);
    // Ended by another isolate (a password change elsewhere): this one still remembers its token.
    await env.DB.prepare("DELETE FROM sessions WHERE json_extract(data, '$.customerId') = ?").bind(b.customerId).run();
    const res = await send("/account", { cookie: b.cookie });
    expect(await sentTo(res)).toBe("/login");
    expect(await res.text()).not.toContain(String(b.applNo));
  });

  it("an early call the platform refuses ends the session as the page's own call would", async () => {
    const b = await signedInBorrower("current");
    const token = (await sessionOf(b.cookie)).data.platformToken!;
    await env.DB.prepare("DELETE FROM platform_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(token))
      .run();
    const res = await send("/draw", { cookie: b.cookie });
    expect(await sentTo(res)).toBe("/login?logout=ended");
  });
});
