import { env } from "cloudflare:test";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "#domain/tokens";
import { walkWizard } from "./helpers/applicants";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { apiEndpoints, pagePaths } from "./helpers/doors";
import { send } from "./helpers/http";

/**
 * 0-decisions.md: the platform's bearer token never reaches the browser.
 * Every /api route and every page loader's `.data` answer (what React
 * Router's client fetches, and what a page embeds), for a guest without a
 * session, an applicant in the wizard, a signed-in borrower and a borrower
 * awaiting e-sign: no field named like a token anywhere in the answer, and
 * no string in it that is a live platform token (checked against the
 * platform's own table of token hashes, whatever the field is called).
 */

/** Field names that would carry a credential: tokenToUse, token, platformToken, writtenToken, bearer, accessToken, authorization... */
const TOKEN_NAME = /token|bearer|^authorization$/i;

/** Every key path named like a token, and every string value, found in an answer. */
function walk(value: unknown, path: string, found: { names: string[]; strings: Set<string> }): void {
  if (typeof value === "string") {
    found.strings.add(value);
    return;
  }
  if (value === null || typeof value !== "object") return;
  for (const [key, inner] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (TOKEN_NAME.test(key)) found.names.push(at);
    walk(inner, at, found);
  }
}

/** Strings of the platform token's shape (randomToken: 43 base64url characters) that hash to a token the platform issued. */
async function liveTokensAmong(strings: Iterable<string>): Promise<string[]> {
  const candidates = [...strings].filter((s) => /^[A-Za-z0-9_-]{20,100}$/.test(s));
  const live: string[] = [];
  for (const s of candidates) {
    const row = await env.DB.prepare("SELECT 1 AS hit FROM platform_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(s))
      .first();
    if (row) live.push(s);
  }
  return live;
}

async function expectNoToken(value: unknown, what: string) {
  const found = { names: [] as string[], strings: new Set<string>() };
  walk(value, "", found);
  expect(found.names, `${what}: fields named like a token`).toEqual([]);
  expect(await liveTokensAmong(found.strings), `${what}: a live platform token in the answer`).toEqual([]);
}

/** The `.data` twin of a page path (`/` is `/_root.data`), query kept. */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
}

/** A body an endpoint accepts as far as its shape goes, so the answer is the handler's, not the validator's. */
function bodyFor(path: string, passkeyId: string): { path: string; body?: string } {
  const json = (o: object) => JSON.stringify(o);
  if (path === "/api/documents/:slug") return { path: "/api/documents/termsConditions" };
  if (path === "/api/calendar/holidays") return { path: "/api/calendar/holidays?year=2026" };
  if (path.endsWith("/login/verify") || path.endsWith("/register/verify"))
    return { path, body: json({ challengeId: "nope", response: { id: "x" }, name: "Phone" }) };
  if (path === "/api/passkeys/:id/rename")
    return { path: `/api/passkeys/${passkeyId}/rename`, body: json({ name: "Renamed" }) };
  if (path === "/api/passkeys/:id/remove") return { path: `/api/passkeys/${passkeyId}/remove`, body: "{}" };
  if (path === "/api/dev/borrower") return { path, body: json({ like: "current@demo.ridgeline.test" }) };
  if (path === "/api/dev/bench/seed") return { path, body: json({ from: 9_000_000, count: 1 }) };
  // Not a real step: the clock stays where it is.
  if (path === "/api/dev/clock") return { path, body: json({ step: "sideways" }) };
  if (path === "/api/dev/return") return { path, body: json({ email: "current@demo.ridgeline.test" }) };
  return { path, body: "{}" };
}

/** A passkey row of the borrower's own, so rename and remove answer as they do for a real one. */
async function passkeyOf(b: SignedInBorrower): Promise<string> {
  const id = `pk-${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO passkeys (id, customer_id, public_key, counter, transports, name, created_at) VALUES (?, ?, 'AAAA', 0, '[]', 'Laptop', ?)",
  )
    .bind(id, b.customerId, Date.now())
    .run();
  return id;
}

type Visitor = { name: string; cookie: () => string | null };

let borrower: SignedInBorrower;
let awaitingEsign: SignedInBorrower;
let applicantCookie: string | null;
const visitors: Visitor[] = [
  { name: "a guest without a session", cookie: () => null },
  { name: "an applicant in the wizard", cookie: () => applicantCookie },
  { name: "a signed-in borrower", cookie: () => borrower.cookie },
  { name: "a borrower awaiting e-sign", cookie: () => awaitingEsign.cookie },
];

beforeAll(async () => {
  [borrower, awaitingEsign] = await Promise.all([signedInBorrower("current"), signedInBorrower("esign")]);
  applicantCookie = (await walkWizard(undefined, "address")).cookie;
}, 120_000);

describe("no platform token in any answer the browser gets", { timeout: 180_000 }, () => {
  for (const visitor of visitors) {
    it(`every /api route, as ${visitor.name}`, async () => {
      for (const endpoint of [...apiEndpoints, { method: "GET" as const, path: "/api/openapi.json" }]) {
        // Each call its own passkey: remove really removes it.
        const { path, body } = bodyFor(
          endpoint.path,
          visitor.cookie() === borrower.cookie ? await passkeyOf(borrower) : "pk-unknown",
        );
        const res = await send(path, {
          method: endpoint.method,
          cookie: visitor.cookie(),
          body: endpoint.method === "GET" ? null : body,
          headers: { "Content-Type": "application/json" },
        });
        const text = await res.text();
        const answer: unknown = text ? JSON.parse(text) : null;
        await expectNoToken(answer, `${endpoint.method} ${path} (${res.status})`);
      }
    });

    it(`every page loader's .data answer, as ${visitor.name}`, async () => {
      for (const page of pagePaths) {
        const res = await send(dataPath(page), { cookie: visitor.cookie() });
        expect(res.status, `${page}: ${res.status}`).toBeLessThan(500);
        if (!res.body || !(res.headers.get("Content-Type") ?? "").includes("text/x-script")) {
          await res.body?.cancel();
          continue;
        }
        const decoded = await decodeTurboStream(res.body, globalThis);
        await decoded.done;
        await expectNoToken(decoded.value, `${page}.data`);
      }
    });
  }

  it("the login page's passkey ceremony (an anonymous visitor's first platform call) answers no token", async () => {
    const res = await send("/api/passkeys/login/options", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(["challengeId", "options"]);
  });
});
