import { and, eq, gt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { platformTokens } from "#db/schema/servicing";
import { randomToken, sha256Hex } from "#domain/tokens";
import type { Caller, ServicingContext } from "./context";

/** Platform bearer tokens: opaque, stored hashed, 30 minutes from last rotation. */
const LIFETIME_MS = 30 * 60_000;
/** After this age a call gets a fresh token (tokenToUse) and the old one winds down. */
const ROTATE_AFTER_MS = 10 * 60_000;
/** How long a replaced token still works (requests already in flight). */
const GRACE_MS = 60_000;

export async function issueToken(
  db: Database,
  kind: Caller["kind"],
  customerId: string | null,
  now: number,
): Promise<string> {
  const { token, write } = await tokenToIssue(db, kind, customerId, now);
  await write;
  return token;
}

/** A new token and its row's insert, for a caller that writes it in a batch of its own. */
export async function tokenToIssue(db: Database, kind: Caller["kind"], customerId: string | null, now: number) {
  const token = randomToken();
  const write = db
    .insert(platformTokens)
    .values({ tokenHash: await sha256Hex(token), kind, customerId, createdAt: now, expiresAt: now + LIFETIME_MS });
  return { token, write };
}

/** The live row of a token (by its hash): a query, so a call may read it in its own first batch. */
export function tokenRowQuery(db: Database, tokenHash: string, now: number) {
  return db
    .select()
    .from(platformTokens)
    .where(and(eq(platformTokens.tokenHash, tokenHash), gt(platformTokens.expiresAt, now)));
}

/** The customer a live customer token stands for, as SQL: the other reads of that batch key on it. */
export function tokenCustomerId(tokenHash: string, now: number): SQL {
  return sql`(SELECT ${platformTokens.customerId} FROM ${platformTokens} WHERE ${platformTokens.tokenHash} = ${tokenHash} AND ${platformTokens.expiresAt} > ${now} AND ${platformTokens.kind} = 'customer')`;
}

/** The caller behind a bearer token, rotating it when it is old; null when unknown or expired. */
export async function authenticate(db: Database, token: string, now: number): Promise<Caller | null> {
  const row = await tokenRowQuery(db, await sha256Hex(token), now).get();
  return row ? callerOf(db, row, token, now) : null;
}

/** The caller a live token row stands for, the token rotated when it is older than 10 minutes. */
export async function callerOf(
  db: Database,
  row: typeof platformTokens.$inferSelect,
  token: string,
  now: number,
): Promise<Caller> {
  const tokenHash = row.tokenHash;
  const kind = row.kind as Caller["kind"];
  if (now - row.createdAt < ROTATE_AFTER_MS) return { kind, customerId: row.customerId, tokenToUse: token };
  const fresh = randomToken();
  await db.batch([
    db.insert(platformTokens).values({
      tokenHash: await sha256Hex(fresh),
      kind,
      customerId: row.customerId,
      createdAt: now,
      expiresAt: now + LIFETIME_MS,
    }),
    db
      .update(platformTokens)
      .set({ expiresAt: Math.min(row.expiresAt, now + GRACE_MS) })
      .where(eq(platformTokens.tokenHash, tokenHash)),
  ]);
  return { kind, customerId: row.customerId, tokenToUse: fresh };
}

/** A token still in use lives its full lifetime from now (Token/ExtendToken); an expired one stays expired. */
export async function extendToken(db: Database, token: string, now: number): Promise<void> {
  await db
    .update(platformTokens)
    .set({ expiresAt: now + LIFETIME_MS })
    .where(and(eq(platformTokens.tokenHash, await sha256Hex(token)), gt(platformTokens.expiresAt, now)));
}

export async function revokeToken(db: Database, token: string): Promise<void> {
  await db.delete(platformTokens).where(eq(platformTokens.tokenHash, await sha256Hex(token)));
}

/**
 * Ends every platform token of a customer but those whose hashes are in
 * `keptHashes` (a password or sign-in e-mail change ends every other
 * session: 0-decisions.md, "Access and security"). A query, not run here, so
 * it joins the change's own D1 batch.
 */
export function revokeCustomerTokens(db: Database, customerId: string, keptHashes: readonly string[] = []) {
  const theirs = eq(platformTokens.customerId, customerId);
  return db
    .delete(platformTokens)
    .where(keptHashes.length > 0 ? and(theirs, notInArray(platformTokens.tokenHash, [...keptHashes])) : theirs);
}

/**
 * The hashes of the token a call came with and the one it answers with,
 * when the caller is this customer: a change the customer makes keeps their
 * own session. A merchant token (an anonymous reset) keeps nothing.
 */
export async function callersOwnTokenHashes(c: ServicingContext, customerId: string): Promise<string[]> {
  if (c.var.caller.kind !== "customer" || c.var.caller.customerId !== customerId) return [];
  const presented = c.req.header("Authorization")?.replace(/^Bearer /, "") ?? "";
  const tokens = [...new Set([presented, c.var.caller.tokenToUse].filter(Boolean))];
  return Promise.all(tokens.map((token) => sha256Hex(token)));
}
