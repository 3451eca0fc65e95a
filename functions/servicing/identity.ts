import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { lineDirectory } from "#db/schema/directory";
import { applications, customers, lines, loginAttempts, signatures, users } from "#db/schema/servicing";
import { security } from "#domain/config";
import { latestLine } from "./customers";

/** Customers with this e-mail who were ever given a line: the people who may sign in. */
export async function borrowersByEmail(db: Database, email: string) {
  return db
    .selectDistinct({ customer: customers })
    .from(customers)
    .innerJoin(lines, eq(lines.customerId, customers.id))
    .where(eq(customers.email, email))
    .all()
    .then((rows) => rows.map((r) => r.customer));
}

export async function userByEmail(db: Database, email: string) {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** E-mail, last four of the SSN and birthdate must all match one borrower. */
export async function matchIdentity(db: Database, email: string, last4: string, dob: string) {
  const borrowers = await borrowersByEmail(db, email);
  return borrowers.find((b) => b.ssnLast4 === last4 && b.dob === dob) ?? null;
}

/** G awaiting e-sign, W withdrawn, C closed, O open (what Login answers as loanStatus). */
export function loanStatusCode(status: string | undefined): string {
  return { awaiting_esign: "G", withdrawn: "W", closed: "C", open: "O" }[status ?? ""] ?? "W";
}

/** What the login answer tells the page about the borrower's line. */
export async function lineStanding(db: Database, customerId: string) {
  const line = await latestLine(db, customerId);
  if (!line) return { lineId: 0, loanStatus: "W", firstDrawAmount: 0, hasValidEsignatures: false };
  const [application, signed] = await Promise.all([
    db
      .select({ draw: applications.requestedDrawCents })
      .from(applications)
      .where(eq(applications.id, line.applicationId))
      .get(),
    // A moved line was opened, so signed; its signature moved with its rows into its object.
    line.status === "moved"
      ? { n: 1 }
      : db.select({ n: sql<number>`count(*)` }).from(signatures).where(eq(signatures.lineId, line.id)).get(),
  ]);
  // A line in its own object keeps its status in the directory (objects/directory-events.ts).
  const status =
    line.status === "moved"
      ? ((
          await db
            .select({ status: lineDirectory.status })
            .from(lineDirectory)
            .where(eq(lineDirectory.lineId, line.id))
            .get()
        )?.status ?? undefined)
      : line.status;
  return {
    lineId: line.id,
    loanStatus: loanStatusCode(status),
    firstDrawAmount: application?.draw ?? 0,
    hasValidEsignatures: (signed?.n ?? 0) > 0,
  };
}

/** Failed attempts of one process for a customer in the lock window (shared wrong-attempt limit). */
export async function recentFailures(
  db: Database,
  customerId: string,
  processId: string,
  now: number,
): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.customerId, customerId),
        eq(loginAttempts.processId, processId),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, now - security.loginLockMinutes * 60_000),
      ),
    )
    .get();
  return row?.n ?? 0;
}
