import { env } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accessEmail } from "#server/desk/access";
import { openDevIdentity, signDevIdentity } from "#server/desk/dev-identity";
import { deskUser } from "#server/desk/identity";
import { INTENTS } from "../../app/routes/desk/borrower-actions.server";
import { signedInBorrower } from "./helpers/borrowers";
import { accessToken, addDeskUser, devDeskCookie, postToFile } from "./helpers/desk";
import { send } from "./helpers/http";

/**
 * Who may enter the servicing desk (issue 20, decision record 021): a valid
 * Cloudflare Access token of an active desk user, or in development only a
 * signed development identity. Everything else is refused, and the desk is
 * closed when its configuration is missing.
 */
const withToken = (token: string) =>
  new Request("https://ridgeline.test/desk", { headers: { "Cf-Access-Jwt-Assertion": token } });

const b64url = (text: string) => btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

describe("the Access token", () => {
  it("a valid one gives its e-mail, lower-cased", async () => {
    expect(await accessEmail(withToken(await accessToken({ email: "Pat@Ridgeline.test" })), env)).toBe(
      "pat@ridgeline.test",
    );
  });

  it("refuses expired, another audience, another issuer, unsigned, another key, no e-mail, and none at all", async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const other = await generateKeyPair("RS256", { extractable: true });
    const forged = await new SignJWT({ email: "pat@ridgeline.test" })
      .setProtectedHeader({ alg: "RS256", kid: "test-access" })
      .setIssuer(env.DESK_ACCESS_ISSUER!)
      .setAudience(env.DESK_ACCESS_AUD!)
      .setExpirationTime("10m")
      .sign(other.privateKey);
    const valid = await accessToken({ email: "pat@ridgeline.test" });
    const unsigned = `${b64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${valid.split(".")[1]}.`;
    // The public key used as an HMAC secret (algorithm confusion).
    const publicJwk = await exportJWK(other.publicKey);
    const hmac = await new SignJWT({ email: "pat@ridgeline.test" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(env.DESK_ACCESS_ISSUER!)
      .setAudience(env.DESK_ACCESS_AUD!)
      .setExpirationTime("10m")
      .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
    const refused = [
      await accessToken({ email: "pat@ridgeline.test" }, { expiresIn: past }),
      await accessToken({ email: "pat@ridgeline.test" }, { audience: "another-application" }),
      await accessToken({ email: "pat@ridgeline.test" }, { issuer: "https://another-team.cloudflareaccess.com" }),
      unsigned,
      forged,
      hmac,
      await accessToken({ sub: "no-email" }),
      "not-a-token",
    ];
    for (const token of refused) expect(await accessEmail(withToken(token), env)).toBeNull();
    expect(await accessEmail(new Request("https://ridgeline.test/desk"), env)).toBeNull();
  });

  it("fails closed: without an issuer or an audience, or with a key set that does not parse, a valid token opens nothing", async () => {
    const request = withToken(await accessToken({ email: "pat@ridgeline.test" }));
    for (const broken of [
      { ...env, DESK_ACCESS_ISSUER: undefined },
      { ...env, DESK_ACCESS_AUD: "" },
      { ...env, DESK_ACCESS_ISSUER: "http://ridgeline-test.cloudflareaccess.com" },
      { ...env, DESK_ACCESS_JWKS: "{not json" },
    ])
      expect(await accessEmail(request, broken)).toBeNull();
  });
});

describe("the desk user", () => {
  it("is the token's e-mail with its role from desk_users; no row or an inactive one is nobody", async () => {
    await addDeskUser("sam@ridgeline.test", "supervisor");
    await addDeskUser("gone@ridgeline.test", "agent", false);
    const as = async (email: string) => deskUser(withToken(await accessToken({ email })), env);
    expect(await as("sam@ridgeline.test")).toEqual({ email: "sam@ridgeline.test", role: "supervisor", via: "access" });
    expect(await as("gone@ridgeline.test")).toBeNull();
    expect(await as("stranger@ridgeline.test")).toBeNull();
  });

  it("a development identity opens only in development, only under its key, only unexpired, never altered", async () => {
    const now = Date.now();
    const value = (await signDevIdentity(env, { email: "a@desk.test", role: "agent" }, now))!;
    expect(await openDevIdentity(env, value, now)).toEqual({ email: "a@desk.test", role: "agent" });
    expect(await openDevIdentity({ ...env, ENVIRONMENT: "production" }, value, now)).toBeNull();
    expect(await openDevIdentity({ ...env, ENVIRONMENT: "preview" }, value, now)).toBeNull();
    expect(await openDevIdentity({ ...env, DESK_DEV_KEY: `${env.DESK_DEV_KEY}x` }, value, now)).toBeNull();
    expect(await openDevIdentity(env, value, now + 9 * 60 * 60 * 1000)).toBeNull();
    const [body, mac] = value.split(".");
    const promoted = b64url(JSON.stringify({ ...JSON.parse(atob(body!)), role: "supervisor" }));
    expect(await openDevIdentity(env, `${promoted}.${mac}`, now)).toBeNull();
    expect(await signDevIdentity({ ...env, ENVIRONMENT: "production" }, { email: "a", role: "agent" }, now)).toBeNull();
  });
});

describe("the desk's pages", () => {
  it("answer 403 'Staff only' to a borrower, a visitor, or a token of someone not on the desk; no figures, no script", async () => {
    const stranger = await accessToken({ email: "stranger@ridgeline.test" });
    const callers: Record<string, string>[] = [{}, { "Cf-Access-Jwt-Assertion": stranger }];
    for (const headers of callers) {
      const res = await send("/desk?email=current%40demo.ridgeline.test", { headers });
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain("Staff only");
      expect(html).not.toContain("current@demo");
      expect(html).not.toContain("<script");
    }
  });

  it("open to an Access token of a desk user and to a development identity; never cached; a policy that allows no script", async () => {
    await addDeskUser("ari@ridgeline.test", "agent");
    const token = await accessToken({ email: "ari@ridgeline.test" });
    const callers: Record<string, string>[] = [
      { "Cf-Access-Jwt-Assertion": token },
      { Cookie: await devDeskCookie("auditor") },
    ];
    for (const headers of callers) {
      const res = await send("/desk", { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
      const html = await res.text();
      expect(html).toContain("Find a borrower");
      expect(html).not.toContain("<script");
    }
  });
});

describe("an auditor sees everything and changes nothing", () => {
  it("every form of a borrower's file is refused to an auditor, with nothing written", async () => {
    const b = await signedInBorrower("owing");
    const before = await deskWrites(b.customerId);
    for (const intent of INTENTS) {
      const res = await postToFile(
        b.customerId,
        { intent, amount: "10", date: "12/01/2026", authorized: "on", limit: "300", frequency: "B" },
        "auditor",
      );
      expect(res.status, intent).toBe(403);
    }
    expect(INTENTS.length).toBeGreaterThanOrEqual(16);
    expect(await deskWrites(b.customerId)).toEqual(before);
  });
});

/** Everything a desk action could write for a borrower: audit rows, notes, requests, payments, the line. */
async function deskWrites(customerId: string) {
  const count = async (sql: string) => (await env.DB.prepare(sql).bind(customerId).first<{ n: number }>())!.n;
  return {
    audit: await count("SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ?"),
    notes: await count("SELECT COUNT(*) AS n FROM notes WHERE customer_id = ?"),
    requests: await count("SELECT COUNT(*) AS n FROM desk_requests WHERE customer_id = ?"),
    line: await env.DB.prepare("SELECT version FROM lines WHERE customer_id = ?").bind(customerId).first(),
  };
}
