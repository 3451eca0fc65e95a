import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { loginAttempts, passwordResets, users } from "#db/schema/servicing";
import { auth as calls } from "#domain/catalogue/index";
import { isCommonPassword } from "#domain/common-passwords";
import { meetsPasswordCriteria } from "#domain/passwords";
import { randomToken, sha256Hex } from "#domain/tokens";
import { requireCustomer, type ServicingContext, type ServicingEnv, ServicingError } from "../context";
import { hashPassword, verifyPassword } from "../crypto";
import { customerById } from "../customers";
import { borrowersByEmail, lineStanding, matchIdentity, recentFailures, userByEmail } from "../identity";
import { implement } from "../implement";
import { maskEmail } from "../messages";
import { checkPassword, expirePendingResets } from "../password-check";
import { issueResetLink } from "../reset-links";
import { callersOwnTokenHashes, issueToken, revokeCustomerTokens, revokeToken } from "../tokens";

export const authRoutes = new Hono<ServicingEnv>();

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(randomToken()));

/** Login result codes the pages act on. */
const LOGIN = { success: 1, invalid: 2, unknown: 3, locked: 6, lockedNow: 10 } as const;

/**
 * A new password ends every other session of the customer (0-decisions.md,
 * "Access and security"): their other platform tokens (all but the kept) and
 * any reset link still pending, in the same batch as the new hash.
 */
async function passwordChange(
  c: ServicingContext,
  customerId: string,
  password: string,
  keptTokenHashes: readonly string[],
) {
  const db = c.var.db;
  const now = c.var.now.getTime();
  return [
    db
      .update(users)
      .set({ passwordHash: await hashPassword(password), failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.customerId, customerId)),
    revokeCustomerTokens(db, customerId, keptTokenHashes),
    expirePendingResets(db, customerId, now),
  ] as const;
}

function checkNewPassword(password: string, confirm: string): void {
  if (password !== confirm)
    throw new ServicingError(422, "Passwords must match.", { confirmPassword: "Passwords must match." });
  if (!meetsPasswordCriteria(password)) {
    throw new ServicingError(422, "Please enter a password that meets the criteria", {
      password: "Please enter a password that meets the criteria",
    });
  }
  if (isCommonPassword(password)) {
    const message = "This password is too common. Please choose a password that is harder to guess.";
    throw new ServicingError(422, message, { password: message });
  }
}

implement(authRoutes, calls.Login, async (c, { userName, password }) => {
  const db = c.var.db;
  const now = c.var.now.getTime();
  const user = await userByEmail(db, userName);
  const refusal = {
    id: 0,
    custId: "",
    sessionId: "",
    firstName: "",
    loanStatus: "",
    firstDrawAmount: 0,
    hasValidEsignatures: false,
  };
  if (!user) {
    // Spend the same time as a real check, so timing does not tell who has an account.
    await verifyPassword(password, await dummyHash());
    return { ...refusal, customerLoginResults: LOGIN.unknown, lockedUntil: null, attemptsLeft: null };
  }
  const { result, lockedUntil, attemptsLeft } = await checkPassword(db, user, password, now, "login");
  if (result !== "ok")
    return {
      ...refusal,
      customerLoginResults: LOGIN[result === "wrong" ? "invalid" : result],
      lockedUntil,
      attemptsLeft,
    };

  const customer = await customerById(db, user.customerId);
  const standing = await lineStanding(db, user.customerId);
  c.var.caller.tokenToUse = await issueToken(db, "customer", user.customerId, now);
  return {
    customerLoginResults: LOGIN.success,
    id: standing.lineId,
    custId: customer.id,
    sessionId: randomToken(16),
    firstName: customer.firstName,
    loanStatus: standing.loanStatus,
    firstDrawAmount: standing.firstDrawAmount,
    hasValidEsignatures: standing.hasValidEsignatures,
    lockedUntil: null,
    attemptsLeft: null,
  };
});

implement(authRoutes, calls.Logout, async (c) => {
  requireCustomer(c);
  const token = c.req.header("Authorization")?.replace(/^Bearer /, "") ?? "";
  await revokeToken(c.var.db, token);
  if (c.var.caller.tokenToUse !== token) await revokeToken(c.var.db, c.var.caller.tokenToUse);
  c.var.caller.tokenToUse = "";
  return { status: true };
});

implement(authRoutes, calls.ValidateEmail, async (c, { emailAddress }) => {
  const borrowers = await borrowersByEmail(c.var.db, emailAddress);
  const user = await userByEmail(c.var.db, emailAddress);
  return {
    validEmail: borrowers.length > 0,
    multiUser: borrowers.length > 1,
    twoFactorAuthenticationEnabled: true,
    users: borrowers.map((b, i) => ({
      userId: user?.customerId === b.id ? i + 1 : 0,
      customerId: b.id,
      firstName: b.firstName,
      // Only the last four digits ever leave the platform after the application.
      custSSN: b.ssnLast4,
      custMobileNumber: b.mobilePhone,
      custHomePhoneNumber: b.homePhone,
      maskedEmail: maskEmail(b.email),
    })),
  };
});

