/**
 * The one cookie the product sets: an opaque session id. The `__Host-`
 * prefix makes the browser accept it only with Secure, Path=/ and no
 * Domain, from this very host: a sibling sub-domain or a plain-http page
 * cannot plant or overwrite it (session fixation). Chromium and Firefox
 * count http://localhost as secure, so development and the browser tests
 * keep it too.
 */
export const SESSION_COOKIE = "__Host-rl_session";

/**
 * The name before the prefix. Its sessions are ended on purpose, not read
 * (decision record 014): a request still carrying it has it cleared.
 */
export const LEGACY_SESSION_COOKIE = "rl_session";

/** Each request's cookies, parsed once: a request asks for them several times (its D1 session, its session, the response's cookies). */
const parsed = new WeakMap<Request, Map<string, string | null>>();

export function readCookie(request: Request, name: string): string | null {
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = parseCookies(request.headers.get("Cookie") ?? "");
    parsed.set(request, cookies);
  }
  return cookies.get(name) ?? null;
}

/** The first value of each name; a malformed value is no value (and no reason for a 500). */
function parseCookies(header: string): Map<string, string | null> {
  const cookies = new Map<string, string | null>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      cookies.set(name, null);
    }
  }
  return cookies;
}

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";

export function sessionCookie(id: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(id)}; ${ATTRIBUTES}; Max-Age=${maxAgeSeconds}`;
}

export function expiredSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
}

/** Clears the cookie of before the `__Host-` prefix. */
export function expiredLegacyCookie(): string {
  return `${LEGACY_SESSION_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
}

export function hasLegacyCookie(request: Request): boolean {
  return readCookie(request, LEGACY_SESSION_COOKIE) !== null;
}

/** Either name: such a request is served by the Worker (never the shared cache), which clears what is stale. */
export function hasSessionCookie(request: Request): boolean {
  return readCookie(request, SESSION_COOKIE) !== null || hasLegacyCookie(request);
}
