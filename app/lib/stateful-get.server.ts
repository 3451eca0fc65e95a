import { data, type RouterContextProvider } from "react-router";
import { clientInfo } from "#server/http/client-info";
import { rateLimit } from "#server/http/rate-limit";
import { edgeContext } from "#server/http/request-context";

/**
 * GETs that create state (a lead link's session, a reset link's platform
 * token) count against a per-IP limit, as form posts do: past it the page is
 * the site's 429 ('Please slow down', root error boundary) with Retry-After,
 * and nothing is written.
 */
export async function limitStatefulGet(context: Readonly<RouterContextProvider>, request: Request): Promise<void> {
  const { env } = context.get(edgeContext);
  const verdict = await rateLimit(env, "statefulGetPerIp", clientInfo(request).ip);
  if (!verdict.allowed)
    throw data(null, { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
}
