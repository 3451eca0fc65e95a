/**
 * Who is asking, read from the edge request itself (never a third-party
 * lookup). Signatures, rate limits and applications all use this helper.
 */
export interface ClientInfo {
  ip: string;
  country: string | null;
  userAgent: string;
}

/** Fallback when no edge header exists (a request made in-process in tests). */
const UNKNOWN_IP = "0.0.0.0";

export function clientInfo(request: Request): ClientInfo {
  const cf = (request as Request & { cf?: { country?: unknown } }).cf;
  const country = typeof cf?.country === "string" && cf.country !== "" ? cf.country : null;
  return {
    ip: request.headers.get("CF-Connecting-IP")?.trim() || UNKNOWN_IP,
    country,
    userAgent: request.headers.get("User-Agent") ?? "",
  };
}
