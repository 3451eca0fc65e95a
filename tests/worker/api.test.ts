import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "#server/api/app";
import { rateLimitPolicies } from "#server/http/rate-limit";

function call(path: string, headers: Record<string, string> = {}, cf?: Record<string, unknown>) {
  const request = new Request(`https://ridgeline.test${path}`, { headers });
  if (cf) Object.defineProperty(request, "cf", { value: cf });
  return api.request(request, undefined, env);
}

describe("GET /api/health", () => {
  it("answers ok without touching storage", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("GET /api/health?deep=1", () => {
  it("checks D1 read and write, both Durable Objects and the platform, each timed, and names the version", async () => {
    const res = await call("/api/health?deep=1", { "CF-Connecting-IP": "198.51.100.60" });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = (await res.json()) as {
      status: string;
      failed: string[];
      checks: Record<string, { ok: boolean; ms: number }>;
      platform: string;
      version: { id: string | null; tag: string | null };
    };
    expect([body.status, body.failed, body.platform]).toEqual(["ok", [], "embedded"]);
    expect(Object.keys(body.checks).sort()).toEqual(["d1Read", "d1Write", "passcodes", "platform", "rateLimiter"]);
    for (const check of Object.values(body.checks)) expect(check).toEqual({ ok: true, ms: expect.any(Number) });
    expect(body.version.id).toBe(env.CF_VERSION_METADATA!.id);
    // The write really happened.
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'health.deep'").first<{ value: string }>();
    expect(Number(row?.value)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("says which part fails, by name only, with 503: an upstream platform that does not answer", async () => {
    const request = new Request("https://ridgeline.test/api/health?deep=1", {
      headers: { "CF-Connecting-IP": "198.51.100.61" },
    });
    const upstream = {
      PLATFORM_API_BASE: "http://127.0.0.1:9/api",
      PLATFORM_MERCHANT_ID: "m-1",
      PLATFORM_TIMEOUT_MS: "500",
    };
    const res = await api.request(request, undefined, { ...env, ...upstream });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; failed: string[]; platform: string };
    expect([body.status, body.failed, body.platform]).toEqual(["failing", ["platform"], "upstream"]);
    expect(JSON.stringify(body)).not.toContain("127.0.0.1");
  });

  it("is rate limited per client IP (each check writes); plain health never is", async () => {
    const ip = "198.51.100.62";
    let last: Response | undefined;
    for (let i = 0; i <= rateLimitPolicies.healthDeepPerIp.limit; i++)
      last = await call("/api/health?deep=1", { "CF-Connecting-IP": ip });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await call("/api/health", { "CF-Connecting-IP": ip })).status).toBe(200);
  });
});

describe("GET /api/geo", () => {
  it("answers the IP and country from the edge request itself", async () => {
    const res = await call("/api/geo", { "CF-Connecting-IP": "198.51.100.7" }, { country: "US" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ip: "198.51.100.7", country: "US" });
    expect(res.headers.get("Cache-Control")).toContain("no-store");
  });

  it("answers country null when the edge gives none", async () => {
    const res = await call("/api/geo", { "CF-Connecting-IP": "198.51.100.8" });
    expect(await res.json()).toEqual({ ip: "198.51.100.8", country: null });
  });

  it("is rate limited per client IP: 429 with Retry-After past the limit", async () => {
    const ip = "198.51.100.99";
    let last: Response | undefined;
    for (let i = 0; i <= rateLimitPolicies.apiPerIp.limit; i++)
      last = await call("/api/geo", { "CF-Connecting-IP": ip });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is unaffected.
    expect((await call("/api/geo", { "CF-Connecting-IP": "198.51.100.100" })).status).toBe(200);
  });
});

describe("GET /api/documents/:slug", () => {
  it("serves a seeded document from D1", async () => {
    const res = await call("/api/documents/termsConditions", { "CF-Connecting-IP": "198.51.100.20" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { title: string; html: string };
    expect(body.title).toBe("Terms and Conditions");
    expect(body.html).toContain("<h2");
    expect(body.html).not.toMatch(/\{\{/);
  });

  it("refuses an unknown document with 404", async () => {
    const res = await call("/api/documents/secrets", { "CF-Connecting-IP": "198.51.100.21" });
    expect(res.status).toBe(404);
  });
});

describe("unknown API paths", () => {
  it("answer JSON 404", async () => {
    const res = await call("/api/nothing-here", { "CF-Connecting-IP": "198.51.100.22" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});

describe("GET /api/calendar/holidays", () => {
  it("answers the year's observed Fed holidays, a Saturday holiday not moved to Friday", async () => {
    const res = await call("/api/calendar/holidays?year=2026", { "CF-Connecting-IP": "198.51.100.30" });
    expect(res.status).toBe(200);
    const days = (await res.json()) as Array<{ date: string; name: string }>;
    expect(days).toHaveLength(11);
    expect(days).toContainEqual({ date: "2026-07-04", name: "Independence Day" });
    expect(days.map((d) => d.date)).not.toContain("2026-07-03");
    expect(days).toContainEqual({ date: "2026-06-19", name: "Juneteenth" });
  });

  it("refuses a missing or malformed year with 400", async () => {
    for (const q of ["", "?year=26", "?year=abcd", "?year=1800"]) {
      expect((await call(`/api/calendar/holidays${q}`, { "CF-Connecting-IP": "198.51.100.31" })).status).toBe(400);
    }
  });
});
