import { env } from "cloudflare:test";
import { importJWK, type JWTPayload, SignJWT } from "jose";
import type { DeskRole } from "#domain/desk";
import { DEV_DESK_COOKIE, signDevIdentity } from "#server/desk/dev-identity";
import { postForm, send } from "./http";

/** Cloudflare Access, played by the tests: tokens signed with the run's private key (vitest.config.ts). */
export async function accessToken(
  claims: JWTPayload & { email?: string },
  options: { issuer?: string; audience?: string; expiresIn?: string | number; kid?: string } = {},
): Promise<string> {
  const key = await importJWK(JSON.parse(env.TEST_DESK_ACCESS_PRIVATE_JWK), "RS256");
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "test-access" })
    .setIssuer(options.issuer ?? env.DESK_ACCESS_ISSUER!)
    .setAudience(options.audience ?? env.DESK_ACCESS_AUD!)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "10m")
    .sign(key);
}

/** A desk user row (site table), as an operator adds one. */
export async function addDeskUser(email: string, role: DeskRole, active = true): Promise<void> {
  await env.DB.prepare("INSERT OR REPLACE INTO desk_users (email, role, active, added_at) VALUES (?, ?, ?, ?)")
    .bind(email, role, active ? 1 : 0, Date.now())
    .run();
}

/** The development sign-in's cookie for a role (the test env is development, with DESK_DEV_KEY). */
export async function devDeskCookie(role: DeskRole): Promise<string> {
  const value = await signDevIdentity(env, { email: `${role}@desk.ridgeline.test`, role }, Date.now());
  return `${DEV_DESK_COOKIE}=${value!}`;
}

/** A page's HTML as text: React's escapes and separators undone, for plain assertions. */
export const decodeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

/** A desk form's answer as the browser shows it: a done action redirects to the file (post, redirect, get), which is followed. */
export async function shownAfter(res: Response, cookie: string): Promise<{ status: number; html: string }> {
  const location = res.status === 302 ? res.headers.get("Location") : null;
  if (!location) return { status: res.status, html: decodeHtml(await res.text()) };
  await res.body?.cancel();
  const page = await send(
    new URL(location, "https://ridgeline.test").pathname + new URL(location, "https://ridgeline.test").search,
    { cookie },
  );
  return { status: page.status, html: decodeHtml(await page.text()) };
}

/** How many audit rows of this action (an SQL LIKE pattern) the desk wrote for this borrower. */
export async function auditCount(customerId: string, action: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM desk_audit WHERE customer_id = ? AND action LIKE ?")
    .bind(customerId, action)
    .first<{ n: number }>();
  return row!.n;
}

/** A desk form posted to a borrower's file as a role (a fresh key and a reason unless given), and the page it leaves. */
export async function postToFile(
  customerId: string,
  fields: Record<string, string>,
  role: DeskRole = "agent",
): Promise<{ status: number; html: string }> {
  const cookie = await devDeskCookie(role);
  const res = await postForm(
    `/desk/borrowers/${customerId}`,
    { reason: "Borrower called", key: crypto.randomUUID(), ...fields },
    { cookie },
  );
  return shownAfter(res, cookie);
}
