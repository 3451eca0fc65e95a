import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers } from "#db/schema/servicing";
import { quietHoursEnd, timeZoneOf } from "#domain/rules/quiet-hours";
import type { CoreEnv } from "./env";
import type { OutgoingMessage } from "./message";

/**
 * Quiet hours at the dispatch queue (decision record 033): a text or call that is not a passcode
 * the person just asked for waits in the queue, delayed to the borrower's 8 a.m., and the consumer
 * checks again when it arrives (a retry's backoff, or a development clock moved since, may bring it
 * back inside the night). E-mail is never held.
 */

/** Whether a message keeps quiet hours: texts and calls, other than a passcode. */
export const keepsQuietHours = (message: OutgoingMessage & { category?: string }) =>
  message.channel !== "email" && message.category !== "passcode" && !message.secrets;

/** The recipient's time zone, from their state and ZIP code; Eastern (and a log line) when we cannot tell. */
export async function quietZoneOf(
  db: Database,
  message: OutgoingMessage & { category?: string },
): Promise<string | null> {
  if (!keepsQuietHours(message)) return null;
  const customer = message.customerId
    ? await db
        .select({ state: customers.state, zip: customers.zip })
        .from(customers)
        .where(eq(customers.id, message.customerId))
        .get()
    : undefined;
  const { zone, known } = timeZoneOf(customer?.state, customer?.zip);
  // No address in the log: only that the fallback was used.
  if (!known) console.warn("quiet hours: time zone unknown, Eastern used");
  return zone;
}

/** When a message for `zone` may go, if not now (null: now). */
export const heldUntil = (zone: string | null | undefined, at: number) => (zone ? quietHoursEnd(at, zone) : null);

/**
 * How long the queue holds it: until the window opens, at most the queue's own limit (12 hours).
 * In development at most a minute, so a clock moved to the morning lets it go within a minute.
 */
export function holdSeconds(until: number, at: number, env: Pick<CoreEnv, "ENVIRONMENT">): number {
  const cap = env.ENVIRONMENT === "development" ? 60 : 43_200;
  return Math.min(cap, Math.max(1, Math.ceil((until - at) / 1000)));
}
