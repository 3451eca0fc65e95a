import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { applications, customers, lines } from "#db/schema/servicing";
import { ServicingError } from "./context";
import { type SsnKeys, ssnKeys, ssnLookupHash } from "./crypto";
import type { CoreEnv as Env } from "./env";

let keyCache: { secret: string; keys: Promise<SsnKeys> } | undefined;

/** The SSN keys for this isolate, derived once from the secret binding. */
export function personalDataKeys(env: Pick<Env, "SSN_ENCRYPTION_KEY">): Promise<SsnKeys> {
  if (!env.SSN_ENCRYPTION_KEY) throw new Error("SSN_ENCRYPTION_KEY is not configured");
  if (keyCache?.secret !== env.SSN_ENCRYPTION_KEY)
    keyCache = { secret: env.SSN_ENCRYPTION_KEY, keys: ssnKeys(env.SSN_ENCRYPTION_KEY) };
  return keyCache.keys;
}

/** The look-up hash of an SSN (customers are found by it, never by the number). */
export async function ssnHashOf(env: Pick<Env, "SSN_ENCRYPTION_KEY">, ssn: string): Promise<string> {
  return ssnLookupHash(await personalDataKeys(env), ssn);
}

/**
 * The id of the customer an SSN belongs to, and a line of theirs if they
 * were ever given one: two queries for one batch. An existing customer is one who was
 * ever given a line (whatever became of it): they sign in instead of applying
 * again. A previously denied applicant is not, and gets a fresh decision.
 */
export function customerBySsnQueries(db: Database, ssnHash: string) {
  return [
    db.select({ id: customers.id }).from(customers).where(eq(customers.ssnHash, ssnHash)).limit(1),
    db
      .select({ id: lines.id })
      .from(lines)
      .innerJoin(customers, eq(customers.id, lines.customerId))
      .where(eq(customers.ssnHash, ssnHash))
      .limit(1),
  ] as const;
}

export async function customerById(db: Database, id: string) {
  const customer = await db.select().from(customers).where(eq(customers.id, id)).get();
  if (!customer) throw new ServicingError(404, "No such customer.");
  return customer;
}

/** A customer's newest line, whatever its status (the one every call means; book.ts `newestLineOf` is the same rule as SQL, for a batch). */
export async function latestLine(db: Database, customerId: string) {
  return db.select().from(lines).where(eq(lines.customerId, customerId)).orderBy(desc(lines.createdAt)).get();
}

/** The application whose line still awaits e-sign: the one that may be voided or withdrawn. */
export async function pendingApplication(db: Database, customerId: string) {
  return db
    .select({ application: applications, line: lines })
    .from(applications)
    .innerJoin(lines, eq(lines.applicationId, applications.id))
    .where(
      and(
        eq(applications.customerId, customerId),
        inArray(applications.status, ["approved"]),
        eq(lines.status, "awaiting_esign"),
      ),
    )
    .orderBy(desc(applications.createdAt))
    .get();
}

/** A random 8-digit id (application and line numbers people read out on the phone). */
export function newAccountNumber(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return 10_000_000 + (n! % 90_000_000);
}

/** Withdraws the customer's line awaiting e-sign, if any (answers whether one was). */
export async function withdrawPending(db: Database, customerId: string, reason: string, now: number): Promise<boolean> {
  const pending = await pendingApplication(db, customerId);
  if (!pending) return false;
  await db.batch([
    db
      .update(applications)
      .set({ status: "withdrawn", voidReason: reason })
      .where(eq(applications.id, pending.application.id)),
    db
      .update(lines)
      .set({ status: "withdrawn", closedAt: now, closureReason: reason })
      .where(eq(lines.id, pending.line.id)),
  ]);
  return true;
}
