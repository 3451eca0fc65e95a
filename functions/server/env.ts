import type { PlatformEnv } from "#platform";
import type { RateLimiter } from "./durable-objects/rate-limiter";
import type { DistanceEnv } from "./http/d1-session";

/**
 * Bindings, vars and secrets every environment of wrangler.toml provides:
 * the platform client's (the upstream settings, or the embedded core's
 * bindings and key: functions/servicing/env.ts) and the site's own below.
 */
export interface Env extends PlatformEnv, DistanceEnv {
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /**
   * The site's own public origin (https://ridgelinecredit.example): links in
   * partner answers and e-mails are built from it, never from the Host header.
   */
  SITE_ORIGIN: string;
  /** The deployed version's id and tag (the commit it was built from; wrangler.toml [version_metadata]). */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** Workers Analytics Engine: the counters of functions/server/http/metrics.ts. */
  METRICS?: AnalyticsEngineDataset;
  /** Development only: "on" logs each request's JSON line as deployed Workers do (functions/server/http/request-log.ts). */
  REQUEST_LOGS?: string;
  /**
   * Secret: the site's own key (>= 32 characters) sealing what session rows
   * keep (the platform token, the application draft); never the servicing
   * core's key (decision record 014).
   */
  SESSION_SEAL_KEY: string;
  /**
   * The servicing desk (decision record 021): Cloudflare Access's issuer (the
   * team domain) and the Access application's audience tag; optionally the
   * key set itself (JSON). Without issuer and audience the desk is closed.
   */
  DESK_ACCESS_ISSUER?: string;
  DESK_ACCESS_AUD?: string;
  DESK_ACCESS_JWKS?: string;
  /** Development only (.dev.vars): signs the desk's development sign-in. */
  DESK_DEV_KEY?: string;
  /** Passkeys: the relying-party id and the allowed origins (comma-separated), per environment. */
  WEBAUTHN_RP_ID: string;
  WEBAUTHN_ORIGINS: string;
  /*
   * Lead partners' signing secrets are secrets named PARTNER_SECRET_<PARTNER ID>,
   * plus PARTNER_NEXT_SECRET_<PARTNER ID> during a rotation (decision record
   * 010), read by name in functions/server/leads/partners.ts.
   */
}
