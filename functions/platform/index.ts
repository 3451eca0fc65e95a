/**
 * The platform client's one door: the typed client, its two transports and
 * what the site needs from the platform besides calls (its time, the embedded
 * core's daily run and Durable Object). Pages and the site server import only
 * this file of functions/platform/ (.dependency-cruiser.cjs).
 */
import { PlatformClient, type TokenHolder } from "./client";
import { type CoreEnv, embeddedTransport } from "./embedded-transport";
import { PlatformError } from "./errors";
import type { Transport } from "./transport";
import { upstreamTimeoutMs, upstreamTransport } from "./upstream-transport";

export * as catalogue from "#domain/catalogue/index";
export { memoryTokenHolder, PlatformClient, type TokenHolder } from "./client";
export {
  deliverEmbeddedMessages,
  embeddedTransport,
  embeddedUnsubscribe,
  embeddedWebhooks,
  LineLedger,
  PasscodeVault,
  platformTime,
  runEmbeddedDaily,
} from "./embedded-transport";
export { PlatformError } from "./errors";
export type { Transport } from "./transport";

/** What the platform client reads from the environment: the upstream settings, or what the embedded core needs. */
export interface PlatformEnv extends CoreEnv {
  /** Upstream platform mode (both set); the embedded core otherwise. */
  PLATFORM_API_BASE?: string;
  PLATFORM_MERCHANT_ID?: string;
  /** Upstream only: milliseconds to wait for an answer before the call counts as unavailable (default 10 s). */
  PLATFORM_TIMEOUT_MS?: string;
  /** Workers Analytics Engine: platform failures are counted by call (issue 21). */
  METRICS?: AnalyticsEngineDataset;
}

/**
 * The platform's failures counted by call and kind (never a payload): an
 * answer of 500 or more, or no usable answer at all. Refusals (4xx) are the
 * platform working, not failing.
 */
function countedFailures(transport: Transport, metrics: AnalyticsEngineDataset | undefined): Transport {
  if (!metrics) return transport;
  const failed = (path: string, kind: string) => {
    try {
      metrics.writeDataPoint({ indexes: ["platform_error"], blobs: ["platform_error", path, kind], doubles: [1] });
    } catch {
      // best effort
    }
  };
  return async (request) => {
    try {
      const answer = await transport(request);
      if (answer.status >= 500) failed(request.path, String(answer.status));
      return answer;
    } catch (error) {
      failed(request.path, error instanceof PlatformError ? error.kind : "error");
      throw error;
    }
  };
}

import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";

export { EMBEDDED_MERCHANT_ID };

/** Upstream platform mode: both PLATFORM_API_BASE and PLATFORM_MERCHANT_ID are set. */
export function usesUpstream<E extends Pick<PlatformEnv, "PLATFORM_API_BASE" | "PLATFORM_MERCHANT_ID">>(
  env: E,
): env is E & { PLATFORM_API_BASE: string; PLATFORM_MERCHANT_ID: string } {
  return Boolean(env.PLATFORM_API_BASE && env.PLATFORM_MERCHANT_ID);
}

/**
 * The platform client for this environment: the upstream API when
 * PLATFORM_API_BASE and PLATFORM_MERCHANT_ID are set, else the embedded
 * servicing core in-process (the default, so `npm start` needs nothing else).
 */
export function platformClient(env: PlatformEnv, tokens: TokenHolder, ctx?: ExecutionContext): PlatformClient {
  if (usesUpstream(env)) {
    return new PlatformClient(
      countedFailures(
        upstreamTransport({ baseUrl: env.PLATFORM_API_BASE, timeoutMs: upstreamTimeoutMs(env) }),
        env.METRICS,
      ),
      tokens,
      env.PLATFORM_MERCHANT_ID,
    );
  }
  return new PlatformClient(countedFailures(embeddedTransport(env, ctx), env.METRICS), tokens, EMBEDDED_MERCHANT_ID);
}
