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
    // A timer of our own, raced against the call: AbortSignal.timeout's signal is held only weakly (a
    // collected signal never fires: a test waited 5 and 30 s), and a fetch that ignores its signal still ends.
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const timedOut = new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError");
        controller.abort(timedOut);
        reject(timedOut);
      }, timeoutMs);
    });
    let response: Response;
    try {
      response = await Promise.race([send(new Request(httpRequest, { signal: controller.signal })), deadline]);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PlatformError(
        "unavailable",
        request.path,
        timedOut ? `no answer within ${timeoutMs} ms` : "the platform cannot be reached",
      );
    } finally {
      clearTimeout(timer);
    }
    return { status: response.status, body: await readJson(response) };
  };
}
