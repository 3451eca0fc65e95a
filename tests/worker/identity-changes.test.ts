import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { getSession } from "#server/sessions/session";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { ORIGIN, postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * "Changing or resetting a password ends every other session of that
 * borrower" (0-decisions.md, "Access and security"), and so does a new
 * sign-in e-mail, which needs the current password and is told to the old
 * address too. Each borrower is signed in on two devices through the real
 * login page; a change made on one (or from a reset link) must leave the
 * other signed out on the site and its platform token refused.
 */

const NEW_PASSWORD = "Fresh!pass72";

/** A signed-in copy of a demo borrower, with what the identity pages ask for (signedInBorrower carries them). */
type Borrower = SignedInBorrower & { last4SSN: string; dob: string };
const borrower = async () => (await signedInBorrower("current")) as Borrower;

async function logIn(email: string, password: string): Promise<string | null> {
  return sessionCookieOf(await postForm("/login", { intent: "login", email, password }));
}

/** The borrower signed in twice: device A (the one that makes the change) and device B. */
async function onTwoDevices(): Promise<Borrower & { other: string }> {
  const b = await borrower();
  const other = await logIn(b.email, b.password);
  expect(other).not.toBeNull();
  return { ...b, other: other! };
}

/** Whether the cookie still opens the portal (a session that ended is sent to login). */
async function signedIn(cookie: string): Promise<boolean> {
  const res = await send("/account", { cookie });
  await res.body?.cancel();
  return res.status === 200;
}

/** The platform token the session keeps server-side (read through the session store). */
async function platformTokenOf(cookie: string): Promise<string> {
  const session = await getSession(env, new Request(ORIGIN, { headers: { Cookie: cookie } }));
  expect(session?.data.platformToken).toBeTruthy();
  return session!.data.platformToken!;
}

/** Whether the platform still accepts a token (the same call the portal makes first). */
async function tokenAccepted(token: string): Promise<boolean> {
  const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(token), EMBEDDED_MERCHANT_ID);
  return client.call(catalogue.account.GetSummary, {}).then(
    () => true,
    (error: unknown) => {
      if ((error as { kind?: string }).kind === "unauthorized") return false;
      throw error;
    },
  );
}

