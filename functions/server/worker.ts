import { createRequestHandler, RouterContextProvider } from "react-router";
import { database } from "#db/client";
import { deliverEmbeddedMessages, runEmbeddedDaily } from "#platform";
import { api } from "./api/app";
import type { Env } from "./env";
import { bookmarkCookie, requestD1, simulatedObjectMs } from "./http/d1-session";
import { countedD1, countedNamespace, newTally, serverTiming } from "./http/d1-trips";
import { count } from "./http/metrics";
import { cachedPage, isCacheableRequest, storePage } from "./http/page-cache";
import { edgeContext } from "./http/request-context";
import { requestLogLine, runLogLine } from "./http/request-log";
import { withSecurityHeaders } from "./http/security-headers";
import { runPostbacks } from "./leads/postback-run";
import { purgeOldLeadLinks, purgeOldLeadSignatures } from "./leads/store";
import { purgeSessions } from "./sessions/session";

export { LineLedger, PasscodeVault } from "#platform";
export { RateLimiter } from "./durable-objects/rate-limiter";

const serverBuild = () => import("virtual:react-router/server-build");
type PageHandler = ReturnType<typeof createRequestHandler>;
// Given a function, React Router re-derives the build on every request
// (every route flattened and ranked again: about a millisecond of CPU), which
// only the dev server's hot reload needs. Built, it is derived once per isolate.
const devPages: PageHandler | undefined = import.meta.env.DEV
  ? createRequestHandler(serverBuild, import.meta.env.MODE)
  : undefined;
let builtPages: Promise<PageHandler> | undefined;
const handlePage: PageHandler = async (request, context) => {
  if (devPages) return devPages(request, context);
  builtPages ??= serverBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
  return (await builtPages)(request, context);
};
let buildVersion: string | undefined;

async function servePage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  buildVersion ??= (await serverBuild()).assets.version;
  const cacheable = isCacheableRequest(request);
  if (cacheable) {
    const hit = await cachedPage(request, buildVersion);
    if (hit) return hit;
  }
  const context = new RouterContextProvider();
  context.set(edgeContext, { env, ctx });
  let response = await handlePage(request, context);
  if (isBareNotFound(request, response)) response = await notFoundPage(request, env, ctx);
  if (cacheable && response.headers.has("CDN-Cache-Control")) return storePage(request, response, buildVersion, ctx);
  // Not shared: the edge directive goes. Without a Cache-Control of its own
  // the page is then `private, no-store` (security-headers.ts), signed in
  // (personal data) or out (the login page, the 404) alike.
  response.headers.delete("CDN-Cache-Control");
  return response;
}

/**
 * A resource route (a statement or notice PDF) that finds nothing throws a
 * bare 404 whose body is the text "null". A person who opened that address
 * gets the site's 404 page instead, still answered 404.
 */
function isBareNotFound(request: Request, response: Response): boolean {
  return (
    request.method === "GET" &&
    response.status === 404 &&
    !(response.headers.get("Content-Type") ?? "").includes("text/html") &&
    !new URL(request.url).pathname.endsWith(".data")
  );
}

/** The 404 page as the splat route renders it for an unknown path, asked with the visitor's own headers. */
async function notFoundPage(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(edgeContext, { env, ctx });
  const page = await handlePage(
    new Request(new URL("/__not-found", request.url), { headers: request.headers }),
    context,
  );
  return new Response(page.body, { status: 404, headers: page.headers });
}

export default {
  async fetch(request, env, ctx) {
    const started = Date.now();
    const { pathname } = new URL(request.url);
    const version = env.CF_VERSION_METADATA?.id ?? null;
    // Deployed, every request; in development only when asked (REQUEST_LOGS=on), so local runs stay readable.
    const log = (status: number) => {
      if (env.ENVIRONMENT !== "development" || env.REQUEST_LOGS === "on")
        console.log(requestLogLine({ method: request.method, pathname, status, ms: Date.now() - started, version }));
    };
    try {
      const response = await answer(request, env, ctx, pathname);
      log(response.status);
      return response;
    } catch (error) {
      log(500);
      throw error;
    }
  },

  async scheduled(_controller, env) {
    const started = Date.now();
    const db = database(env.DB);
    // The site's own step: expired and empty sessions (its table, its clock).
    await purgeSessions(env);
    const now = Date.now();
    await Promise.all([purgeOldLeadLinks(db, now), purgeOldLeadSignatures(db, now)]);
    // The embedded core's own step: its outbox and expired keys, then the lines whose alarm was lost.
    const report = await runEmbeddedDaily(env);
    console.log(runLogLine(report, Date.now() - started, env.CF_VERSION_METADATA?.id ?? null));
    count(env, "servicing_run", [], [report.overdue, report.queued]);
    // Then the partners' postbacks of what their leads reached (decision record 029).
    const postbacksStarted = Date.now();
    const postbacks = await runPostbacks(db, env, postbacksStarted);
    console.log(
      runLogLine(postbacks, Date.now() - postbacksStarted, env.CF_VERSION_METADATA?.id ?? null, "postbacks-run"),
    );
    count(env, "postbacks_run", [], Object.values(postbacks));
  },

  // The dispatch queue and its dead-letter queue (wrangler.toml): the embedded core's messages.
  async queue(batch, env) {
    await deliverEmbeddedMessages(batch as MessageBatch<never>, env);
  },
} satisfies ExportedHandler<Env>;

/** Every request: the API or a page, one D1 session, the security headers, the bookmark. */
async function answer(request: Request, env: Env, ctx: ExecutionContext, pathname: string): Promise<Response> {
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  // One D1 session per request: nearest-replica reads, its own writes read back (http/d1-session.ts).
  const d1 = await requestD1(env.DB, env, request);
  // In development every D1 round trip of the request is counted, and the tally answered in Server-Timing (issue 19).
  const tally = env.ENVIRONMENT === "development" ? newTally() : null;
  const served: Env = tally
    ? {
        ...env,
        DB: countedD1(d1.db, tally),
        RATE_LIMITER: countedNamespace(env.RATE_LIMITER, tally, "RateLimiter"),
        PASSCODES: countedNamespace(env.PASSCODES, tally, "PasscodeVault"),
        ...(env.LINES ? { LINES: countedNamespace(env.LINES, tally, "LineLedger", simulatedObjectMs(env)) } : {}),
      }
    : { ...env, DB: d1.db };
  // Every method goes to React Router (forms post to route actions).
  const response = withSecurityHeaders(
    isApi ? await api.fetch(request, served, ctx) : await servePage(request, served, ctx),
  );
  const bookmark = bookmarkCookie(request, response, d1);
  if (bookmark) response.headers.append("Set-Cookie", bookmark);
  if (tally) response.headers.append("Server-Timing", serverTiming(tally));
  return response;
}
