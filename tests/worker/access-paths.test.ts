import { describe, expect, it } from "vitest";
import { walkWizard, wizardApplicant } from "./helpers/applicants";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { postForm, send, sentTo, sessionCookieOf } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * Issue 15, account access: every path ends well. The not-found step of
 * create and forgot password is said once and its "Try another email
 * address" works; /create-password/:emailaddress exists; a common password
 * (normalised, 0-decisions.md) is refused before anything else happens.
 */

const TOO_COMMON = "This password is too common. Please choose a password that is harder to guess.";
type Borrower = SignedInBorrower & { last4SSN: string; dob: string };
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const html = async (res: Response) => res.text();

const outbox = async (customerId: string) =>
  (await settledDb())
    .prepare("SELECT body FROM outbox WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<{ body: string }>()
    .then((r) => r.results);

describe("create and forgot password: an unknown e-mail", { timeout: 60_000 }, () => {
  for (const kind of ["create", "forgot"] as const) {
    const page = `/${kind}-password`;
    it(`${kind}: says 'not found' once; the next visit (and its ?restart, as a .data request too) is the e-mail step with the address kept`, async () => {
      const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const posted = await postForm(page, { intent: "email", email });
      expect(posted.status).toBe(200);
      const cookie = sessionCookieOf(posted);
      expect(cookie).not.toBeNull();
      // The answer (JavaScript off: one response) says so, then the flow's next view starts again.
      expect(await html(posted)).toContain("find your information");
      const again = await html(await send(page, { cookie }));
      expect(again).not.toContain("find your information");
      expect(again).toContain(`value="${email}"`);
      // A client-side ?restart is a `.data` request: it must send to the page, never to `/x-password.data` (404).
      expect(await sentTo(await send(`${page}.data?restart`, { cookie }))).toBe(page);
      expect((await send(`${page}.data`, { cookie })).status).toBe(200);
    });
  }
});

describe("/create-password/:emailaddress (spec file 2, section 2)", { timeout: 60_000 }, () => {
  it("is the create-password e-mail step with the address filled in, whose NEXT works from that path", async () => {
    const email = `someone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await send(`/create-password/${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    const body = await html(res);
    expect(body).toContain("Welcome! Let&#x27;s create your password.");
    expect(body).toContain(`value="${email}"`);
    const posted = await postForm(`/create-password/${encodeURIComponent(email)}`, { intent: "email", email });
    expect(posted.status).toBe(200);
    expect(await html(posted)).toContain("find your information");
  });

  it("login's 'You do not currently have a password' links to it with the address", async () => {
    const applicant = wizardApplicant();
    const walk = await walkWizard(applicant);
    expect(walk.landing).toBe("/apply/approved");
    const res = await postForm("/login", { intent: "email", email: applicant.email });
    expect(await html(res)).toContain(`href="/create-password/${encodeURIComponent(applicant.email)}"`);
  });
});

/** The forgot-password flow to its last step, on a session of its own. */
async function atForgotForm(b: Borrower): Promise<string> {
  let cookie: string | null = null;
  const step = async (fields: Record<string, string>) => {
    const res = await postForm("/forgot-password", fields, { cookie });
    expect(res.status, JSON.stringify(fields)).toBeLessThan(400);
    cookie = sessionCookieOf(res) ?? cookie;
    return res;
  };
  await (await step({ intent: "email", email: b.email })).body?.cancel();
  await (await step({ intent: "method", channel: "email" })).body?.cancel();
  const code = (await outbox(b.customerId)).at(-1)!.body.match(/\b(\d{6})\b/)![1]!;
  await (await step({ intent: "code", code })).body?.cancel();
  await (await step({ intent: "continue" })).body?.cancel();
  return cookie!;
}

describe("a common password (normalised) is refused before anything else happens", { timeout: 60_000 }, () => {
  it("forgot password: 'Welcome1!' and 'Passw0rd!' are refused with the message; the old password still signs in", async () => {
    const b = (await signedInBorrower("current")) as Borrower;
    const cookie = await atForgotForm(b);
    for (const password of ["Welcome1!", "Passw0rd!"]) {
      const res = await postForm(
        "/forgot-password",
        { intent: "save", birthdate: usDate(b.dob), last4: b.last4SSN, password, confirmPassword: password },
        { cookie },
      );
      expect(res.status).toBe(200);
      expect(await html(res)).toContain(TOO_COMMON);
    }
    const login = await postForm("/login", { intent: "login", email: b.email, password: b.password });
    expect(sessionCookieOf(login)).not.toBeNull();
  });

  it("reset link: 'P@ssw0rd1' is refused with the message and the link still opens the form", async () => {
    const b = (await signedInBorrower("current")) as Borrower;
    await (
      await postForm("/reset-password", { email: b.email, last4: b.last4SSN, birthdate: usDate(b.dob) })
    ).body?.cancel();
    const link = (await outbox(b.customerId)).at(-1)!.body.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0];
    const path = new URL(link).pathname + new URL(link).search;
    const res = await postForm(path, { password: "P@ssw0rd1", confirmPassword: "P@ssw0rd1" });
    expect(res.status).toBe(200);
    expect(await html(res)).toContain(TOO_COMMON);
    const reopened = await send(path);
    expect(reopened.status).toBe(200);
    expect(await html(reopened)).toContain("SUBMIT &amp; GO TO LOG IN");
  });
});

describe("forgot password: wrong identity details", { timeout: 60_000 }, () => {
  it("the fifth wrong birthdate or SSN says the account is locked (not 'too many requests'), and so does every try after it", async () => {
    const b = (await signedInBorrower("current")) as Borrower;
    const cookie = await atForgotForm(b);
    const wrong = {
      intent: "save",
      birthdate: "01/01/1970",
      last4: b.last4SSN === "0000" ? "1111" : "0000",
      password: "Strong!pass77",
      confirmPassword: "Strong!pass77",
    };
    const said: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postForm("/forgot-password", wrong, { cookie });
      expect(res.status).toBe(200);
      const body = await html(res);
      said.push(
        body.includes("Your account is locked after too many attempts")
          ? "locked"
          : body.includes("could not verify your identity")
            ? "identity"
            : body.includes("too many requests")
              ? "too many"
              : "other",
      );
    }
    expect(said).toEqual(["identity", "identity", "identity", "identity", "locked", "locked"]);
    // The right details are refused too while locked: the lock is on the account's e-mail, not on what was typed.
    const right = await postForm(
      "/forgot-password",
      { ...wrong, birthdate: usDate(b.dob), last4: b.last4SSN },
      { cookie },
    );
    expect(await html(right)).toContain("Your account is locked after too many attempts");
  });
});
