import type { LineEvent } from "./events";
import type { QueuedMessage } from "./message";
import type { LineWake } from "./objects/types";
import type { PasscodeVault } from "./passcode-vault";

/**
 * What the servicing core reads from the Worker hosting it (the product's
 * Worker when embedded, platform.wrangler.toml when served alone): its
 * database, its passcode vault, its key for personal data, and which
 * environment it runs in. The site's Env includes these (functions/server/env.ts).
 */
export interface CoreEnv {
  DB: D1Database;
  PASSCODES: DurableObjectNamespace<PasscodeVault>;
  ENVIRONMENT: "development" | "preview" | "production";
  /** Secret: derives the SSN encryption and look-up keys (>= 32 characters). */
  SSN_ENCRYPTION_KEY: string;
  /**
   * The dispatch queue's producer (issue 18); its consumer is the Worker's
   * queue handler. The platform served alone has none: it delivers at once.
   */
  MESSAGES?: Queue<QueuedMessage>;
  /** Each line of credit's own Durable Object, where its ledger lives (decision record 032). */
  LINES: DurableObjectNamespace;
  /** The sweeper's queue: lines whose alarm is missing or overdue, woken in bounded batches. */
  LINE_WAKE?: Queue<LineWake>;
  /** The lines' events, handed over at least once; consumers are idempotent by event id. */
  LINE_EVENTS?: Queue<LineEvent>;
  /** Development only: the distance bench's round trip to D1's primary, as a line's object waits it (objects/distance.ts). */
  D1_SIMULATED_RTT_MS?: string;
  /** The site's public origin: where providers post their delivery reports. */
  SITE_ORIGIN?: string;
  /** Texts and calls through Twilio (all three set), else the outbox. The token is a secret. */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM_NUMBER?: string;
  /** E-mail through Resend (both set), else the outbox. The key is a secret. */
  RESEND_API_KEY?: string;
  EMAIL_FROM?: string;
  /** Secret: signs Resend's delivery and bounce events to /api/webhooks/resend (`whsec_...`). */
  RESEND_WEBHOOK_SECRET?: string;
  /** Tests only: a local stand-in for the provider's API. */
  TWILIO_API_BASE?: string;
  RESEND_API_BASE?: string;
}
