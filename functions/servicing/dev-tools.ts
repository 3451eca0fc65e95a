import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { applications, lines, messageRecords, outbox, platformTokens } from "#db/schema/servicing";
import { borrowersByEmail } from "./identity";

/**
 * Development tools' writes and reads on the core's own tables (the site's
 * /api/dev and /dev pages reach them through the core's door, never the
 * tables): a copied borrower's repayment method, the outbox, ending tokens.
 */

/** A: automatic EFT payments; K: paper check. */
export async function setRepaymentMethod(db: Database, customerId: string, repaymentMethod: "A" | "K"): Promise<void> {
  await db.batch([
    db.update(lines).set({ repaymentMethod }).where(eq(lines.customerId, customerId)),
    db.update(applications).set({ repaymentMethod }).where(eq(applications.customerId, customerId)),
  ]);
}

/** Seconds the outbox waits, at most, for the dispatch queue to hand over what was just sent. */
const SETTLE_MS = 5_000;

/**
 * Waits until the dispatch queue has delivered every message queued for the
 * outbox that was not yet tried (a retried one does not hold it up), for a
 * few seconds at most: whoever reads the outbox right after asking for a
 * passcode (a person at /dev/outbox, a browser test) reads it, not the one before.
 */
async function outboxSettled(db: Database) {
  const until = Date.now() + SETTLE_MS;
  const pending = () =>
    db
      .select({ id: messageRecords.id })
      .from(messageRecords)
      .where(
        and(eq(messageRecords.status, "queued"), eq(messageRecords.provider, "outbox"), eq(messageRecords.attempts, 0)),
      )
      .limit(1)
      .get();
  while ((await pending()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The newest messages the product "sent", newest first, once the queue has handed them over. */
export async function latestOutbox(db: Database, limit: number) {
  await outboxSettled(db);
  return db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).all();
}

/**
 * Ends every platform token of the borrowers with this e-mail address, as a
 * platform does on its side (a password changed elsewhere). False when no
 * borrower has the address.
 */
export async function endPlatformTokens(db: Database, email: string, now: number): Promise<boolean> {
  const ids = (await borrowersByEmail(db, email.toLowerCase())).map((b) => b.id);
  if (ids.length === 0) return false;
  await db
    .update(platformTokens)
    .set({ expiresAt: now })
    .where(and(inArray(platformTokens.customerId, ids), gt(platformTokens.expiresAt, now)));
  return true;
}