implement(authRoutes, calls.VerifyIdentity, async (c, { emailAddress, custSSN, custDOB }) => {
  const borrowers = await borrowersByEmail(c.var.db, emailAddress);
  const match = await matchIdentity(c.var.db, emailAddress, custSSN, custDOB);
  const user = await userByEmail(c.var.db, emailAddress);
  return { validEmail: borrowers.length > 0, validIdentity: Boolean(match), isRegistered: Boolean(user) };
});

implement(authRoutes, calls.Register, async (c, { email, password, confirmPassword, custSSN, dob }) => {
  const db = c.var.db;
  const match = await matchIdentity(db, email, custSSN, dob);
  if (!match) return { registered: false, reason: "identity" };
  const now = c.var.now.getTime();
  const existing = await userByEmail(db, email);
  if (existing) {
    // A retry of a registration whose answer was lost: the same person with the password it set gets the
    // same answer again. Any other password counts as a wrong one (the login lock), so this guesses nothing.
    const retried =
      existing.customerId === match.id &&
      (await checkPassword(db, existing, password, now, "register")).result === "ok";
    return retried ? { registered: true } : { registered: false, reason: "already_registered" };
  }
  checkNewPassword(password, confirmPassword);
  await db.insert(users).values({
    customerId: match.id,
    email,
    passwordHash: await hashPassword(password),
    createdAt: now,
    updatedAt: now,
  });
  return { registered: true };
});

implement(authRoutes, calls.ChangePassword, async (c, { email, last4SSN, dateOfBirth, password, confirmPassword }) => {
  const db = c.var.db;
  const match = await matchIdentity(db, email, last4SSN, dateOfBirth);
  const user = await userByEmail(db, email);
  if (!match || !user || user.customerId !== match.id) return { updated: false, reason: "identity" };
  checkNewPassword(password, confirmPassword);
  // The caller's own token stays when the customer changes it signed in; the site keeps that session too.
  await db.batch(await passwordChange(c, user.customerId, password, await callersOwnTokenHashes(c, user.customerId)));
  return { updated: true };
});

implement(authRoutes, calls.ResetPassword, async (c, { email, last4SSN, DateOfBirth, resetUrlBase }) => {
  const db = c.var.db;
  const now = c.var.now.getTime();
  const match = await matchIdentity(db, email, last4SSN, DateOfBirth);
  const user = await userByEmail(db, email);
  if (match && user?.customerId === match.id)
    await issueResetLink(db, { id: match.id, firstName: match.firstName, email }, resetUrlBase, now);
  return { status: true };
});

/** tokenState: 0 valid; 1 expired or unknown; 2 used within its 30 minutes (a retry may still learn its outcome). */
const TOKEN = { valid: 0, invalid: 1, used: 2 } as const;

/** The reset link's row while within its 30 minutes, used or not. */
async function unexpiredReset(c: Parameters<Parameters<typeof implement>[2]>[0], token: string) {
  return c.var.db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, await sha256Hex(token)), gt(passwordResets.expiresAt, c.var.now.getTime())))
    .get();
}

implement(authRoutes, calls.ValidateToken, async (c, { token }) => {
  const reset = await unexpiredReset(c, token);
  if (!reset) return { tokenState: TOKEN.invalid, emailAddress: "", passwordGUID: "" };
  const customer = await customerById(c.var.db, reset.customerId);
  return {
    tokenState: reset.usedAt === null ? TOKEN.valid : TOKEN.used,
    emailAddress: customer.email,
    passwordGUID: token,
  };
});

implement(authRoutes, calls.UpdatePassword, async (c, { email, password, confirmPassword, tokenId }) => {
  const db = c.var.db;
  const reset = await unexpiredReset(c, tokenId);
  const user = await userByEmail(db, email);
  if (!reset || !user || user.customerId !== reset.customerId) return { updated: false, reason: "token" };
  if (reset.usedAt !== null) {
    // A retry of an update whose answer was lost: the password it set is the one given, so the answer is the
    // same again. Any other password counts as a wrong one (the login lock): a used link guesses nothing.
    const retried = (await checkPassword(db, user, password, c.var.now.getTime(), "reset")).result === "ok";
    return retried ? { updated: true, custId: user.customerId } : { updated: false, reason: "token" };
  }
  checkNewPassword(password, confirmPassword);
  // A reset from an e-mailed link keeps no session at all (the link's own is marked used with the others).
  await db.batch(await passwordChange(c, user.customerId, password, []));
  return { updated: true, custId: user.customerId };
});

implement(authRoutes, calls.LoginAttempts, async (c, { Note, ProcessId, Success, CustomerId }) => {
  const now = c.var.now.getTime();
  await c.var.db
    .insert(loginAttempts)
    .values({ customerId: CustomerId || null, processId: ProcessId, success: Success, note: Note, createdAt: now });
  return { status: true, attemptCount: CustomerId ? await recentFailures(c.var.db, CustomerId, ProcessId, now) : 0 };
});
