import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { api } from "#server/api/app";
import { clockOffset, currentTime, parseClockStep, setClockOffset } from "../../functions/servicing/clock";
import { authenticate, issueToken } from "../../functions/servicing/tokens";

const db = database(env.DB);
const MIN = 60_000;

describe("platform tokens", () => {
  it("expire 30 minutes after issue when unused", async () => {
    const t0 = Date.now();
    const token = await issueToken(db, "merchant", null, t0);
    expect(await authenticate(db, token, t0 + 5 * MIN)).not.toBeNull();
    expect(await authenticate(db, token, t0 + 30 * MIN)).toBeNull();
  });

  it("rotate after 10 minutes: a fresh tokenToUse, the old one winds down within a minute", async () => {
    const t0 = Date.now();
    const token = await issueToken(db, "customer", "c-rotate", t0);
    expect((await authenticate(db, token, t0 + 9 * MIN))?.tokenToUse).toBe(token);
    const rotated = await authenticate(db, token, t0 + 11 * MIN);
    expect(rotated?.tokenToUse).not.toBe(token);
    expect(rotated?.customerId).toBe("c-rotate");
    expect(await authenticate(db, token, t0 + 11 * MIN + 30_000)).not.toBeNull();
    expect(await authenticate(db, token, t0 + 12 * MIN + 1)).toBeNull();
    expect(await authenticate(db, rotated!.tokenToUse, t0 + 30 * MIN)).not.toBeNull();
  });
});

describe("the development clock", () => {
  it("parses steps", () => {
    expect(parseClockStep("+30d")).toBe(30 * 86_400_000);
    expect(parseClockStep("12h")).toBe(12 * 3_600_000);
    expect(parseClockStep("+90m")).toBe(90 * MIN);
    expect(parseClockStep("-1d")).toBeNull();
    expect(parseClockStep("soon")).toBeNull();
  });

  it("moves servicing time forward in development only", async () => {
    await setClockOffset(env, db, 2 * 86_400_000);
    expect(await clockOffset(env, db)).toBe(2 * 86_400_000);
    expect((await currentTime(env, db)).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 5_000);
    await setClockOffset(env, db, 0);
    await expect(setClockOffset({ ENVIRONMENT: "production" }, db, 86_400_000)).rejects.toThrow();
    expect(await clockOffset({ ENVIRONMENT: "production" }, db)).toBe(0);
  });
});

describe("development tools and the platform are not public", () => {
  it("dev API routes answer 404 outside development", async () => {
    const production = { ...env, ENVIRONMENT: "production" as const };
    for (const [method, path] of [
      ["GET", "/api/dev/outbox"],
      ["POST", "/api/dev/seed"],
      ["POST", "/api/dev/clock"],
    ] as const) {
      const res = await api.request(
        new Request(`https://ridgeline.test${path}`, { method, headers: { "CF-Connecting-IP": "198.51.100.60" } }),
        undefined,
        production,
      );
      expect(res.status).toBe(404);
    }
  });

  it("the API does not expose the platform's catalogue", async () => {
    const res = await api.request(
      new Request("https://ridgeline.test/api/Account/GetSummary", {
        method: "POST",
        headers: { "CF-Connecting-IP": "198.51.100.61" },
      }),
      undefined,
      env,
    );
    expect(res.status).toBe(404);
  });
});
