import { security } from "../config";

/**
 * The login page's warning before the lock (0-decisions.md: 5 wrong
 * passwords lock the account for 30 minutes), from the platform's own count
 * of wrong passwords left (Auth/Login's attemptsLeft), never the browser's.
 *
 * Said from the second wrong password in a row (`security.loginWarnFromWrong`):
 * one wrong password is most often a slip of the finger, and four left is no
 * news; after two the person may be unsure of the password, and three left is
 * still room to choose Forgot Password instead of locking the account.
 */
export function loginAttemptsWarning(attemptsLeft: number | null): string | null {
  if (attemptsLeft === null || attemptsLeft < 1) return null;
  if (security.loginMaxWrong - attemptsLeft < security.loginWarnFromWrong) return null;
  const attempts = attemptsLeft === 1 ? "1 attempt" : `${attemptsLeft} attempts`;
  return `You have ${attempts} left before your account is locked for ${security.loginLockMinutes} minutes.`;
}
