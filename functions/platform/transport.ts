export interface PlatformRequest {
  method: "GET" | "POST";
  /** Catalogue path, e.g. "Account/GetSummary". */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  token?: string | null;
  idempotencyKey?: string;
  /** Where the person's request came from ("US-WA"), for a call that may place their records near them. */
  clientRegion?: string;
}

export interface PlatformResponse {
  status: number;
  body: unknown;
}

/** How the client reaches a platform: in-process (embedded) or over HTTP (upstream). */
export type Transport = (request: PlatformRequest) => Promise<PlatformResponse>;

/** Builds the HTTP request both transports send, so they behave the same. */
export function toHttpRequest(base: string, request: PlatformRequest): Request {
  const url = new URL(request.path, base.endsWith("/") ? base : `${base}/`);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers({ Accept: "application/json" });
  if (request.token) headers.set("Authorization", `Bearer ${request.token}`);
  if (request.idempotencyKey) headers.set("Idempotency-Key", request.idempotencyKey);
  if (request.clientRegion) headers.set("Client-Region", request.clientRegion);
  if (request.method === "POST") headers.set("Content-Type", "application/json");
  return new Request(url, {
    method: request.method,
    headers,
    body: request.method === "POST" ? JSON.stringify(request.body ?? {}) : undefined,
  });
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { error: "The platform answered with something that is not JSON." };
  }
}
