import { PlatformError } from "./errors";
import { readJson, type Transport, toHttpRequest } from "./transport";

/** How long a call may take before it counts as unavailable, unless PLATFORM_TIMEOUT_MS says otherwise. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The timeout a deployment asks for: PLATFORM_TIMEOUT_MS when it is a positive number (the fault tests shorten it), else 10 s. */
export function upstreamTimeoutMs(env: { PLATFORM_TIMEOUT_MS?: string }): number {
  const ms = Number(env.PLATFORM_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_TIMEOUT_MS;
}

export interface UpstreamOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Real HTTP to a platform API: bearer token, a timeout, and a clear error when it fails. */
export function upstreamTransport({
  baseUrl,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  fetch: send = (r) => fetch(r),
}: UpstreamOptions): Transport {
  return async (request) => {
    const httpRequest = toHttpRequest(baseUrl, request);
    let response: Response;
    try {
      response = await send(new Request(httpRequest, { signal: AbortSignal.timeout(timeoutMs) }));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PlatformError(
        "unavailable",
        request.path,
        timedOut ? `no answer within ${timeoutMs} ms` : "the platform cannot be reached",
      );
    }
    return { status: response.status, body: await readJson(response) };
  };
}
