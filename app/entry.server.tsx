import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { DESK_CSP, inlineScriptHashes, pageCsp } from "#server/http/security-headers";
import { isDeskPath } from "./lib/desk";

const RENDER_TIMEOUT_MS = 5_000;

/**
 * Renders the whole document before answering: the policy lists the hash of
 * every inline script the page carries, so it needs the finished HTML. The
 * public pages are small, and a complete document is also what the edge
 * cache stores.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  let renderFailed = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError(error: unknown) {
      renderFailed = true;
      console.error("render error", error instanceof Error ? error.name : "unknown");
    },
  });
  await body.allReady;
  const html = await new Response(body).text();
  headers.set("Content-Type", "text/html; charset=utf-8");
  // The desk's pages carry no script, and their policy allows none (decision record 021).
  const desk = isDeskPath(new URL(request.url).pathname);
  headers.set("Content-Security-Policy", desk ? DESK_CSP : pageCsp(await inlineScriptHashes(html)));
  return new Response(html, { status: renderFailed ? 500 : status, headers });
}

/**
 * A post whose Origin is not the site's. React Router refuses such a post
 * (400) before any middleware or action runs, and hands its refusal here as
 * an error: it is a visitor's mistake or an attack, not a fault of ours.
 */
function isCrossSitePost(request: Request): boolean {
  const origin = request.headers.get("Origin");
  return (
    request.method !== "GET" && request.method !== "HEAD" && origin !== null && origin !== new URL(request.url).origin
  );
}

/** Logs server errors by kind only: requests may carry personal data. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests and deliberate 4xx answers (404s, redirects) are not failures.
  if (request.signal.aborted || isRouteErrorResponse(error) || error instanceof Response) return;
  // A refused cross-site post is worth seeing (a warning), not an error to page anyone about.
  if (isCrossSitePost(request)) return console.warn("refused cross-site post", new URL(request.url).pathname);
  console.error("server error", error instanceof Error ? `${error.name}: ${error.message}` : "unknown");
};
