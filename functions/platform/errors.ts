/**
 * What can go wrong talking to the platform, in terms a page can act on.
 * - unavailable: network failure, timeout or a 5xx: "try again".
 * - unauthorized: the token is missing, expired or not this customer's.
 * - rejected: the platform refused the request (400/404/409/412/422), with a message.
 * - invalid_answer: the answer did not match the catalogue's schema.
 */
export type PlatformErrorKind = "unavailable" | "unauthorized" | "rejected" | "invalid_answer";

export class PlatformError extends Error {
  override readonly name = "PlatformError";
  constructor(
    readonly kind: PlatformErrorKind,
    readonly path: string,
    message: string,
    readonly status = 0,
    readonly fields: Record<string, string> = {},
  ) {
    super(`${path}: ${message}`);
  }
}

/** The JSON error body the platform answers with (both transports read it the same way). */
export interface PlatformErrorBody {
  error: string;
  fields?: Record<string, string>;
  /** The caller's token when it was accepted (and perhaps rotated) before the refusal. */
  tokenToUse?: string;
}
