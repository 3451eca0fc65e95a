import { and, eq, lt } from "drizzle-orm";
import type { Database } from "#db/client";
import { idempotencyKeys } from "#db/schema/servicing";
import { sha256Hex } from "#domain/tokens";
import { ServicingError } from "./context";

/**
 * Idempotency keys with Stripe's semantics: the first request with a key is
 * processed and its answer (success or refusal) recorded; later requests with
 * the same key and parameters get that answer again; the same key with other
 * parameters is refused; a request that races the first gets 409 while it runs.
 */
export const KEY_RETENTION_MS = 48 * 3_600_000;

export type Claim = { kind: "new"; requestHash: string } | { kind: "replay"; status: number; body: unknown };

export async function claimKey(
  db: Database,
  customerId: string,
  key: string,
  request: unknown,
  now: number,
): Promise<Claim> {
  if (!/^[\w-]{8,100}$/.test(key))
    throw new ServicingError(400, "Idempotency-Key must be 8-100 letters, digits, - or _.", {
      "Idempotency-Key": "Invalid.",
    });
  const requestHash = await sha256Hex(JSON.stringify(request));
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ customerId, key, requestHash, responseJson: null, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: "new", requestHash };
  const existing = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)))
    .get();
  if (!existing) throw new ServicingError(409, "The request is still being processed. Try again shortly.");
  if (existing.requestHash !== requestHash)
    throw new ServicingError(422, "This Idempotency-Key was already used with different parameters.");
  if (existing.responseJson === null)
    throw new ServicingError(409, "A request with this Idempotency-Key is still being processed.");
  const { status, body } = JSON.parse(existing.responseJson) as { status: number; body: unknown };
  return { kind: "replay", status, body };
}

export async function recordAnswer(
  db: Database,
  customerId: string,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseJson: JSON.stringify({ status, body }) })
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
}

/** A failure we did not answer (a crash) must not pin the key: the caller may retry. */
export async function releaseKey(db: Database, customerId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
}

export async function purgeOldKeys(db: Database, now: number): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - KEY_RETENTION_MS));
}
