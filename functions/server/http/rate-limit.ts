import { security } from "#domain/config";
import type { RateLimitPolicy, RateLimitVerdict } from "../durable-objects/rate-limiter";
import type { Env } from "../env";
import { count } from "./metrics";
import { tryAgainIn } from "./retry-after";

/** Named policies, so every door states its limit in one place. */
export const rateLimitPolicies = {
  /** Any /api call from one client IP (generous: shared addresses; each door has its own limit too). */
  apiPerIp: { limit: 300, windowMs: 60_000 },
  /** Form posts to pages from one client IP. */
  formPostPerIp: { limit: 240, windowMs: 60_000 },
  /**
   * Page GETs that create state (a partner's lead link starts a session; a
   * reset link makes a platform token): a person follows a handful, a
   * crawler thousands (issue 14, item 6).
   */
  statefulGetPerIp: { limit: 30, windowMs: 600_000 },
  /** Existing-customer SSN checks (application personal step) per client IP. */
  ssnCheckPerIp: { limit: 30, windowMs: 3_600_000 },
  /** Application decisions (banking step) per client IP. */
  decisionPerIp: { limit: 20, windowMs: 3_600_000 },
  /**
   * "Is this e-mail registered?" (login, create and forgot password). Per-IP
   * limits leave room for offices behind one address; per-e-mail limits are
   * the tight ones that bound enumeration and guessing.
   */
  emailCheckPerIp: { limit: 100, windowMs: 600_000 },
  emailCheckPerEmail: { limit: 10, windowMs: 600_000 },
  /** Wrong passwords from one client IP (per e-mail the platform counts 5). */
  loginFailPerIp: { limit: 20, windowMs: 1_800_000 },
  /** Passcode sends and checks. */
  passcodeSendPerIp: { limit: 40, windowMs: 3_600_000 },
  passcodeSendPerEmail: { limit: 6, windowMs: 3_600_000 },
  passcodeCheckPerIp: { limit: 80, windowMs: 3_600_000 },
  /** Passkey ceremonies. */
  passkeyPerIp: { limit: 60, windowMs: 600_000 },
  /**
   * Wrong identity details (birthdate, last four of the SSN) at the end of
   * forgot password, per e-mail: the shared wrong-attempt limit, then the
   * account-locked message for the login lock's time (spec file 2, section 4).
   */
  identityFailPerEmail: { limit: security.passcodeMaxWrong, windowMs: security.loginLockMinutes * 60_000 },
  /** Password changes and reset requests. */
  passwordResetPerIp: { limit: 30, windowMs: 3_600_000 },
  passwordResetPerEmail: { limit: 5, windowMs: 3_600_000 },
  /** Contact form messages (each one stores a message and sends an e-mail). */
  contactPerIp: { limit: 10, windowMs: 3_600_000 },
  /**
   * Signed leads per partner, counted only once the signature holds (so
   * strangers cannot spend a partner's budget); a partner row may set its own
   * per-minute limit (partners.leads_per_minute).
   */
  leadsPerPartner: { limit: 120, windowMs: 60_000 },
  /** Refused lead signatures per client IP (unknown partner, bad signature, stale time). */
  leadAuthFailPerIp: { limit: 100, windowMs: 600_000 },
  /** Deep health checks per client IP (each writes a row and makes a platform token): a monitor's pace, no more. */
  healthDeepPerIp: { limit: 12, windowMs: 60_000 },
} as const satisfies Record<string, RateLimitPolicy>;

export type RateLimitPolicyName = keyof typeof rateLimitPolicies;

/**
 * Count one hit against `key` under a policy (its limit may be overridden per
 * key); the Durable Object decides. Any number given is used, 0 included (a
 * partner row's 0 refuses every lead), so only a missing limit means the policy's.
 */
export async function rateLimit(
  env: Pick<Env, "RATE_LIMITER" | "METRICS">,
  policy: RateLimitPolicyName,
  key: string,
  limit?: number,
): Promise<RateLimitVerdict> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${policy}:${key}`));
  const verdict = await stub.hit(
    limit === undefined ? rateLimitPolicies[policy] : { ...rateLimitPolicies[policy], limit },
  );
  // A refusal is counted by its policy, never by its key (an address, an e-mail).
  if (!verdict.allowed) count(env, "rate_limited", [policy]);
  return verdict;
}

/** Would one more hit be allowed? Counts nothing. */
export function peekRateLimit(
  env: Pick<Env, "RATE_LIMITER">,
  policy: RateLimitPolicyName,
  key: string,
): Promise<RateLimitVerdict> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`${policy}:${key}`));
  return stub.peek(rateLimitPolicies[policy]);
}

/** A plain 429 (the form-post guard): Retry-After, and the same wait in words for a person reading it. */
export function tooManyRequests(
  verdict: RateLimitVerdict,
  body: BodyInit | null = `Too many requests. Please try again ${tryAgainIn(verdict.retryAfterSeconds)}.`,
): Response {
  return new Response(body, {
    status: 429,
    headers: { "Retry-After": String(verdict.retryAfterSeconds), "Content-Type": "text/plain; charset=utf-8" },
  });
}
