import type { RouterContextProvider } from "react-router";
import { isCommonPassword } from "#domain/common-passwords";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { type RateLimitPolicyName, rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { tryAgainIn } from "#server/http/retry-after";
import { pagePlatform } from "../lib/platform.server";
import { accessMessages } from "./access.schema";

type Context = Readonly<RouterContextProvider>;

/** A clear message when a limit is reached (every access door has one), followed by when to try again. */
export const TOO_MANY = "We've received too many requests.";

/** The limit's message with when to try again, from the limit's own Retry-After (issue 14, item 10). */
export const tooMany = (retryAfterSeconds: number) =>
  `${TOO_MANY} Please try again ${tryAgainIn(retryAfterSeconds)}, or call us.`;

/**
 * Counts one hit per client IP and, when given, per e-mail. Null while both
 * allow it; once either is over, the message to show (with when to try again).
 */
export async function accessLimitRefusal(
  context: Context,
  request: Request,
  perIp: RateLimitPolicyName,
  perEmail?: { policy: RateLimitPolicyName; email: string },
): Promise<string | null> {
  const { env } = context.get(edgeContext);
  const ip = await rateLimit(env, perIp, clientInfo(request).ip);
  if (!ip.allowed) return tooMany(ip.retryAfterSeconds);
  if (!perEmail) return null;
  const email = await rateLimit(env, perEmail.policy, perEmail.email.toLowerCase());
  return email.allowed ? null : tooMany(email.retryAfterSeconds);
}

/** The platform client for an anonymous (merchant-token) access page, its token in the session when there is one. */
export function accessPlatform(context: Context) {
  return pagePlatform(context, context.get(sessionContext).session);
}

/**
 * A new password on the common list (0-decisions.md: normalised) is refused
 * before anything else happens: no rate-limit hit, no platform call, no
 * passcode. The list is server-only, so this runs in the action, right after
 * the form's schema. Null when the password may be used.
 */
export function commonPasswordAnswer(password: string): { errors: { password: string }; alert: string } | null {
  return isCommonPassword(password)
    ? { errors: { password: accessMessages.commonPassword }, alert: accessMessages.commonPassword }
    : null;
}

/**
 * Checks a passcode once and logs the attempt (process 1, 'Success attempt' /
 * 'Failed attempt'): the platform's status code, "0" when it was right. The
 * code is spent by then, so a log that fails must not cost the person an
 * accepted code: the log is best effort.
 */
export async function checkPasscode(
  platform: ReturnType<typeof pagePlatform>["platform"],
  check: { pin: string; ewSID: string; customerId: string },
): Promise<string> {
  const result = await platform.call(catalogue.communications.VerifySmsOtp, { pin: check.pin, ewSID: check.ewSID });
  const ok = result.statusCode === "0";
  await platform
    .call(catalogue.auth.LoginAttempts, {
      Note: ok ? "Success attempt" : "Failed attempt",
      ProcessId: "1",
      Success: ok,
      CustomerId: check.customerId,
    })
    .catch((error: unknown) => {
      if (!(error instanceof PlatformError)) throw error;
    });
  return result.statusCode;
}
