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
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
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

function toBrowser(body: BodyInit, init: ResponseInit, tier: string): Response {
  const response = new Response(body, init);
  response.headers.set("Cache-Control", "no-cache");
  response.headers.delete("CDN-Cache-Control");
  response.headers.set("X-Edge-Cache", tier);
  return response;
}

function remember(key: string, stored: Stored): void {
  if (memory.size >= MEMORY_LIMIT) memory.delete(memory.keys().next().value!);
  memory.set(key, stored);
}

export async function cachedPage(request: Request, buildVersion: string, now = Date.now()): Promise<Response | undefined> {
  const key = cacheKey(request, buildVersion);
  const inMemory = memory.get(key);
  if (inMemory && inMemory.expiresAt > now) return toBrowser(inMemory.body, inMemory, "HIT");
  memory.delete(key);
  const hit = await caches.default.match(key);
  if (!hit) return undefined;
  return toBrowser(hit.body ?? "", hit, "HIT");
}

/** Stores a cacheable page in both tiers and returns the copy for the browser. */
export async function storePage(request: Request, response: Response, buildVersion: string, ctx: ExecutionContext): Promise<Response> {
  const maxAge = Number(response.headers.get("CDN-Cache-Control")?.match(/max-age=(\d+)/)?.[1] ?? 0);
  if (!maxAge || response.status !== 200 || response.headers.has("Set-Cookie")) return response;
  const key = cacheKey(request, buildVersion);
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.delete("CDN-Cache-Control");
  headers.set("Cache-Control", `public, max-age=${maxAge}`);
  remember(key, { expiresAt: Date.now() + maxAge * 1000, status: response.status, headers: [...headers], body });
  ctx.waitUntil(caches.default.put(key, new Response(body.slice(0), { status: response.status, headers })));
  return toBrowser(body, response, "MISS");
}
