import { type MiddlewareFunction, redirect } from "react-router";
import { clientInfo } from "../http/client-info";
import { rateLimit, tooManyRequests } from "../http/rate-limit";
import { edgeContext, sessionContext } from "../http/request-context";
import { expiredLegacyCookie, expiredSessionCookie, hasLegacyCookie, readCookie, SESSION_COOKIE } from "./cookie";
import { adoptEarlyCall, type EarlyCallFor, startEarlyCall } from "./early-call";
import { rememberToken } from "./remembered-tokens";
import { openRequestSession, SESSION_ENDED_PATH } from "./request-session";

/** Pages a session ended by its refused token may still open: the login page shows the notice, log out needs nothing. */
const OPEN_WHEN_ENDED = new Set(["/login", "/login.data", "/logout", "/logout.data"]);

/**
 * Looks the session up once per request for every loader and action (which
 * keeps its platform token alive with it), and clears the cookie of a
 * session that ended (or never existed) so the visitor is treated as signed
 * out, and served from the edge cache, again. A session whose platform
 * token the platform refused ends here with the login page's notice,
 * wherever the visitor was. Once the request is answered, the platform
 * token its calls rotated is written back, refusals included.
 *
 * `earlyCallFor` names the call a page opens with (a portal page's account
 * summary): it starts beside the lookup when this isolate remembers the
 * session's token, and counts only if the session still holds that token
 * (early-call.ts).
 */
export function pageSessionMiddleware(earlyCallFor: EarlyCallFor = () => null): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { env, ctx } = context.get(edgeContext);
    const started = startEarlyCall(env, request, ctx, earlyCallFor);
    const current = await openRequestSession(env, request, ctx);
    const early = adoptEarlyCall(started, current.session, current.tokens);
    current.early = early;
    if (current.session) rememberToken(current.session.id, current.session.data.platformToken ?? null);
    context.set(sessionContext, current);
    const stale = [
      ...(!current.session && readCookie(request, SESSION_COOKIE) !== null ? [expiredSessionCookie()] : []),
      // The cookie name of before the __Host- prefix: its sessions were ended on purpose (decision record 014).
      ...(hasLegacyCookie(request) ? [expiredLegacyCookie()] : []),
    ];
    if (current.ended === "token" && !OPEN_WHEN_ENDED.has(new URL(request.url).pathname)) {
      throw redirect(SESSION_ENDED_PATH, { headers: stale.map((cookie): [string, string] => ["Set-Cookie", cookie]) });
    }
    try {
      const response = await next();
      const setsOwn = response.headers.has("Set-Cookie");
      for (const cookie of stale)
        if (!setsOwn || cookie !== expiredSessionCookie()) response.headers.append("Set-Cookie", cookie);
      return response;
    } finally {
      // An early call nobody read may still have rotated the session's token: keep the new one.
      await early?.handOver;
      await current.tokens.persist(env);
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Every page action reads `request.formData()`, which throws on a body that
 * is not a form (another content type, none, a broken multipart or encoding):
 * such a post is the client's mistake, answered 415 or 400 here, once for
 * every action, instead of surfacing as a server error. The body is parsed
 * from a clone, so the action still reads it.
 */
async function unreadableForm(request: Request): Promise<Response | null> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    return new Response("Form posts must be application/x-www-form-urlencoded or multipart/form-data.", {
      status: 415,
    });
  }
  try {
    await request.clone().formData();
    return null;
  } catch {
    return new Response("The form could not be read.", { status: 400 });
  }
}

/**
 * Form posts: refuse cross-site submissions (an Origin that is not ours),
 * count every post against the client's IP, and refuse bodies that are not
 * readable forms.
 */
export const formPostMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const origin = request.headers.get("Origin");
  if (origin && origin !== new URL(request.url).origin) {
    return new Response("Cross-site form posts are not accepted.", { status: 403 });
  }
  const { env } = context.get(edgeContext);
  const verdict = await rateLimit(env, "formPostPerIp", clientInfo(request).ip);
  if (!verdict.allowed) {
    return tooManyRequests(verdict);
  }
  return (await unreadableForm(request)) ?? next();
};
