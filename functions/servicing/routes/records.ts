import { asc, eq, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "#db/client";
import { esignConsents } from "#db/schema/notices";
import { notes } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import { records as calls } from "#domain/catalogue/index";
import { formatDate } from "#domain/format";
import { requireCustomer, type ServicingContext, type ServicingEnv, ServicingError } from "../context";
import { implement } from "../implement";
import { deskLineAction } from "../objects/desk-route";
import { readAsCustomer } from "../token-batch";

export const recordRoutes = new Hono<ServicingEnv>();

/** A borrower's consent to electronic records, oldest first (an append-only table: decision record 033). */
const consentRecordOf = (db: Database, customerId: string | SQL) =>
  db
    .select()
    .from(esignConsents)
    .where(eq(esignConsents.customerId, customerId))
    .orderBy(asc(esignConsents.at), asc(esignConsents.id));

const eventView = (row: typeof esignConsents.$inferSelect) => ({
  event: row.event as "given" | "withdrawn",
  disclosureVersion: row.disclosureVersion,
  disclosureSha256: row.disclosureSha256,
  at: new Date(row.at).toISOString(),
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
});

implement(
  recordRoutes,
  calls.GetElectronicConsent,
  async (c) => {
    const [rows] = await readAsCustomer(c, (customerId) => [consentRecordOf(c.var.db, customerId)]);
    return { events: rows.map(eventView), withdrawn: rows.some((r) => r.event === "withdrawn") };
  },
  // The token and the record in one round trip: Documents and Preferences read it beside the summary.
  { tokenInBatch: true },
);

/** Who the desk's audit names for a change the borrower made themselves, in Preferences. */
const SELF_SERVICE = { email: "borrower (Preferences)", role: "agent" as const };

implement(recordRoutes, calls.WithdrawElectronicConsent, async (c, p) => {
  const customerId = requireCustomer(c);
  const db = c.var.db;
  const rows = await consentRecordOf(db, customerId);
  const given = rows.findLast((r) => r.event === "given");
  if (!given) throw new ServicingError(409, "There is no consent to electronic records to withdraw.");
  if (rows.some((r) => r.event === "withdrawn" && r.at >= given.at))
    return { status: true, line: "unchanged" as const };
  const at = c.var.now.getTime();
  const today = formatDate(easternDateTime(c.var.now).date);
  await db.batch([
    db.insert(esignConsents).values({
      customerId,
      lineId: given.lineId,
      event: "withdrawn",
      disclosureVersion: given.disclosureVersion,
      disclosureSha256: given.disclosureSha256,
      at,
      ipAddress: p.ipAddress,
      userAgent: p.userAgent,
    }),
    // Customer service is told: from now on the records the law requires go on paper, by mail.
    db.insert(notes).values({
      customerId,
      note: `Withdrew consent to electronic records in Preferences on ${today}: send statements and notices on paper, by mail. The line is closed to new draws.`,
      isUrgent: true,
      createdAt: at,
    }),
  ]);
  return { status: true, line: await closeToDraws(c, customerId) };
});

/**
 * The line closed to new draws, as a closure the borrower asked for (decision record 025): closed
 * at once when nothing is owed or scheduled, else no draws until the run closes it once paid. A
 * line that cannot close (charged off, already closed, never opened) draws nothing already.
 */
async function closeToDraws(c: ServicingContext, customerId: string): Promise<"closed" | "closing" | "unchanged"> {
  const input = {
    customerId,
    reason: "Withdrew consent to electronic records (E-SIGN)",
    key: `esign-withdrawn:${customerId}:${c.var.now.getTime()}`,
  };
  try {
    const { outcome } = await deskLineAction(c.env, c.var.db, "closeLine", SELF_SERVICE, input, c.var.now);
    return outcome === "kept open" ? "unchanged" : outcome;
  } catch (refusal) {
    if (refusal instanceof ServicingError && [404, 422].includes(refusal.status)) return "unchanged";
    throw refusal;
  }
}
