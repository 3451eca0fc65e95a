import { PlatformError } from "./errors";
import { readJson, toHttpRequest, type Transport } from "./transport";

export interface UpstreamOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Real HTTP to a platform API: bearer token, a timeout, and a clear error when it fails. */
export function upstreamTransport({ baseUrl, timeoutMs = 10_000, fetch: send = (r) => fetch(r) }: UpstreamOptions): Transport {
  return async (request) => {
    const httpRequest = toHttpRequest(baseUrl, request);
    let response: Response;
    try {
      response = await send(new Request(httpRequest, { signal: AbortSignal.timeout(timeoutMs) }));
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new PlatformError("unavailable", request.path, timedOut ? `no answer within ${timeoutMs} ms` : "the platform cannot be reached");
    }
    return { status: response.status, body: await readJson(response) };
  };
}
