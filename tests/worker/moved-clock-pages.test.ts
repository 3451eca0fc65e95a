import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { addDays } from "#domain/calendar";
import { setClockOffset } from "../../functions/servicing/clock";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, send } from "./helpers/http";
import { onLine } from "./helpers/line-object";

/**
 * In development a person moves the servicing clock (/dev/clock) and goes on
 * using the portal: the pages must count "today" as the platform does, or
 * the platform refuses what they send. The embedded platform shares the
 * clock through the database.
 */
const db = database(env.DB);
const DAY = 86_400_000;
const easternDay = (ms: number) => new Date(ms).toLocaleDateString("en-CA", { timeZone: "America/New_York" });
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

afterEach(() => setClockOffset(env, db, 0));

describe("the portal with the development clock moved", { timeout: 60_000 }, () => {
  it("a draw through /draw is requested for the servicing clock's today, and drawn", async () => {
    await setClockOffset(env, db, 3 * DAY);
    // Signed in after the move, as a person coming back would be (the platform token counts clock time).
    const b = await signedInBorrower("current");
    const review = decode(
      await (await postForm("/draw", { intent: "review", amount: "100" }, { cookie: b.cookie })).text(),
    );
    const key = /<input type="hidden" name="key" value="([^"]+)"/.exec(review)?.[1];
    expect(key).toBeTruthy();
    const submitted = decode(
      await (await postForm("/draw", { intent: "submit", amount: "100", key: key! }, { cookie: b.cookie })).text(),
    );
    expect(submitted).not.toContain("A draw is requested for today.");
    expect(submitted).toContain("Thank you! Your draw request was received.");
    const [row] = await onLine(
      b.applNo,
      "SELECT effective_date AS date, amount_cents AS cents FROM ledger_entries WHERE line_id = ? AND kind = 'draw' ORDER BY posted_at DESC LIMIT 1",
      b.applNo,
    );
    expect(row).toEqual({ date: addDays(easternDay(Date.now()), 3), cents: 10_000 });
  });
});

describe("the development clock moved past the idle window", { timeout: 60_000 }, () => {
  it("ends the site's session and its platform token alike (one clock): login says why, no redirect loop", async () => {
    const b = await signedInBorrower("owing");
    expect((await send("/account", { cookie: b.cookie })).status).toBe(200);
    // 31 minutes of development-clock time: the session (30 idle minutes) and its platform token end together.
    await setClockOffset(env, db, 31 * 60_000);
    const account = await send("/account", { cookie: b.cookie });
    expect(account.status).toBe(302);
    expect(account.headers.get("Location")).toBe("/login?logout=idle");
    expect(account.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // With the old cookie the login page shows (a signed-in session would be sent back to /account).
    const login = await send("/login?logout=idle", { cookie: b.cookie });
    expect(login.status).toBe(200);
    const draw = await postForm(
      "/draw",
      { intent: "submit", amount: "100", key: crypto.randomUUID() },
      { cookie: b.cookie },
    );
    expect(draw.status).toBe(302);
    expect(draw.headers.get("Location")).toMatch(/^\/login/);
  });
  // A platform token that dies while the session lives (ended on the platform's side): session-token-life.test.ts.
});
