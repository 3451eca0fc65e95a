/**
 * Who is asking, read from the edge request itself (never a third-party
 * lookup). Signatures, rate limits and applications all use this helper.
 */
export interface ClientInfo {
  ip: string;
  country: string | null;
  /** The request's country and region as ISO 3166-2 ("US-WA"), when the edge knows both. */
  region: string | null;
  userAgent: string;
}

/** Fallback when no edge header exists (a request made in-process in tests). */
const UNKNOWN_IP = "0.0.0.0";

export function clientInfo(request: Request): ClientInfo {
  return {
    ip: request.headers.get("CF-Connecting-IP")?.trim() || UNKNOWN_IP,
    // Read when asked: workerd builds `request.cf` (dozens of fields) on first access, about
    // 0.4 ms of a signed lead's CPU, and only /api/geo wants the country (issue 19).
    get country() {
      const cf = (request as Request & { cf?: { country?: unknown } }).cf;
      return typeof cf?.country === "string" && cf.country !== "" ? cf.country : null;
    },
    get region() {
      const cf = (request as Request & { cf?: { country?: unknown; regionCode?: unknown } }).cf;
      const { country, regionCode } = cf ?? {};
      return typeof country === "string" && typeof regionCode === "string" && country && regionCode
        ? `${country}-${regionCode}`
        : null;
    },
    userAgent: request.headers.get("User-Agent") ?? "",
  };
}
