import type { Database } from "#db/client";
import { passwordResets } from "#db/schema/servicing";
import { randomToken, sha256Hex } from "#domain/tokens";
import { outgoingFor } from "./outgoing";
import { templates } from "./templates";

/** How long a reset link works. */
export const RESET_LINK_MS = 30 * 60_000;

/** A new reset link's row (only the token's hash is kept) and the link itself, to be sent once the row is written. */
export async function newResetLink(customerId: string, resetUrlBase: string, now: number) {
  const token = randomToken();
  const link = new URL(resetUrlBase);
  link.searchParams.set("token", token);
  const row = { tokenHash: await sha256Hex(token), customerId, expiresAt: now + RESET_LINK_MS };
  return { row, link: link.toString() };
}

/**
 * E-mails the link. It is a secret of the message: it travels on the queue
 * to the provider, and rests in the outbox in development only.
 */
export async function sendResetLink(
  db: Database,
  to: { id: string; firstName: string; email: string },
  link: string,
): Promise<void> {
  await outgoingFor(db).send(templates.resetLink(to, link));
}

/** Forgot password: the row, then the e-mail. */
export async function issueResetLink(
  db: Database,
  to: { id: string; firstName: string; email: string },
  resetUrlBase: string,
  now: number,
): Promise<void> {
  const { row, link } = await newResetLink(to.id, resetUrlBase, now);
  await db.insert(passwordResets).values(row);
  await sendResetLink(db, to, link);
}
