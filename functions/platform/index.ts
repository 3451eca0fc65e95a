import type { Env } from "../env";
import { PlatformClient, type TokenHolder } from "./client";
import { embeddedTransport } from "./embedded-transport";
import { upstreamTimeoutMs, upstreamTransport } from "./upstream-transport";

export { PlatformClient, memoryTokenHolder, type TokenHolder } from "./client";
export * as catalogue from "./catalogue/index";
export { PlatformError } from "./errors";

import { EMBEDDED_MERCHANT_ID } from "./merchant";

export { EMBEDDED_MERCHANT_ID };

/** Upstream platform mode: both PLATFORM_API_BASE and PLATFORM_MERCHANT_ID are set. */
export function usesUpstream<E extends Pick<Env, "PLATFORM_API_BASE" | "PLATFORM_MERCHANT_ID">>(env: E): env is E & { PLATFORM_API_BASE: string; PLATFORM_MERCHANT_ID: string } {
  return Boolean(env.PLATFORM_API_BASE && env.PLATFORM_MERCHANT_ID);
}

/**
 * The platform client for this environment: the upstream API when
 * PLATFORM_API_BASE and PLATFORM_MERCHANT_ID are set, else the embedded
 * servicing core in-process (the default, so `npm start` needs nothing else).
 */
export function platformClient(env: Env, tokens: TokenHolder, ctx?: ExecutionContext): PlatformClient {
  if (usesUpstream(env)) {
    return new PlatformClient(upstreamTransport({ baseUrl: env.PLATFORM_API_BASE, timeoutMs: upstreamTimeoutMs(env) }), tokens, env.PLATFORM_MERCHANT_ID);
  }
  return new PlatformClient(embeddedTransport(env, ctx), tokens, EMBEDDED_MERCHANT_ID);
}
