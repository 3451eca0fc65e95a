import type { SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { type Caller, requireCustomer, type ServicingContext, ServicingError } from "./context";
import { callerOf, tokenCustomerId, tokenRowQuery } from "./tokens";

type Reads = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
type TokenRow = Parameters<typeof callerOf>[1];

/**
 * A customer call's reads in one D1 batch with its token check (issue 19:
 * the token and the data in one round trip, not two). Every read keys on the
 * token's customer as SQL, so a token that is unknown, expired or not a
 * customer's reads nothing, and the call is refused as the middleware would
 * (401, 403). A call whose token was already checked keys on the customer id.
 */
export async function readAsCustomer<T extends Reads>(
  c: ServicingContext,
  reads: (customerId: string | SQL) => T,
): Promise<BatchResponse<T>> {
  const credential = c.var.credential;
  if (!credential) return c.var.db.batch(reads(requireCustomer(c)));
  const now = c.var.now.getTime();
  return withTokenRow(c, reads(tokenCustomerId(credential.tokenHash, now)), "customer");
}

/**
 * A merchant-level call's reads in one D1 batch with its token check: reads
 * that do not depend on who calls (ProcessApplication's look-ups), thrown
 * away when the token is refused (401), as the middleware would refuse it.
 */
export async function readAsCaller<T extends Reads>(c: ServicingContext, reads: T): Promise<BatchResponse<T>> {
  if (!c.var.credential) return c.var.db.batch(reads);
  return withTokenRow(c, reads, "merchant");
}

async function withTokenRow<T extends Reads>(
  c: ServicingContext,
  reads: T,
  level: "customer" | "merchant",
): Promise<BatchResponse<T>> {
  const db = c.var.db;
  const credential = c.var.credential!;
  const now = c.var.now.getTime();
  const [tokenRows, ...rest] = (await db.batch([
    tokenRowQuery(db, credential.tokenHash, now),
    ...reads,
  ])) as unknown as [TokenRow[], ...unknown[]];
  const row = tokenRows[0];
  if (!row) throw new ServicingError(401, "The token is missing, unknown or expired.");
  if (level === "customer" && (row.kind !== "customer" || !row.customerId))
    throw new ServicingError(403, "A customer token is required.");
  // The batch may have claimed an Idempotency-Key: a failed rotation must not strand it, so the
  // token, still live, is answered as it is and the next call rotates it.
  const caller = await callerOf(db, row, credential.token, now).catch(
    (): Caller => ({ kind: row.kind as Caller["kind"], customerId: row.customerId, tokenToUse: credential.token }),
  );
  c.set("caller", caller);
  return rest as unknown as BatchResponse<T>;
}
