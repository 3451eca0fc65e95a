import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { customers, ledgerEntries, lines, notices, platformTokens, statements, transactions } from "../../db/schema/index";
import { servicing } from "../config";
import { formatMoney } from "../../app/lib/format";
import { cycleOf, loadLineState, type AccountState, type LineRow } from "./account-state";
import { addDays, daysBetween, easternDateTime } from "./calendar";
import { purgeOldKeys } from "./idempotency";
import { deriveAccount, statementRows } from "./ledger";
import { outboxProvider } from "./messages";
import { nextDueToBill, statementDateFor } from "./schedule";

/**
 * The servicing run (Workers Cron Trigger, and after each move of the
 * development clock): post payments that reached their date, mark draws
 * funded, issue statements 14 days before each due date, and send the
 * notices of delinquency, charge-off and closure. Safe to run any number of
 * times: every step checks what was already done.
 */
export interface RunReport {
  lines: number;
  paymentsPosted: number;
  statementsIssued: number;
  chargedOff: number;
  closed: number;
}

export async function runServicing(db: Database, now: Date, only: { lineId?: number } = {}): Promise<RunReport> {
  const report: RunReport = { lines: 0, paymentsPosted: 0, statementsIssued: 0, chargedOff: 0, closed: 0 };
  const at = now.getTime();
  await Promise.all([purgeOldKeys(db, at), db.delete(platformTokens).where(lt(platformTokens.expiresAt, at))]);
  // `only.lineId` replays one line's history (demo borrowers made for tests) without touching the others.
  const isOpen = eq(lines.status, "open");
  const open = await db.select().from(lines).where(only.lineId === undefined ? isOpen : and(isOpen, eq(lines.id, only.lineId))).all();
  for (const line of open) {
    report.lines++;
    await serviceLine(db, line, now, report);
  }
  return report;
}

async function serviceLine(db: Database, line: LineRow, now: Date, report: RunReport): Promise<void> {
  let state = await loadLineState(db, line, now);
  const at = now.getTime();

  // 1. Payments whose date has come post to the ledger; draws past their funding date are funded.
  const due = state.pending.filter((t) => t.effectiveDate <= state.today);
  if (due.length > 0) {
    const payments = due.filter((t) => t.code === "P");
    await db.batch([
      db.update(transactions).set({ status: "posted", postedAt: at }).where(inArray(transactions.id, due.map((t) => t.id))),
      ...payments.map((t) =>
        db.insert(ledgerEntries).values({ id: `P${t.id}`, lineId: line.id, kind: "payment", amountCents: t.amountCents, effectiveDate: t.effectiveDate, postedAt: at, description: "Payment" }).onConflictDoNothing(),
      ),
    ]);
    report.paymentsPosted += payments.length;
    state = await loadLineState(db, line, now);
  }

  // 2. Statements: every due date whose statement date has come (catching up after clock moves).
  const firstDraw = state.entries.filter((e) => e.kind === "draw").map((e) => e.effectiveDate).sort()[0];
  if (firstDraw && state.standing !== "charged_off") {
    const entries = [...state.entries];
    let lastDue = state.statements.at(-1)?.dueDate ?? null;
    for (;;) {
      const dueDate = nextDueToBill(line.payAnchorDate, cycleOf(line), firstDraw, lastDue);
      const statementDate = statementDateFor(dueDate);
      if (statementDate > state.today) break;
      const id = `S${line.id}-${dueDate}`;
      const built = statementRows(entries, { id, statementDate, dueDate, cycle: cycleOf(line), postedAt: at });
      const balanceAfter = deriveAccount([...entries, ...(built.feeEntry ? [built.feeEntry] : [])], [], statementDate, line.creditLimitCents);
      lastDue = dueDate;
      if (balanceAfter.balanceCents === 0) continue;
      const statementRow = db
        .insert(statements)
        .values({
          id,
          lineId: line.id,
          statementDate,
          dueDate,
          principalCents: balanceAfter.principalCents,
          feeCents: built.feeEntry?.amountCents ?? 0,
          balanceCents: balanceAfter.balanceCents,
          minimumDueCents: built.statement.minimumDueCents,
          pastDueCents: deriveAccount(entries, state.statements, statementDate, line.creditLimitCents).pastDueCents,
          createdAt: at,
        })
        .onConflictDoNothing();
      const fee = built.feeEntry;
      await db.batch(
        fee
          ? [statementRow, db.insert(ledgerEntries).values({ ...fee, lineId: line.id, reversesId: null, adjustmentTarget: null, description: "Carried balance fee" }).onConflictDoNothing()]
          : [statementRow],
      );
      if (built.feeEntry) entries.push(built.feeEntry);
      report.statementsIssued++;
    }
    state = await loadLineState(db, line, now);
  }

  await sendStandingNotices(db, state, now, report);
}

