import { count, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client";
import { applications, contactMessages, customers, lines } from "#db/schema/servicing";
import { lineRequests, lineSigningRows } from "./objects/homes";

/**
 * Development only: how many of each record the platform holds for one
 * e-mail address. The fault tests break a call's answer on purpose and read
 * this to prove that the retry recorded nothing twice.
 */
export async function recordsFor(db: Database, email: string) {
  const owners = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).all();
  const customerIds = owners.map((o) => o.id);
  const contacts =
    (await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.email, email)).get())?.n ?? 0;
  const none = {
    customers: 0,
    applications: 0,
    draws: 0,
    payments: 0,
    pendingPayments: 0,
    signatures: 0,
    contactMessages: contacts,
  };
  if (customerIds.length === 0) return none;

  const apps =
    (await db.select({ n: count() }).from(applications).where(inArray(applications.customerId, customerIds)).get())
      ?.n ?? 0;
  const owned = await db
    .select({ id: lines.id, status: lines.status, openedAt: lines.openedAt })
    .from(lines)
    .where(inArray(lines.customerId, customerIds))
    .all();
  const lineIds = owned.map((l) => l.id);
  if (lineIds.length === 0) return { ...none, customers: customerIds.length, applications: apps };

  // A moved line's requests are its object's (decision record 032).
  const moves = (await Promise.all(owned.map((line) => lineRequests(db, line)))).flat();
  const signed = (await Promise.all(owned.map((line) => lineSigningRows(db, line, "signatures")))).flat().length;
  const payments = moves.filter((m) => m.code === "P");
  return {
    customers: customerIds.length,
    applications: apps,
    draws: moves.filter((m) => m.code === "D").length,
    payments: payments.length,
    pendingPayments: payments.filter((m) => m.status === "pending").length,
    signatures: signed,
    contactMessages: contacts,
  };
}
