import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "#server/sessions/cookie";
import {
  endSession,
  getSession,
  lookupSession,
  purgeSessions,
  saveSession,
  startSession,
} from "#server/sessions/session";

const MINUTE = 60_000;

function requestWith(setCookie: string): Request {
  const pair = setCookie.split(";")[0]!;
  return new Request("https://ridgeline.test/", { headers: { Cookie: pair } });
}

async function countSessions(): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions").first<{ n: number }>();
  return row!.n;
}

describe("session store (D1)", () => {
  // Storage is shared across a file's tests; each starts from an empty table.
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM sessions").run();
  });

  it("sets an opaque, HttpOnly, Secure, SameSite=Lax cookie and stores only a hash of the id", async () => {
    const { session, setCookie } = await startSession(env, { firstName: "Ada" });
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    const stored = await env.DB.prepare("SELECT id_hash FROM sessions").all<{ id_hash: string }>();
    expect(stored.results.map((r) => r.id_hash)).not.toContain(session.id);
    expect(stored.results[0]!.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads the session back from the cookie, with its data", async () => {
    const { setCookie } = await startSession(env, { customerId: "c-1", firstName: "Ada" });
    const session = await getSession(env, requestWith(setCookie));
    expect(session?.data).toEqual({ customerId: "c-1", firstName: "Ada" });
  });

  it("returns no session for a missing or unknown cookie", async () => {
    expect(await getSession(env, new Request("https://ridgeline.test/"))).toBeNull();
    expect(await lookupSession(env, requestWith(`${SESSION_COOKIE}=forged`))).toEqual({ status: "none" });
  });

  it("ends a session idle for 30 minutes, on the server", async () => {
    const t0 = Date.now();
    const { setCookie } = await startSession(env, { firstName: "Ada" }, { now: t0 });
    const stillActive = await lookupSession(env, requestWith(setCookie), t0 + 29 * MINUTE);
    expect(stillActive.status).toBe("active");
    // 29 minutes in, the visit slid the idle window: 30 minutes after t0 is fine...
    expect((await lookupSession(env, requestWith(setCookie), t0 + 30 * MINUTE)).status).toBe("active");
    // ...but 30 minutes after the last visit it is over, and the row is gone.
    const ended = await lookupSession(env, requestWith(setCookie), t0 + 60 * MINUTE);
    expect(ended).toEqual({ status: "expired", reason: "idle" });
    expect(await countSessions()).toBe(0);
  });

  it("ends a session 12 hours after it started, however active", async () => {
    const t0 = Date.now();
    const { setCookie } = await startSession(env, {}, { now: t0 });
    for (let t = t0; t < t0 + 12 * 60 * MINUTE; t += 20 * MINUTE) {
      expect((await lookupSession(env, requestWith(setCookie), t)).status).toBe("active");
    }
    expect(await lookupSession(env, requestWith(setCookie), t0 + 12 * 60 * MINUTE)).toEqual({
      status: "expired",
      reason: "absolute",
    });
  });

  it("issues a new id when a session is replaced (sign-in) and the old id stops working", async () => {
    const before = await startSession(env, { firstName: "Ada" });
    const after = await startSession(env, { customerId: "c-2" }, { replacing: before.session });
    expect(after.session.id).not.toBe(before.session.id);
    expect(await getSession(env, requestWith(before.setCookie))).toBeNull();
    expect((await getSession(env, requestWith(after.setCookie)))?.data.customerId).toBe("c-2");
  });

  it("saves new data under the same id", async () => {
    const { session, setCookie } = await startSession(env, {});
    await saveSession(env, session, { firstName: "Grace" });
    expect((await getSession(env, requestWith(setCookie)))?.data.firstName).toBe("Grace");
  });

  it("ends a session on log out and clears the cookie", async () => {
    const { session, setCookie } = await startSession(env, { customerId: "c-3" });
    const cleared = await endSession(env, session);
    expect(cleared).toContain("Max-Age=0");
    expect(await getSession(env, requestWith(setCookie))).toBeNull();
  });

  it("purges sessions past their idle window or absolute end, and keeps live ones", async () => {
    const now = Date.now();
    await startSession(env, {}, { now: now - 13 * 60 * MINUTE });
    await startSession(env, {}, { now: now - 31 * MINUTE });
    const live = await startSession(env, {}, { now });
    await purgeSessions(env, now);
    expect(await countSessions()).toBe(1);
    expect(await getSession(env, requestWith(live.setCookie), now)).not.toBeNull();
  });
});
