import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { api } from "#server/api/app";
import { seedDemoBorrowers } from "../../functions/servicing/demo";
import type { DevLedger } from "../../functions/servicing/dev-ledger";

const get = (path: string, environment = env) =>
  api.request(
    new Request(`https://ridgeline.test${path}`, { headers: { "CF-Connecting-IP": "198.51.100.70" } }),
    undefined,
    environment,
  );

/** GET /api/dev/ledger: what the whole-journey browser test reconciles the pages against. */
describe("the development ledger read", () => {
  it("answers a borrower's rows, statements and derived figures, consistent with each other", async () => {
    await seedDemoBorrowers(database(env.DB), env);
    const res = await get("/api/dev/ledger?email=OWING@demo.ridgeline.test");
    expect(res.status).toBe(200);
    const ledger = (await res.json()) as DevLedger;
    expect(ledger.entries.length).toBeGreaterThan(0);
    expect(ledger.statements.length).toBeGreaterThan(0);
    expect(ledger.figures.balanceCents).toBeGreaterThan(0);
    expect(ledger.figures.availableCreditCents).toBe(
      Math.max(0, ledger.creditLimitCents - ledger.figures.balanceCents),
    );
    expect(ledger.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 60_000);

  it("answers 404 for an unknown e-mail address, 400 for a malformed one, and 404 outside development", async () => {
    expect((await get("/api/dev/ledger?email=nobody@example.com")).status).toBe(404);
    expect((await get("/api/dev/ledger?email=not-an-email")).status).toBe(400);
    expect(
      (await get("/api/dev/ledger?email=owing@demo.ridgeline.test", { ...env, ENVIRONMENT: "production" as const }))
        .status,
    ).toBe(404);
  });
});