async function notifyOnce(db: Database, state: AccountState, kind: string, ref: string, subject: string, body: string, now: Date): Promise<boolean> {
  const inserted = await db.insert(notices).values({ lineId: state.line.id, kind, ref, createdAt: now.getTime() }).onConflictDoNothing().returning({ kind: notices.kind });
  if (inserted.length === 0) return false;
  const customer = await db.select().from(customers).where(eq(customers.id, state.line.customerId)).get();
  if (customer) await outboxProvider(db, () => now.getTime()).send({ channel: "email", recipient: customer.email, subject, body: `Hello ${customer.firstName}, ${body}`, customerId: customer.id });
  return true;
}

async function sendStandingNotices(db: Database, state: AccountState, now: Date, report: RunReport): Promise<void> {
  const { line, derived } = state;
  const at = now.getTime();
  if (derived.pastDueCents > 0 && derived.nextDueDate !== null) {
    const overdue = state.statements.filter((s) => s.dueDate < state.today).at(-1);
    if (overdue) await notifyOnce(db, state, "past_due", overdue.dueDate, "Your payment is past due", `your account is past due by ${formatMoney(derived.pastDueCents, { cents: true })}. Please make a payment to bring it up to date.`, now);
  }
  if (derived.chargedOff && line.chargedOffAt === null) {
    await db.update(lines).set({ chargedOffAt: at }).where(and(eq(lines.id, line.id), eq(lines.status, "open")));
    await notifyOnce(db, state, "charged_off", "1", "Your account has been charged off", `your account is more than ${servicing.chargeOffAfterDaysPastDue} days past due and has been charged off. The full balance of ${formatMoney(derived.balanceCents, { cents: true })} is due.`, now);
    report.chargedOff++;
    return;
  }
  const closeOn = closureDate(state);
  if (!closeOn) return;
  if (state.today >= closeOn) {
    await db.update(lines).set({ status: "closed", closedAt: at, closureReason: "inactivity" }).where(and(eq(lines.id, line.id), eq(lines.status, "open")));
    await notifyOnce(db, state, "closed", closeOn, "Your line of credit is closed", "your line of credit has been closed after a period without activity. You are welcome to apply again.", now);
    report.closed++;
  } else if (daysBetween(state.today, closeOn) <= servicing.closureNoticeDays) {
    await notifyOnce(db, state, "closure_notice", closeOn, "Your line of credit will close soon", `your line of credit will close on ${closeOn} unless you use it before then.`, now);
  }
}

/** When an open line closes for inactivity (0-decisions.md), or null. */
export function closureDate(state: AccountState): string | null {
  const { line, entries, derived } = state;
  if (line.openedAt === null || derived.balanceCents > 0) return null;
  const opened = easternDateTime(new Date(line.openedAt)).date;
  const draws = entries.filter((e) => e.kind === "draw");
  if (draws.length === 0) return addMonths(opened, servicing.closeAfterMonthsWithoutDraw);
  const lastActivity = entries.map((e) => e.effectiveDate).sort().at(-1)!;
  return addMonths(lastActivity, servicing.closeAfterYearsAtZero * 12);
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return addDays(`${target.toISOString().slice(0, 8)}01`, Math.min(d, last) - 1);
}

