/**
 * Security headers for every response. Pages get a Content-Security-Policy
 * built from the SHA-256 hashes of their own inline scripts (no nonce), so a
 * page stays cacheable at the edge and its policy stays strict.
 */

const BASE_HEADERS: Record<string, string> = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()",
};

/** For responses that are not pages (JSON, files): nothing may run or embed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function pageCsp(scriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The servicing desk's pages (decision record 021): server-rendered forms, no
 * script of any kind, forms posting only to this origin, never framed.
 */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

/** The hashes of every inline script in an HTML document, deduplicated. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const bodies = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) if (match[1]) bodies.add(match[1]);
  return Promise.all([...bodies].map(sha256Base64));
}

/**
 * Caching is always decided: what sets no policy of its own (API answers,
 * signed-in or not; the login and password pages, with their notices and
 * forms; the 404, at any address) is stored by no browser or proxy. Public
 * pages opt into the edge cache (page-cache.ts: browsers get `no-cache`),
 * public files and unchanging API answers set their own.
 */
export const DEFAULT_CACHE_CONTROL = "private, no-store";

function secure(headers: Headers): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) headers.set(name, value);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", API_CSP);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", DEFAULT_CACHE_CONTROL);
}

/** Adds the headers every response carries; keeps a CSP the page already set. */
export function withSecurityHeaders(response: Response): Response {
  try {
    // Responses this Worker built are mutable: no copy of the body on the hot path.
    secure(response.headers);
    return response;
  } catch {
    // Responses from fetch() or the cache have immutable headers.
    const copy = new Response(response.body, response);
    secure(copy.headers);
    return copy;
  }
}
