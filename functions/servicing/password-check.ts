import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client";
import { loginAttempts, passwordResets, users } from "#db/schema/servicing";
import { security } from "#domain/config";
import { verifyPassword } from "./crypto";

const LOCK_MS = security.loginLockMinutes * 60_000;

type User = typeof users.$inferSelect;

/**
 * ok; wrong (counted); lockedNow (this wrong one reached the limit); locked
 * (already locked: the password was not even checked).
 */
export type PasswordCheck = "ok" | "wrong" | "lockedNow" | "locked";

/**
 * Checks a customer's password the one way the platform does (Login, and a
 * sign-in e-mail change): a locked account is refused unchecked, and every
 * wrong password counts towards the same lock (5, then 30 minutes:
 * 0-decisions.md, the shared wrong-attempt limit), so no door is a way
 * around it. Each attempt is logged under `processId`.
 */
export async function checkPassword(
  db: Database,
  user: User,
  password: string,
  now: number,
  processId: string,
): Promise<{ result: PasswordCheck; lockedUntil: number | null; attemptsLeft: number | null }> {
  if (user.lockedUntil && user.lockedUntil > now)
    return { result: "locked", lockedUntil: user.lockedUntil, attemptsLeft: null };
  if (!(await verifyPassword(password, user.passwordHash))) {
    const failures = user.failedLogins + 1;
    const lockedUntil = failures >= security.loginMaxWrong ? now + LOCK_MS : null;
    await db.batch([
      db
        .update(users)
        .set({ failedLogins: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now })
        .where(eq(users.customerId, user.customerId)),
      db
        .insert(loginAttempts)
        .values({ customerId: user.customerId, processId, success: false, note: "Failed attempt", createdAt: now }),
    ]);
    // The count the lock is decided by, so what the login page says is what will happen.
    return lockedUntil
      ? { result: "lockedNow", lockedUntil, attemptsLeft: null }
      : { result: "wrong", lockedUntil, attemptsLeft: security.loginMaxWrong - failures };
  }
  await db.batch([
    db
      .update(users)
      .set({ failedLogins: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.customerId, user.customerId)),
    db
      .insert(loginAttempts)
      .values({ customerId: user.customerId, processId, success: true, note: "Success attempt", createdAt: now }),
  ]);
  return { result: "ok", lockedUntil: null, attemptsLeft: null };
}

/** Reset links still pending for a customer stop working (after a new password or a new sign-in e-mail). */
export function expirePendingResets(db: Database, customerId: string, now: number) {
  return db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
}
