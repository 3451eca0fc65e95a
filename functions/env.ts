import type { PasscodeVault } from "./durable-objects/passcode-vault";
import type { RateLimiter } from "./durable-objects/rate-limiter";

/** Bindings, vars and secrets every environment of wrangler.toml provides. */
export interface Env {
  DB: D1Database;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  PASSCODES: DurableObjectNamespace<PasscodeVault>;
  ENVIRONMENT: "development" | "preview" | "production";
  /** Secret: derives the SSN encryption and look-up keys (>= 32 characters). */
  SSN_ENCRYPTION_KEY: string;
  /**
   * The site's own public origin (https://ridgelinecredit.example): links in
   * partner answers and e-mails are built from it, never from the Host header.
   */
  SITE_ORIGIN: string;
  /**
   * Secret: the site's own key (>= 32 characters) sealing what session rows
   * keep (the platform token, the application draft); never the servicing
   * core's key (decision record 014).
   */
  SESSION_SEAL_KEY: string;
  /** Passkeys: the relying-party id and the allowed origins (comma-separated), per environment. */
  WEBAUTHN_RP_ID: string;
  WEBAUTHN_ORIGINS: string;
  /*
   * Lead partners' signing secrets are secrets named PARTNER_SECRET_<PARTNER ID>,
   * plus PARTNER_NEXT_SECRET_<PARTNER ID> during a rotation (decision record
   * 010), read by name in functions/leads/partners.ts.
   */
  /** Upstream platform mode (both set); the embedded core otherwise. */
  PLATFORM_API_BASE?: string;
  PLATFORM_MERCHANT_ID?: string;
  /** Upstream only: milliseconds to wait for an answer before the call counts as unavailable (default 10 s). */
  PLATFORM_TIMEOUT_MS?: string;
}
