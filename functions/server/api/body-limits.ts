import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { ClientErrorStatusCode } from "hono/utils/http-status";
import * as v from "valibot";
import { MAX_BODY_BYTES as MAX_LEAD_BYTES } from "./lead-auth";
import type { ApiEnv } from "./types";

/**
 * Request bodies on /api (issue 14, item 9): each route reads at most what
 * its real callers send, so a 5 MB post is refused with 413 before it is
 * parsed (from Content-Length when there is one, else while it streams in,
 * reading no further than the cap), a body that is not JSON is
 * 415, and JSON that does not parse or has the wrong shape is 400. Never a
 * 500: the caller's mistake is not our failure.
 */

const KB = 1024;

const LEADS = /^\/api\/leads\/?$/;
/** Providers post form-encoded reports (Twilio), checked by their signature before they are read. */
const WEBHOOKS = /^\/api\/webhooks\//;
/** A mailbox provider's one-click unsubscribe (RFC 8058) posts a form: `List-Unsubscribe=One-Click`. */
const UNSUBSCRIBE = /^\/api\/unsubscribe\//;

const CLIENT_ERRORS: Partial<Record<ClientErrorStatusCode, string>> = {
  400: "The request body is not valid JSON.",
  413: "The request body is too large.",
  415: "Send the body as JSON (Content-Type: application/json).",
};

/**
 * The cap per route, the first match wins. Sized from the largest real body
 * with room to spare: a passkey registration carries the authenticator's
 * attestation (certificate chains can take several KB), a sign-in only an
 * assertion; a lead has its own documented 16 KB (docs/partners.md).
 */
const CAPS: ReadonlyArray<readonly [RegExp, number]> = [
  [LEADS, MAX_LEAD_BYTES],
  // A delivery report or an inbound text: a few dozen short fields.
  [WEBHOOKS, 16 * KB],
  [/^\/api\/passkeys\/register\/verify$/, 64 * KB],
  [/^\/api\/passkeys\/login\/verify$/, 16 * KB],
  // Development tools: a few small fields.
  [/^\/api\/dev\//, 4 * KB],
];

/** Everything else: at most a name or an empty object ({}), or no body at all (GET). */
const DEFAULT_CAP = 1 * KB;

export function bodyCapFor(path: string): number {
  return CAPS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_CAP;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** A request that carries bytes (an empty post without Content-Type is no body). */
function hasBody(request: Request): boolean {
  const length = request.headers.get("Content-Length");
  return length === null ? request.body !== null : Number(length) > 0;
}

/**
 * A body without Content-Length (a chunked upload), read up to the cap: the
 * bytes when it fits, or the reader, stopped past the cap, when it does not.
 */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  cap: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { over: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) return { over: reader };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

/**
 * Reads and discards what is left of a body nobody read. Only in
 * development: local workerd's proxy answers a caller whose upload was left
 * unread with "Network connection lost" (a 500 of its own;
 * cloudflare/workers-sdk#15709), so a person trying a 5 MB post on
 * `npm start` would see a 500 where the Worker said 413. Deployed, the edge
 * takes care of the rest of the upload and nothing is read.
 */
async function drainUnread(request: Request, reader?: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    if (reader) while (!(await reader.read()).done);
    else if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream());
  } catch {
    // The caller went away: nothing left to keep.
  }
}

/**
 * JSON only (except /api/leads and the providers' /api/webhooks, whose
 * signatures are checked before anything else and which answer their own refusals, and the sealed
 * one-click /api/unsubscribe), from the headers alone; then the
 * route's size cap: from Content-Length when there is one (never read past
 * it: the runtime holds the body to it), else while the body streams in.
 */
export const apiBodies = createMiddleware<ApiEnv>(async (c, next) => {
  const request = c.req.raw;
  let stopped: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const path = c.req.path;
    if (
      !LEADS.test(path) &&
      !WEBHOOKS.test(path) &&
      !UNSUBSCRIBE.test(path) &&
      hasBody(request) &&
      !JSON_MEDIA_TYPE.test(c.req.header("Content-Type") ?? "")
    )
      return c.json({ error: CLIENT_ERRORS[415] }, 415);
    const cap = bodyCapFor(path);
    const length = request.headers.get("Content-Length");
    if (length !== null && Number(length) > cap) return c.json({ error: CLIENT_ERRORS[413] }, 413);
    if (length === null && request.body) {
      const read = await readCapped(request.body, cap);
      if ("over" in read) {
        stopped = read.over;
        return c.json({ error: CLIENT_ERRORS[413] }, 413);
      }
      // The handlers read the bytes already taken off the stream.
      c.req.raw = new Request(request, { body: read.bytes });
    }
    await next();
  } finally {
    if (c.env.ENVIRONMENT === "development") await drainUnread(request, stopped);
  }
});

/**
 * A route that takes no body: nothing, or an empty JSON object (what the
 * site's scripts send). Checked by hand: valibot's object schemas take an
 * array too.
 */
export const NoBody = v.custom<Record<string, never>>(
  (input) => typeof input === "object" && input !== null && !Array.isArray(input) && Object.keys(input).length === 0,
  "This request takes no body.",
);

/** The validators' hook on /api: the wrong shape is 400, with a message and no echo of the input. */
export function refuseInvalid(result: { success: boolean }, c: Context) {
  if (!result.success) return c.json({ error: "The request is not valid." }, 400);
}

/**
 * For the API's onError: a client error Hono raised (a validator's
 * "Malformed JSON", a cap) keeps its 4xx status as a JSON answer; null for
 * anything else, which is ours (500).
 */
export function clientErrorAnswer(err: unknown, c: Context): Response | null {
  if (!(err instanceof HTTPException) || err.status < 400 || err.status >= 500) return null;
  const status = err.status as ClientErrorStatusCode;
  return c.json({ error: CLIENT_ERRORS[status] ?? "The request was refused." }, status);
}
