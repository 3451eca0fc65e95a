import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { expectNoWrites } from "./helpers/d1-snapshot";
import { type ApiEndpoint, apiEndpoints } from "./helpers/doors";
import { bodyHeaders, describeBody, fieldValue, garbageBody, RUNS } from "./helpers/garbage";
import { send } from "./helpers/http";
import { eventsSettled } from "./helpers/line-object";

/**
 * Every /api endpoint (functions/server/api/app.ts and its sub-apps) under random
 * and malformed requests, from a guest and from a signed-in borrower: never
 * a 5xx, and D1 exactly as it was (helpers/d1-snapshot.ts says which tables
 * may change per request and why). /api/leads is in abuse-leads.test.ts.
 */

/** Field names the endpoints read, so garbage reaches their validators and handlers. */
const API_FIELDS = [
  "challengeId",
  "response",
  "name",
  "like",
  "from",
  "count",
  "accounts",
  "samples",
  "step",
  "year",
  "slug",
  "id",
  "email",
  "paymentId",
];

/** Percent-encoding of any string (a lone surrogate becomes U+FFFD first: encodeURIComponent throws on it). */
const encode = (v: string) => encodeURIComponent(v.toWellFormed());

/** Path and query parts: real-looking, hostile and unicode. */
const segment = fc.oneof(
  fc.constantFrom(
    "termsConditions",
    "privacyPolicy",
    "..",
    "%2e%2e",
    "%00",
    "%E0%A4%A",
    "a".repeat(600),
    "__proto__",
    "null",
    "-1",
    "1e309",
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map(encode),
  fc.string({ unit: "binary", minLength: 1, maxLength: 12 }).map(encode),
);
const query = fc.oneof(
  fc.constant(""),
  fieldValue.map((v) => `?year=${encode(v.slice(0, 2_000))}`),
  fc.constantFrom("?year=2026", "?year=2026&year=1999", "?year", "?year[]=1", "?=&&=", "?%"),
);

/** The endpoint's path with its `:param` filled. */
const pathOf = (e: ApiEndpoint) => fc.tuple(segment, query).map(([seg, q]) => e.path.replace(/:[a-z]+/, seg) + q);

/** A request whose body could pass its endpoint's check is not garbage (e.g. a real clock step). */
function accidentallyValid(e: ApiEndpoint, body: string | null): boolean {
  if (e.path !== "/api/dev/clock" || body === null) return false;
  try {
    return /^\+?\d+[dhm]$/.test((JSON.parse(body) as { step?: unknown }).step as string);
  } catch {
    return false;
  }
}

let borrower: SignedInBorrower;

beforeAll(async () => {
  borrower = await signedInBorrower("current");
  // The demo seed writes once, then never again (idempotent): seeded here so
  // that garbage posted to it afterwards must write nothing.
  expect((await send("/api/dev/seed", { method: "POST" })).status).toBe(200);
  // The lines' events reach the directory through their queue a moment later: not during a test.
  await eventsSettled();
}, 120_000);

describe("every /api endpoint under random and malformed requests", { timeout: 180_000 }, () => {
  const endpoints: ApiEndpoint[] = [...apiEndpoints, { method: "POST", path: "/api/dev/seed" }];

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.path}: never a 5xx, nothing written, guest or signed in`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.boolean(),
          pathOf(endpoint),
          garbageBody(API_FIELDS, [], "json"),
          fc.constantFrom("GET", "POST", "PUT", "DELETE", endpoint.method),
          async (signedIn, path, body, method) => {
            // GET cannot carry a body; the other methods carry the garbage.
            const text = typeof body.body === "string" ? body.body : null;
            fc.pre(!accidentallyValid(endpoint, text));
            const res = await expectNoWrites(
              () =>
                send(path, {
                  method,
                  body: body.body,
                  headers: bodyHeaders(body),
                  cookie: signedIn ? borrower.cookie : null,
                }),
              method === endpoint.method ? (endpoint.writes ?? []) : [],
            );
            expect(res.status, `${method} ${path} ${describeBody(body)}`).toBeLessThan(500);
            // The API answers JSON (or nothing) even when refusing.
            if (res.status !== 204)
              expect(res.headers.get("Content-Type") ?? "", `${method} ${path}`).toMatch(/^application\/json/);
            await res.body?.cancel();
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it("a cross-site Origin is refused on the passkey doors before anything runs", async () => {
    for (const path of ["/api/passkeys/login/options", "/api/passkeys/register/options"]) {
      const res = await expectNoWrites(() =>
        send(path, { method: "POST", origin: "https://evil.example", cookie: borrower.cookie }),
      );
      expect(res.status).toBe(403);
    }
  });

  it("a guest is refused the signed-in passkey doors with 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/passkeys"],
      ["POST", "/api/passkeys/register/options"],
      ["POST", "/api/passkeys/x/remove"],
    ] as const) {
      const res = await expectNoWrites(() =>
        send(path, { method, body: "{}", headers: { "Content-Type": "application/json" } }),
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});
