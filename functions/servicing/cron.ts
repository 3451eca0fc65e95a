import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "#db/client";
import { lines, platformTokens } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import { type LineRecords, type LineRow, noticeColumns, readLine } from "./book";
import { ServicingError } from "./context";
import { type DayWork, daysToService, serviceDay } from "./engine/index";
import { eventWrite, runEvents } from "./events";
import { type GuardedWrite, insertRow, updateRows, writeIfUnchanged } from "./guarded";
import { purgeOldKeys } from "./idempotency";
import { sendNotices } from "./notices";
import { emptyReport, type RunReport } from "./run-report";

export { emptyReport, type RunReport } from "./run-report";

import { newTransactionId } from "./posting-ids";

/**
 * The servicing run, inside a line's object (its alarm, a wake from the
 * sweeper, a move of the development clock, and before any line is read;
 * decision record 032): each day since the
 * line was last serviced, in order, through the pure `serviceDay` of the
 * engine (decision record 013), then every row of those days in one batch
 * guarded by the line's version. Safe to run any number of times, and racing
 * itself or a posting: each day is serviced once, and the rows carry ids that
 * make them once-only (an automatic payment per line and due date, a
 * statement per line and due date).
 */
export async function runServicing(db: Database, now: Date, only: { lineId?: number } = {}): Promise<RunReport> {
  const report = emptyReport();
  await purgeExpired(db, now.getTime());
  // Only open lines not yet serviced through today; `only.lineId` services one line (demo borrowers made for tests) without touching the others.
  const behind = and(
    eq(lines.status, "open"),
    or(isNull(lines.servicedThrough), lt(lines.servicedThrough, easternDateTime(now).date)),
  );
  const open = await db
    .select()
    .from(lines)
    .where(only.lineId === undefined ? behind : and(behind, eq(lines.id, only.lineId)))
    .all();
  for (const line of open) {
    report.lines++;
    await serviceLine(db, line, now, report);
  }
  return report;
}

/** Idempotency keys past their retention and platform tokens past their expiry: the shared database's, or an object's own. */
export async function purgeExpired(db: Database, at: number): Promise<void> {
  await Promise.all([purgeOldKeys(db, at), db.delete(platformTokens).where(lt(platformTokens.expiresAt, at))]);
}

/** How often a run re-reads and retries when a posting changed the line under it. */
const MAX_ATTEMPTS = 4;

/** Services one line through today; answers its records as they now stand. */
export async function serviceLine(
  db: Database,
  line: LineRow,
  now: Date,
  report: RunReport = emptyReport(),
  read?: LineRecords,
): Promise<LineRecords> {
  const today = easternDateTime(now).date;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    // The caller's own read serves the first attempt; a retry reads again.
    const records = attempt === 0 && read ? read : await readLine(db, line);
    const days =
      records.line.status === "open"
        ? daysToService(records.line.servicedThrough, records.book.line.openedOn, today)
        : [];
    if (days.length === 0) return records;
    // The days' rows are recorded a moment before `now`: whatever the same request then posts
    // at `now` (a draw, a return, a correction) comes after a statement this run issues, so it
    // is that statement's next one's activity, not left off both (engine coveredBy).
    const clock = { at: now.getTime() - 1, reference: newTransactionId };
    let book = records.book;
    const works: DayWork[] = [];
    for (const day of days) {
      const served = serviceDay(book, day, clock);
      book = served.book;
      works.push(served.work);
    }
    if (await writeIfUnchanged(db.$client, records.line, runWrites(records.line, works, today, clock.at))) {
      tally(report, works);
      await sendNotices(db, records.line, works, now);
      return readLine(db, records.line);
    }
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}

const DESCRIPTIONS: Record<string, string> = { payment: "Payment", carried_balance_fee: "Carried balance fee" };

function runWrites(line: LineRow, works: DayWork[], today: string, at: number): GuardedWrite[] {
  const writes: GuardedWrite[] = [];
  for (const work of works) {
    for (const p of work.posted)
      writes.push(
        updateRows("transactions", { status: "posted", posted_at: at }, "id = ? AND status = 'pending'", [p.id]),
      );
    for (const e of work.entries) {
      writes.push(
        insertRow("ledger_entries", {
          id: e.id,
          line_id: line.id,
          kind: e.kind,
          amount_cents: e.amountCents,
          effective_date: e.effectiveDate,
          posted_at: e.postedAt,
          reverses_id: e.reversesId ?? null,
          origin: e.origin ?? null,
          fee_cents: e.feeCents ?? null,
          reference: e.reference ?? null,
          description: e.origin === "automatic" ? "Automatic payment" : (DESCRIPTIONS[e.kind] ?? e.kind),
        }),
      );
    }
    for (const s of work.statements) {
      writes.push(
        insertRow("statements", {
          id: s.id,
          line_id: line.id,
          statement_date: s.statementDate,
          due_date: s.dueDate,
          period_start: s.periodStart,
          previous_balance_cents: s.previousBalanceCents,
          draws_cents: s.drawsCents,
          payments_cents: s.paymentsCents,
          returns_cents: s.returnsCents,
          credits_cents: s.creditsCents,
          principal_cents: s.principalCents,
          fee_cents: s.feeCents,
          balance_cents: s.newBalanceCents,
          minimum_due_cents: s.minimumDueCents,
          past_due_cents: s.pastDueCents,
          total_minimum_due_cents: s.totalMinimumDueCents,
          ...noticeColumns(s.notices),
          created_at: s.createdAt,
        }),
      );
    }
    if (work.chargedOffOn)
      writes.push(updateRows("lines", { charged_off_on: work.chargedOffOn, charged_off_at: at }, "id = ?", [line.id]));
    if (work.closure)
      writes.push(
        updateRows(
          "lines",
          { status: "closed", closed_at: at, closure_reason: work.closure },
          "id = ? AND status = 'open'",
          [line.id],
        ),
      );
  }
  // Draws whose funding date has come are funded.
  writes.push(
    updateRows(
      "transactions",
      { status: "posted", posted_at: at },
      "line_id = ? AND code = 'D' AND status = 'pending' AND effective_date <= ?",
      [line.id, today],
    ),
  );
  writes.push(...runEvents(works).map((event) => eventWrite(line.id, event, at)));
  writes.push(updateRows("lines", { serviced_through: today }, "id = ?", [line.id]));
  return writes;
}

function tally(report: RunReport, works: DayWork[]): void {
  for (const work of works) {
    report.paymentsPosted += work.entries.filter((e) => e.kind === "payment").length;
    report.statementsIssued += work.statements.length;
    if (work.chargedOffOn) report.chargedOff++;
    if (work.closure) report.closed++;
  }
}
