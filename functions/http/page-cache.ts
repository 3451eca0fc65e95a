import { hasSessionCookie } from "../sessions/cookie";

/**
 * Edge cache for public pages. A route opts in by sending
 * `CDN-Cache-Control: max-age=N` (RFC 9213); only signed-out visitors (no
 * session cookie) are served from or stored into the cache, so nobody sees
 * another person's header. Browsers are told `no-cache` so they come back
 * after signing in. The key carries the build version, so a deployment never
 * serves HTML that points at assets it no longer has.
 */

export function isCacheableRequest(request: Request): boolean {
  return request.method === "GET" && !hasSessionCookie(request) && !new URL(request.url).pathname.endsWith(".data");
}

function cacheKey(request: Request, buildVersion: string): Request {
  const url = new URL(request.url);
  url.searchParams.set("__build", buildVersion);
  return new Request(url.toString(), { method: "GET" });
}

export async function cachedPage(request: Request, buildVersion: string): Promise<Response | undefined> {
  const hit = await caches.default.match(cacheKey(request, buildVersion));
  if (!hit) return undefined;
  const response = new Response(hit.body, hit);
  response.headers.set("Cache-Control", "no-cache");
  response.headers.set("X-Edge-Cache", "HIT");
  return response;
}

/** Stores a cacheable page and returns the copy to send to the browser. */
export function storePage(request: Request, response: Response, buildVersion: string, ctx: ExecutionContext): Response {
  const directive = response.headers.get("CDN-Cache-Control");
  const maxAge = directive?.match(/max-age=(\d+)/)?.[1];
  if (!maxAge || response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  const stored = new Response(response.clone().body, response);
  stored.headers.set("Cache-Control", `public, max-age=${maxAge}`);
  stored.headers.delete("CDN-Cache-Control");
  ctx.waitUntil(caches.default.put(cacheKey(request, buildVersion), stored));
  const sent = new Response(response.body, response);
  sent.headers.set("Cache-Control", "no-cache");
  sent.headers.delete("CDN-Cache-Control");
  sent.headers.set("X-Edge-Cache", "MISS");
  return sent;
}
