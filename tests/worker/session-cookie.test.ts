import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "#domain/tokens";
import { walkWizard } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, redirectPath, send } from "./helpers/http";

/**
 * The session cookie (issue 14, item 5; decision record 014): named with
 * the `__Host-` prefix, so only this origin over a secure channel can set
 * it (no sibling sub-domain can plant one), and a new id at every
 * privilege change: sign-in, a wizard approval, a partner's link.
 */

const HOST_COOKIE = /^__Host-rl_session=[A-Za-z0-9_-]{43}; /;

describe("the session cookie", () => {
  it("is __Host-rl_session: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    const b = await signedInBorrower("current");
    const login = await postForm("/login", { intent: "login", email: b.email, password: b.password });
    const line = login.headers.getSetCookie().find((l) => l.startsWith("__Host-"));
    expect(line, login.headers.getSetCookie().join("\n")).toMatch(HOST_COOKIE);
    const attributes = line!
      .split(";")
      .slice(1)
      .map((a) => a.trim().split("=")[0]!.toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path", "httponly", "secure", "samesite", "max-age"]));
    expect(attributes).not.toContain("domain");
    expect(line).toContain("Path=/;");
    expect(line).toContain("SameSite=Lax");
  }, 60_000);

  it("today's cookie name (rl_session) is no longer read: the visitor is signed out and the old cookie is cleared", async () => {
    const b = await signedInBorrower("current");
    const id = b.cookie.split("=")[1]!;
    const res = await send("/account", { cookie: `rl_session=${id}` });
    expect(redirectPath(res)).toBe("/login");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/(^|\n)rl_session=; Path=\/; .*Max-Age=0/);
    // The session itself is untouched (its own cookie still works).
    expect((await send("/account", { cookie: b.cookie })).status).toBe(200);
  }, 60_000);
});

describe("a new session id at every privilege change", () => {
  it("a wizard approval gives a new id; the id the applicant held before opens nothing", async () => {
    const walk = await walkWizard();
    expect(walk.landing).toBe("/apply/approved");
    const before = walk.cookies.payfrequency!;
    const after = walk.cookies.banking!;
    expect(after).toMatch(/^__Host-rl_session=/);
    expect(after).not.toBe(before);
    // The old id is gone from the table; the new one opens the approval and e-sign.
    const oldHash = await sha256Hex(before.split("=")[1]!);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE id_hash = ?").bind(oldHash).first<{ n: number }>(),
    ).toEqual({ n: 0 });
    expect((await send("/apply/approved", { cookie: after })).status).toBe(200);
    expect(redirectPath(await send("/apply/approved", { cookie: before }))).not.toBe(null);
    expect((await send("/esign/consent", { cookie: before })).status).toBe(302);
  }, 60_000);
});
