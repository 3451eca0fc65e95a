import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { idempotencyKeys } from "#db/schema/servicing";
import { sha256Hex } from "#domain/tokens";
import { ServicingError } from "./context";
import { type GuardedWrite, updateRows } from "./guarded";

/**
 * Idempotency keys with Stripe's semantics: the first request with a key is
 * processed and its answer (success or refusal) recorded; later requests with
 * the same key and parameters get that answer again; the same key with other
 * parameters is refused; a request that races the first gets 409 while it runs.
 */
export const KEY_RETENTION_MS = 48 * 3_600_000;

export type Replay = { kind: "replay"; status: number; body: unknown };
export type Claim = { kind: "new"; requestHash: string } | Replay;

/** A key's shape: 8-100 letters, digits, - or _; the 400 refusal otherwise. */
export function keyShapeProblem(key: string): ServicingError | null {
  return /^[\w-]{8,100}$/.test(key)
    ? null
    : new ServicingError(400, "Idempotency-Key must be 8-100 letters, digits, - or _.", {
        "Idempotency-Key": "Invalid.",
      });
}

/** The fingerprint of a request's parameters: the same key with other parameters is refused. */
export const requestHashOf = (request: unknown) => sha256Hex(JSON.stringify(request));

/**
 * The claim as a query for a D1 batch: a new row for the key (returned), or
 * nothing when the key is taken or `customerId` finds no customer (SQL for a
 * refused token, or null: a key the call refuses claims nothing).
 */
export function claimStatement(
  db: Database,
  customerId: string | SQL | null,
  key: string,
  requestHash: string,
  now: number,
) {
  // INSERT ... SELECT ... WHERE (SQLite needs the WHERE before ON CONFLICT); the columns in the table's order.
  return db
    .insert(idempotencyKeys)
    .select(sql`SELECT ${customerId}, ${key}, ${requestHash}, NULL, ${now} WHERE ${customerId} IS NOT NULL`)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
}

/** A key someone claimed first: their answer again, or a refusal (other parameters, or still running). */
export async function existingClaim(
  db: Database,
  customerId: string,
  key: string,
  requestHash: string,
): Promise<Replay> {
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

export async function claimKey(
  db: Database,
  customerId: string,
  key: string,
  request: unknown,
  now: number,
): Promise<Claim> {
  const problem = keyShapeProblem(key);
  if (problem) throw problem;
  const requestHash = await requestHashOf(request);
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ customerId, key, requestHash, responseJson: null, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 1) return { kind: "new", requestHash };
  return existingClaim(db, customerId, key, requestHash);
}

/**
 * The recorded answer as one of a posting's guarded writes: recorded in the
 * same batch as the money movement, so a posting is never written without
 * its answer (nor the answer without the posting).
 */
export function answerWrite(customerId: string, key: string, status: number, body: unknown): GuardedWrite {
  return updateRows(
    "idempotency_keys",
    { response_json: JSON.stringify({ status, body }) },
    "customer_id = ? AND key = ?",
    [customerId, key],
  );
}

/**
 * The key and its answer inserted together, as one of a posting's guarded writes: where the posting
 * is one transaction (a line's object), there is no claimed-but-unanswered key for a crash to leave
 * behind. A plain INSERT, so a key someone else recorded first fails the whole batch, and the caller
 * answers with theirs.
 */
export function keyWithAnswer(
  customerId: string,
  key: string,
  requestHash: string,
  now: number,
  status: number,
  body: unknown,
): GuardedWrite {
  return {
    sql: "INSERT INTO idempotency_keys (customer_id, key, request_hash, response_json, created_at) SELECT ?, ?, ?, ?, ? WHERE",
    params: [customerId, key, requestHash, JSON.stringify({ status, body }), now],
  };
}

/** A batch that failed because the key was recorded first (keyWithAnswer). */
export const keyTaken = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: idempotency_keys/.test(error.message);

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
