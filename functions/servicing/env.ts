import type { QueuedMessage } from "./message";
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
  /** The dispatch queue's producer (issue 18); its consumer is the Worker's queue handler. */
  MESSAGES: Queue<QueuedMessage>;
}
