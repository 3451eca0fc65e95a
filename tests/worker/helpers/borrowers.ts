import { env } from "cloudflare:test";
import { expect } from "vitest";
import { database } from "#db/client";
import { startSession } from "#server/sessions/session";
import { copyDemoBorrower, demoBorrowers } from "../../../functions/servicing/demo";
import { walkWizard } from "./applicants";
import { postForm, redirectPath, sessionCookieOf } from "./http";

export type Like = "current" | "owing" | "pastdue" | "chargedoff" | "washington" | "closed" | "esign" | "withdrawn";

export interface SignedInBorrower {
  email: string;
  password: string;
  customerId: string;
  /** The line's number (the applNo the portal forms would never need to send). */
  applNo: number;
  /** `rl_session=...` of a session signed in through the real login page. */
  cookie: string;
  /** Where login landed. */
  landing: string;
}

/**
 * A borrower of its own (a copy of a demo borrower: same standing and
 * history), signed in through POST /login like a browser, so the session,
 * its platform token and the landing are the product's own. Its line is in
 * its own object, as every line is (decision record 032).
 */
export async function signedInBorrower(like: Like = "current"): Promise<SignedInBorrower> {
  const template = demoBorrowers.find((b) => b.email.startsWith(`${like}@`))!;
  const db = database(env.DB);
  const made = (await copyDemoBorrower(db, env, template.email, Date.now()))!;
  const res = await postForm("/login", { intent: "login", email: made.email, password: made.password });
  const cookie = sessionCookieOf(res);
  expect(cookie, `login of ${made.email} answered ${res.status}`).not.toBeNull();
  const line = await env.DB.prepare("SELECT id FROM lines WHERE customer_id = ?")
    .bind(made.customerId)
    .first<{ id: number }>();
  return { ...made, applNo: line!.id, cookie: cookie!, landing: redirectPath(res) ?? "" };
}

/**
 * A guest with an application under way, as a browser would have: page views
 * keep nothing, so the session starts with the first step's post.
 */
export async function guestWithSession(): Promise<string> {
  const walk = await walkWizard(undefined, "personal");
  expect(walk.cookie).not.toBeNull();
  return walk.cookie!;
}

/**
 * Another session for the same signed-in borrower, for a test that ends one
 * (log out) without losing the borrower's main session. Same data, new id.
 */
export async function extraSessionOf(b: SignedInBorrower): Promise<string> {
  const row = await env.DB.prepare("SELECT data FROM sessions WHERE json_extract(data, '$.customerId') = ? LIMIT 1")
    .bind(b.customerId)
    .first<{ data: string }>();
  const { setCookie } = await startSession(env, JSON.parse(row!.data));
  return setCookie.split(";")[0]!;
}
