import { and, desc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { applications, lines, outbox, platformTokens } from "#db/schema/servicing";
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

/** The newest messages the product "sent", newest first. */
export function latestOutbox(db: Database, limit: number) {
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