const outbox = async (customerId: string) =>
  (await settledDb())
    .prepare("SELECT id, channel, recipient, subject, body FROM outbox WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<{ id: number; channel: string; recipient: string; subject: string | null; body: string }>()
    .then((r) => r.results);

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** The forgot-password flow through its pages, on `cookie`'s session (or a fresh visitor's): e-mail, passcode by e-mail, identity and the new password. */
async function forgotPassword(b: Borrower, cookie?: string): Promise<string> {
  // A signed-out visitor has no session until the flow's first post starts one (issue 14, item 6).
  let device = cookie ?? null;
  await (await send("/forgot-password", { cookie: device })).body?.cancel();
  const step = async (fields: Record<string, string>) => {
    const res = await postForm("/forgot-password", fields, { cookie: device });
    expect(res.status, JSON.stringify(fields)).toBeLessThan(400);
    device = sessionCookieOf(res) ?? device;
    await res.body?.cancel();
  };
  await step({ intent: "email", email: b.email });
  await step({ intent: "method", channel: "email" });
  const code = (await outbox(b.customerId)).at(-1)!.body.match(/\b(\d{6})\b/)![1]!;
  await step({ intent: "code", code });
  await step({ intent: "continue" });
  await step({
    intent: "save",
    birthdate: usDate(b.dob),
    last4: b.last4SSN,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  return device!;
}

/** The reset link e-mailed to the borrower (the latest one). */
async function resetLink(b: Borrower): Promise<string> {
  const res = await postForm("/reset-password", { email: b.email, last4: b.last4SSN, birthdate: usDate(b.dob) });
  await res.body?.cancel();
  const link = (await outbox(b.customerId)).at(-1)!.body.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0];
  return new URL(link).pathname + new URL(link).search;
}

/** The Preferences form as the page posts it, with the borrower's saved phones and choices. */
async function preferencesForm(b: SignedInBorrower, patch: Record<string, string>): Promise<Record<string, string>> {
  const row = await env.DB.prepare(
    "SELECT email, home_phone, mobile_phone, allow_marketing_emails, allow_marketing_calls FROM customers WHERE id = ?",
  )
    .bind(b.customerId)
    .first<Record<string, string | number>>();
  const cell = row!.mobile_phone === row!.home_phone;
  return {
    intent: "save",
    email: String(row!.email),
    emailMarketing: row!.allow_marketing_emails ? "yes" : "no",
    callMarketing: row!.allow_marketing_calls ? "yes" : "no",
    mainPhone: String(row!.home_phone),
    ...(cell ? { mainIsCell: "on" } : {}),
    cellPhone: cell ? "" : String(row!.mobile_phone),
    ...patch,
  };
}

const emailOnFile = async (customerId: string) =>
  (await env.DB.prepare("SELECT email FROM customers WHERE id = ?").bind(customerId).first<{ email: string }>())!.email;
const uniqueEmail = () => `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;

// Each test signs borrowers in (PBKDF2 at 100,000 iterations) several times: slow on a shared machine.
describe("a new password ends every other session and platform token", { timeout: 60_000 }, () => {
  it("forgot password, changed on a signed-in device: that device stays, the other is signed out and its token refused", async () => {
    const b = await onTwoDevices();
    const [ownToken, otherToken] = [await platformTokenOf(b.cookie), await platformTokenOf(b.other)];
    await forgotPassword(b, b.cookie);

    expect(await signedIn(b.other)).toBe(false);
    expect(await tokenAccepted(otherToken)).toBe(false);
    expect(await signedIn(b.cookie)).toBe(true);
    expect(await tokenAccepted(ownToken)).toBe(true);
    expect(await logIn(b.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("forgot password from a signed-out device: every session of the borrower ends", async () => {
    const b = await onTwoDevices();
    const tokens = [await platformTokenOf(b.cookie), await platformTokenOf(b.other)];
    await forgotPassword(b);

    for (const cookie of [b.cookie, b.other]) expect(await signedIn(cookie)).toBe(false);
    for (const token of tokens) expect(await tokenAccepted(token)).toBe(false);
  });

  it("a reset from the e-mailed link ends every session, the one it was opened in too, and any other link sent", async () => {
    const b = await onTwoDevices();
    const tokens = [await platformTokenOf(b.cookie), await platformTokenOf(b.other)];
    const earlier = await resetLink(b);
    const link = await resetLink(b);
    const res = await postForm(link, { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { cookie: b.cookie });
    expect(redirectPath(res)).toBe("/login?CalledFrom=UpdatePwd");

    for (const cookie of [b.cookie, b.other]) expect(await signedIn(cookie)).toBe(false);
    for (const token of tokens) expect(await tokenAccepted(token)).toBe(false);
    // The other link sent before it no longer works.
    expect(redirectPath(await send(earlier))).toBe("/login?CalledFrom=TokenExpired");
    expect(await logIn(b.email, NEW_PASSWORD)).not.toBeNull();
  });
});

describe("a new sign-in e-mail needs the password, tells both addresses and ends every other session", {
  timeout: 60_000,
}, () => {
  it("with the right password: saved, the old and the new address told, the other device signed out and its token refused", async () => {
    const b = await onTwoDevices();
    const [ownToken, otherToken] = [await platformTokenOf(b.cookie), await platformTokenOf(b.other)];
    const email = uniqueEmail();
    const res = await postForm("/preferences", await preferencesForm(b, { email, currentPassword: b.password }), {
      cookie: b.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      `We also told your previous address, ${b.email}, and logged you out on every other device.`,
    );

    expect(await emailOnFile(b.customerId)).toBe(email);
    const told = (await outbox(b.customerId)).filter((m) => m.channel === "email");
    expect(told.map((m) => m.recipient)).toEqual([email, b.email]);
    expect(told[1]!.subject).toBe("Your Ridgeline Credit email address was changed");
    expect(told[1]!.body).toContain("If you did not make this change, call us at");

    expect(await signedIn(b.other)).toBe(false);
    expect(await tokenAccepted(otherToken)).toBe(false);
    expect(await signedIn(b.cookie)).toBe(true);
    expect(await tokenAccepted(ownToken)).toBe(true);
    expect(await logIn(email, b.password)).not.toBeNull();
  });

  it("without the password, or with a wrong one: refused with the reason, nothing changed, nobody told, nobody signed out", async () => {
    const b = await onTwoDevices();
    const email = uniqueEmail();
    for (const [password, message] of [
      ["", "Please enter your current password to change your email address."],
      ["Wrong!pass99", "The password you entered is incorrect. Please try again."],
    ] as const) {
      const res = await postForm("/preferences", await preferencesForm(b, { email, currentPassword: password }), {
        cookie: b.cookie,
      });
      const page = await res.text();
      expect(page).toContain(message);
      // The password typed is never written back into the page.
      if (password) expect(page).not.toContain(password);
    }
    expect(await emailOnFile(b.customerId)).toBe(b.email);
    expect(await outbox(b.customerId)).toEqual([]);
    for (const cookie of [b.cookie, b.other]) expect(await signedIn(cookie)).toBe(true);
    const failures = await env.DB.prepare("SELECT failed_logins AS n FROM users WHERE customer_id = ?")
      .bind(b.customerId)
      .first<{ n: number }>();
    expect(failures!.n).toBe(1);
  });

  it("the platform refuses an e-mail change without the right password itself, and counts wrong ones towards the login lock", async () => {
    const b = await borrower();
    const client = new PlatformClient(
      embeddedTransport(env),
      memoryTokenHolder(await platformTokenOf(b.cookie)),
      EMBEDDED_MERCHANT_ID,
    );
    const change = (currentPassword?: string) =>
      client.call(catalogue.account.UpdateProfile, {
        custEmail: uniqueEmail(),
        ...(currentPassword === undefined ? {} : { currentPassword }),
      });
    await expect(change()).rejects.toMatchObject({
      kind: "rejected",
      status: 422,
      fields: { currentPassword: "incorrect" },
    });
    for (let i = 0; i < 4; i++)
      await expect(change("Wrong!pass99")).rejects.toMatchObject({ fields: { currentPassword: "incorrect" } });
    // The fifth wrong one locks the account, as at login: even the right password is refused, and login says locked (6).
    await expect(change("Wrong!pass99")).rejects.toMatchObject({ fields: { currentPassword: "locked" } });
    await expect(change(b.password)).rejects.toMatchObject({ fields: { currentPassword: "locked" } });
    const login = await new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID).call(
      catalogue.auth.Login,
      { userName: b.email, password: b.password },
    );
    expect(login.customerLoginResults).toBe(6);
    expect(await emailOnFile(b.customerId)).toBe(b.email);
    // The same e-mail in other case is no change: no password needed.
    await client.call(catalogue.account.UpdateProfile, { custEmail: b.email.toUpperCase() });
  });
});
