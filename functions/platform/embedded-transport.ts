import type { Env } from "../env";
import { servicingApp } from "../servicing/app";
import { readJson, toHttpRequest, type Transport } from "./transport";

/** An address no network request can reach: the embedded platform is in-process only. */
const EMBEDDED_BASE = "http://embedded.platform.invalid/";

/**
 * The embedded servicing core, called in-process: the same HTTP request an
 * upstream platform would get, handed straight to its Hono app. It is not
 * mounted on any public route.
 */
export function embeddedTransport(env: Env, ctx?: ExecutionContext): Transport {
  return async (request) => {
    const response = await servicingApp.fetch(toHttpRequest(EMBEDDED_BASE, request), env, ctx);
    return { status: response.status, body: await readJson(response) };
  };
}
