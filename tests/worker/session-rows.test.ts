import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "#domain/tokens";
import { rateLimitPolicies } from "#server/http/rate-limit";
import worker from "#server/worker";
import { stepFields, walkWizard, wizardApplicant } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { freshIp, postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";

/**
 * The sessions table holds what visitors are doing, not who passed by
 * (issue 14, item 6): no row until there is something to keep (the first
 * step post); GETs that still create state are rate limited; the scheduled
 * run purges expired and empty sessions.
 */

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const MIN = 60_000;

describe("no session row for a visitor until there is something to keep", () => {
  it("anonymous GETs of the application and the password pages write no session and set no cookie", async () => {
    const before = await count("sessions");
    const pages = [
      "/apply/personal",
      "/apply/personal?start=1",
      "/apply/personal?start=1&utm_campaign=spring",
      "/apply/address",
      "/apply/banking",
      "/apply/approved",
      "/forgot-password",
      "/create-password",
      "/create-password?restart",
      "/verify-identity",
      "/reset-password",
      "/login",
    ];
    for (let round = 0; round < 4; round++) {
      for (const page of pages) {
        const res = await send(page);
        expect(res.status, `${page}: ${res.status}`).toBeLessThan(400);
        expect(sessionCookieOf(res), page).toBeNull();
        await res.body?.cancel();
      }
    }
    expect(await count("sessions")).toBe(before);
  });

  it("Apply Now (?start) keeps the campaign in the address, and the first step post starts the session with it", async () => {
    const entry = await send("/apply/personal?start=1&utm_campaign=spring-24");
    expect(redirectPath(entry)).toBe("/apply/personal?utm_campaign=spring-24");
    const before = await count("sessions");
    const a = wizardApplicant();
    // An invalid post keeps nothing either: the answer carries what was typed.
    const invalid = await postForm("/apply/personal?utm_campaign=spring-24", { ...stepFields(a).personal, ssn: "12" });
    expect(invalid.status).toBe(400);
    expect(sessionCookieOf(invalid)).toBeNull();
    expect(await count("sessions")).toBe(before);
    const posted = await postForm("/apply/personal?utm_campaign=spring-24", stepFields(a).personal);
    expect(redirectPath(posted)).toBe("/apply/address");
    const cookie = sessionCookieOf(posted);
    expect(cookie).not.toBeNull();
    expect(await count("sessions")).toBe(before + 1);
    // The step is remembered: the next step opens.
    expect((await send("/apply/address", { cookie })).status).toBe(200);
  });

  it("the password flows start a session at the first e-mail post", async () => {
    const { email } = await signedInBorrower("current");
    const res = await postForm("/forgot-password", { intent: "email", email });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res);
    expect(cookie).not.toBeNull();
    // The flow moved on: the page now asks for the channel.
    expect(await (await send("/forgot-password", { cookie })).text()).toContain(
      "How would you like to receive your passcode?",
    );
  }, 60_000);
});

describe("GETs that create state are rate limited per client IP", () => {
  const limit = (rateLimitPolicies as Record<string, { limit: number }>).statefulGetPerIp?.limit ?? 30;
  for (const door of ["/apply/approved?ID=not-a-real-link", "/reset-password?token=not-a-real-token"]) {
    it(`${door}: 429 with Retry-After after ${limit}, and nothing more is written`, async () => {
      const ip = freshIp();
      for (let i = 0; i < limit; i++) await (await send(door, { ip })).body?.cancel();
      const tokens = await count("platform_tokens");
      const sessions = await count("sessions");
      const refused = await send(door, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await refused.text()).toContain("Please slow down");
      expect(await count("platform_tokens")).toBe(tokens);
      expect(await count("sessions")).toBe(sessions);
      // Another address is not held back.
      expect((await send(door, { ip: freshIp() })).status).not.toBe(429);
    });
  }
});

describe("the scheduled run purges expired and empty sessions", () => {
  it("removes sessions past their end, idle ones, and empty ones unused for 10 minutes; keeps the rest", async () => {
    const now = Date.now();
    const insert = async (name: string, data: object, lastSeenAt: number, expiresAt = now + 11 * 60 * MIN) => {
      await env.DB.prepare(
        "INSERT INTO sessions (id_hash, data, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(
          await sha256Hex(`purge-${name}-${crypto.randomUUID()}`),
          JSON.stringify({ ...data, marker: name }),
          lastSeenAt - MIN,
          lastSeenAt,
          expiresAt,
        )
        .run();
    };
    await insert("expired", { customerId: "c-1" }, now - MIN, now - 1);
    await insert("idle", { customerId: "c-2" }, now - 31 * MIN);
    await insert("empty", {}, now - 11 * MIN);
    await insert("empty with a token", { platformToken: "sealed-or-not" }, now - 11 * MIN);
    await insert("empty but fresh", {}, now - 2 * MIN);
    await insert("signed in", { customerId: "c-3" }, now - 11 * MIN);
    await insert("a draft", { application: "sealed draft" }, now - 11 * MIN);
    await insert("a flow", { access: "sealed flow" }, now - 11 * MIN);
    const controller = createScheduledController({ scheduledTime: now, cron: "*/15 * * * *" });
    await worker.scheduled(controller, env);
    const { results } = await env.DB.prepare(
      "SELECT json_extract(data, '$.marker') AS marker FROM sessions WHERE json_extract(data, '$.marker') IS NOT NULL",
    ).all<{ marker: string }>();
    expect(results.map((r) => r.marker).sort()).toEqual(["a draft", "a flow", "empty but fresh", "signed in"]);
  }, 120_000);
});

describe("a wizard walked without a session at the start", () => {
  it("reaches a decision with one session row", async () => {
    const before = await count("sessions");
    const walk = await walkWizard();
    expect(walk.cookies.entry).toBeNull();
    expect(walk.landing).toBe("/apply/approved");
    // The approval replaced the applicant's session with a new id: still one row.
    expect(await count("sessions")).toBe(before + 1);
  }, 60_000);
});
