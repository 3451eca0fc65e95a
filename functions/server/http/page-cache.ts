import { hasSessionCookie } from "../sessions/cookie";

/**
 * Edge cache for public pages. A route opts in by sending
 * `CDN-Cache-Control: max-age=N` (RFC 9213); only signed-out visitors (no
 * session cookie) are served from or stored into the cache, so nobody sees
 * another person's header. Browsers are told `no-cache` so they come back
 * after signing in. The key carries the build version, so a deployment never
 * serves HTML that points at assets it no longer has.
 *
 * Two tiers: a small in-isolate copy (no I/O at all on a hit), then the
 * Workers Cache API shared by the isolates of a data centre.
 */

interface Stored {
  expiresAt: number;
  /** Headers as the browser gets them, built once when stored. */
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

const MEMORY_LIMIT = 64;
const memory = new Map<string, Stored>();

export function isCacheableRequest(request: Request): boolean {
  return request.method === "GET" && !hasSessionCookie(request) && !new URL(request.url).pathname.endsWith(".data");
}

function cacheKey(request: Request, buildVersion: string): string {
  const url = new URL(request.url);
  url.searchParams.set("__build", buildVersion);
  return url.toString();
}

/** Headers for the browser: it must revalidate, so a later sign-in is seen. */
function browserHeaders(from: Headers, tier: string): Headers {
  const headers = new Headers(from);
  headers.set("Cache-Control", "no-cache");
  headers.delete("CDN-Cache-Control");
  headers.set("X-Edge-Cache", tier);
  return headers;
}

function remember(key: string, stored: Stored): void {
  if (memory.size >= MEMORY_LIMIT) memory.delete(memory.keys().next().value!);
  memory.set(key, stored);
}

export async function cachedPage(
  request: Request,
  buildVersion: string,
  now = Date.now(),
): Promise<Response | undefined> {
  const key = cacheKey(request, buildVersion);
  const inMemory = memory.get(key);
  if (inMemory && inMemory.expiresAt > now) return new Response(inMemory.body, { headers: inMemory.headers });
  memory.delete(key);
  const hit = await caches.default.match(key);
  if (!hit) return undefined;
  return new Response(hit.body, { status: hit.status, headers: browserHeaders(hit.headers, "HIT") });
}

/** Stores a cacheable page in both tiers and returns the copy for the browser. */
export async function storePage(
  request: Request,
  response: Response,
  buildVersion: string,
  ctx: ExecutionContext,
): Promise<Response> {
  const maxAge = Number(response.headers.get("CDN-Cache-Control")?.match(/max-age=(\d+)/)?.[1] ?? 0);
  if (!maxAge || response.status !== 200 || response.headers.has("Set-Cookie")) {
    response.headers.delete("CDN-Cache-Control");
    return response;
  }
  const key = cacheKey(request, buildVersion);
  const body = new Uint8Array(await response.arrayBuffer());
  const shared = new Headers(response.headers);
  shared.delete("CDN-Cache-Control");
  shared.set("Cache-Control", `public, max-age=${maxAge}`);
  remember(key, { expiresAt: Date.now() + maxAge * 1000, headers: [...browserHeaders(response.headers, "HIT")], body });
  ctx.waitUntil(caches.default.put(key, new Response(body.slice(), { status: response.status, headers: shared })));
  return new Response(body, { status: response.status, headers: browserHeaders(response.headers, "MISS") });
}
