import type { RouterContextProvider } from "react-router";
import { clientInfo } from "../../functions/http/client-info";
import { rateLimit, type RateLimitPolicyName } from "../../functions/http/rate-limit";
import { edgeContext, sessionContext } from "../../functions/http/request-context";
import { pagePlatform } from "../lib/platform.server";

type Context = Readonly<RouterContextProvider>;

/** A clear message when a limit is reached (every access door has one). */
export const TOO_MANY = "We've received too many requests. Please wait a few minutes and try again, or call us.";

/** Counts one hit per client IP and, when given, per e-mail; false once either is over. */
export async function withinAccessLimits(context: Context, request: Request, perIp: RateLimitPolicyName, perEmail?: { policy: RateLimitPolicyName; email: string }) {
  const { env } = context.get(edgeContext);
  const ip = await rateLimit(env, perIp, clientInfo(request).ip);
  if (!ip.allowed) return false;
  if (!perEmail) return true;
  return (await rateLimit(env, perEmail.policy, perEmail.email.toLowerCase())).allowed;
}

/** The platform client for an anonymous (merchant-token) access page, its token in the session when there is one. */
export function accessPlatform(context: Context) {
  return pagePlatform(context, context.get(sessionContext).session);
}
