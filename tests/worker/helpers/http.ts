import { SELF } from "cloudflare:test";
import { SESSION_COOKIE } from "#server/sessions/cookie";

/** The test origin: form posts carry it as their Origin, as a browser on the site would. */
export const ORIGIN = "https://ridgeline.test";

let lastIp = 0;
/**
 * A client IP no other request of this file uses, so per-IP limits (240 form
 * posts a minute, 300 API calls) never trip a test that is not about them.
 */
export function freshIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

export interface Caller {
  /** `__Host-rl_session=...` or nothing for a visitor without a session. */
  cookie?: string | null;
  ip?: string;
}

export interface SendOptions extends Caller {
  method?: string;
  body?: BodyInit | null;
  headers?: Record<string, string>;
  /** The Origin header; the site's own unless a test says otherwise (null: none). */
  origin?: string | null;
  /** Another host for the request's URL and Host header (a forged Host). */
  host?: string;
  /** What the edge knows of where the request came from (`request.cf`). */
  cf?: { country?: string; regionCode?: string };
}

/**
 * One request to the whole Worker (API, pages, middleware), redirects not
 * followed so a test sees where the Worker sends the visitor.
 */
export function send(path: string, options: SendOptions = {}): Promise<Response> {
  const method = options.method ?? "GET";
  const headers = new Headers(options.headers);
  headers.set("CF-Connecting-IP", options.ip ?? freshIp());
  if (options.cookie) headers.set("Cookie", options.cookie);
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  if (origin && method !== "GET" && method !== "HEAD") headers.set("Origin", origin);
  const body = method === "GET" || method === "HEAD" ? null : (options.body ?? null);
  if (options.host) headers.set("Host", options.host);
  const base = options.host ? `https://${options.host}` : ORIGIN;
  return SELF.fetch(`${base}${path}`, {
    method,
    headers,
    body,
    redirect: "manual",
    ...(options.cf ? { cf: options.cf } : {}),
  });
}

/** A form post as a browser makes it (urlencoded, same origin). */
export function postForm(
  path: string,
  fields: Record<string, string>,
  caller: Caller & Pick<SendOptions, "origin" | "host" | "cf"> = {},
): Promise<Response> {
  return send(path, {
    ...caller,
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** The session cookie a response sets, as a request's Cookie header value. */
export function sessionCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  return null;
}

/** Where a redirect points (path only), or null when the response is not a redirect. */
export function redirectPath(response: Response): string | null {
  const location = response.headers.get("Location");
  if (!location || response.status < 300 || response.status >= 400) return null;
  const url = new URL(location, ORIGIN);
  return url.pathname + url.search;
}

/**
 * Where a page or React Router `.data` request sends the visitor: a plain
 * redirect's Location, or the target of a single-fetch redirect (a 202 whose
 * turbo-stream body says `"redirect","/login"`). Null when it sends nowhere.
 */
export async function sentTo(response: Response): Promise<string | null> {
  const plain = redirectPath(response);
  if (plain) return plain;
  if (response.status !== 202) return null;
  const match = /"redirect","([^"]+)"/.exec(await response.clone().text());
  return match ? match[1]! : null;
}
