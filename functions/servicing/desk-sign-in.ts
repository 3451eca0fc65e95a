import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, users } from "#db/schema/servicing";
import { ServicingError } from "./context";
import { auditInsert, type DeskActor, requireActingRole } from "./desk";
import { maskEmail } from "./messages";
import { newResetLink, RESET_LINK_MS, sendResetLink } from "./reset-links";

/**
 * SEND A RESET LINK from the servicing desk (issue 20): the borrower, who
 * proved who they are on the call, gets the same e-mail as Forgot Password,
 * at the address on file (never one read out on the call). The link's row
 * and the audit row are one batch, once per form key; the e-mail goes only
 * when both were written.
 */
export async function deskSendResetLink(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: { customerId: string; reason: string; key: string },
  resetUrlBase: string,
  now: number,
): Promise<{ sent: boolean; to: string }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for sending a reset link.", { reason: "Required." });
  const [customer] = await db
    .select({ id: customers.id, firstName: customers.firstName, email: customers.email, user: users.customerId })
    .from(customers)
    .leftJoin(users, eq(users.customerId, customers.id))
    .where(eq(customers.id, input.customerId));
  if (!customer) throw new ServicingError(404, "No such customer.");
  if (!customer.user)
    throw new ServicingError(422, "This borrower has no password yet: they create one from Create Password.", {
      reason: "No password yet.",
    });
  const { row, link } = await newResetLink(customer.id, resetUrlBase, now);
  const to = maskEmail(customer.email);
  const entry = {
    action: "send reset link",
    customerId: customer.id,
    reason,
    after: { to, expiresAt: new Date(now + RESET_LINK_MS).toISOString() },
  };
  const [, audited] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO password_resets (token_hash, customer_id, expires_at) SELECT ?, ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM desk_audit WHERE actor = ? AND idempotency_key = ?)`,
      )
      .bind(row.tokenHash, row.customerId, row.expiresAt, actor.email, input.key),
    auditInsert(d1, actor, entry, input.key, now),
  ]);
  const sent = audited?.meta.changes === 1;
  if (sent) await sendResetLink(db, customer, link);
  return { sent, to };
}
