import { env, runInDurableObject } from "cloudflare:test";
import { expect, vi } from "vitest";
import { type Database, database } from "#db/client";
import { ledgerEntries } from "#db/line/tables";
import { applications, customers, lines } from "#db/schema/servicing";
import type { LineLedger } from "../../../functions/servicing/objects/line-ledger";

export type LineStub = DurableObjectStub<LineLedger>;

/** A line's object of its own, named as the directory names it: the line id. */
export function lineStub(lineId: number): LineStub {
  return env.LINES!.get(env.LINES!.idFromName(String(lineId))) as LineStub;
}

/**
 * An open line in its object, opened `daysAgo` days ago with a $300 draw that day, never serviced:
 * the customer and application rows it reads are in the object too (decision record 032).
 */
export async function lineInObject(daysAgo: number): Promise<{ lineId: number; customerId: string; stub: LineStub }> {
  const lineId = 96_000_000 + Math.floor(Math.random() * 900_000);
  const customerId = `object-${lineId}`;
  const at = Date.now() - daysAgo * 86_400_000;
  const openedOn = new Date(at - 5 * 3_600_000).toISOString().slice(0, 10);
  const stub = lineStub(lineId);
  await runInDurableObject(stub, async (object: LineLedger) => {
    const db = database(object.d1);
    await db.batch([
      db.insert(customers).values({
        id: customerId,
        ssnHash: `hash-${lineId}`,
        ssnEncrypted: "x",
        ssnLast4: "0000",
        firstName: "Object",
        lastName: "Line",
        dob: "1990-01-01",
        email: `${customerId}@lines.test`,
        address1: "1 Test Way",
        city: "Springfield",
        state: "OH",
        zip: "45501",
        homePhone: "6145550100",
        createdAt: at,
        updatedAt: at,
      }),
      db.insert(applications).values({
        id: lineId,
        customerId,
        status: "approved",
        approvedLimitCents: 100_000,
        requestedAmountCents: 100_000,
        transactionId: `object-${lineId}`,
        extTransactionId: `object-${lineId}`,
        incomeSource: "P",
        incomePaymentMethod: "D",
        takeHomeCents: 300_000,
        payFrequency: "B",
        lastPayDate: openedOn,
        nextPayDate: openedOn,
        secondPayDate: openedOn,
        bankRouting: "021000021",
        bankAccountEncrypted: "x",
        bankAccountLast4: "6789",
        repaymentMethod: "K",
        requestIp: "127.0.0.1",
        userAgent: "objects",
        createdAt: at,
      }),
      db.insert(lines).values({
        id: lineId,
        applicationId: lineId,
        customerId,
        creditLimitCents: 100_000,
        status: "open",
        payFrequency: "B",
        payAnchorDate: openedOn,
        repaymentMethod: "K",
        openedAt: at,
        createdAt: at,
      }),
      db.insert(ledgerEntries).values({
        id: `D${lineId}`,
        lineId,
        kind: "draw",
        amountCents: 30_000,
        effectiveDate: openedOn,
        postedAt: at,
        description: "First draw",
      }),
    ]);
  });
  return { lineId, customerId, stub };
}

/** One line's servicing run at `now`, in its object, as its alarm would run it. */
export async function serviceLine(lineId: number, now: Date): Promise<void> {
  await lineStub(lineId).service(now.getTime());
}

/**
 * One statement run where the line lives: in its object once moved (as production's are), else in the
 * shared database. The tests' own reads and set-ups of a line's rows, the same on either store.
 */
export async function onLine<T = Record<string, SqlStorageValue>>(
  lineId: number,
  query: string,
  ...values: (string | number | null)[]
): Promise<T[]> {
  const status = await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(lineId).first<string>("status");
  if (status !== "moved")
    return (
      await env.DB.prepare(query)
        .bind(...values)
        .all<T>()
    ).results;
  return runInDurableObject(
    lineStub(lineId),
    async (_: LineLedger, state) => state.storage.sql.exec(query, ...values).toArray() as T[],
  );
}

/** How many rows of one of the line's tables there are, where the line lives. */
export async function lineRowCount(lineId: number, table: string): Promise<number> {
  const [row] = await onLine<{ n: number }>(lineId, `SELECT COUNT(*) AS n FROM ${table} WHERE line_id = ?`, lineId);
  return row!.n;
}

/** The core's own functions run on a moved line's rows, inside its object (as its calls and alarm run them). */
export function inLineObject<T>(lineId: number, run: (db: Database, d1: D1Database) => Promise<T>): Promise<T> {
  return runInDurableObject(lineStub(lineId), (object: LineLedger) => run(object.db, object.d1));
}

/**
 * Once the directory's consumer has applied every event of every line in its object: the events
 * queue delivers them a moment after the postings, in any order, and a test that proves a request
 * writes nothing must not see them land during it.
 */
export async function eventsSettled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { results } = await env.DB.prepare(
        "SELECT d.line_id, d.object_name, c.applied_seq FROM line_directory d LEFT JOIN line_event_cursors c " +
          "ON c.line_id = d.line_id AND c.consumer = 'directory' WHERE d.store = 'object'",
      ).all<{ line_id: number; object_name: string; applied_seq: number | null }>();
      for (const entry of results) {
        const stub = env.LINES!.get(env.LINES!.idFromName(entry.object_name)) as LineStub;
        const events = (await stub.rowsOf(["line_events"])).line_events ?? [];
        const last = Math.max(0, ...events.map((e) => Number(e.seq)));
        expect(entry.applied_seq ?? 0, `line ${entry.line_id}'s events applied`).toBe(last);
      }
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** The tables only a line's object holds (db/line/tables.ts), as far as the shared database still has them: none. */
export async function lineTablesInD1(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('ledger_entries', 'transactions', 'statements', 'notices', 'line_events')",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}
