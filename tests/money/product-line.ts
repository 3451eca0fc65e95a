import { nextBusinessDay } from "#domain/calendar";
import { billingCycleFor } from "#domain/fees";
import { authorizationProblem, revocationEndsOn, revocationProblem } from "#domain/rules/autopay";
import { cancelClosureProblem, closesAtOnce, closureProblem, reopenProblem } from "#domain/rules/closure";
import { limitProblem, raiseCeilingCents } from "#domain/rules/credit-limit";
import { payScheduleProblem } from "#domain/rules/pay-schedule";
import { cancelMessages, paymentCancellable } from "#domain/rules/payments";
import {
  type AccountState,
  accountState,
  type Book,
  cancelledIds,
  correctionEntry,
  correctionProblem,
  drawEntry,
  drawRefusal,
  type LedgerEntry,
  paymentRefusal,
  paymentReturnable,
  returnEntry,
  returnProblem,
  serviceDay,
} from "../../functions/servicing/engine/index";
import type {
  Action,
  ActionOutcome,
  DayFigures,
  LifeSetup,
  PostedPayment,
  ReferenceLine,
  StatementFigures,
} from "../oracle/types";

/**
 * The product's engine behind the reference model's interface: the same
 * pure functions the cron, the posting service and the pages call
 * (functions/servicing/engine), on an in-memory book. The harness plays one
 * life through this and through tests/oracle/ and compares every figure.
 */
export function productLine(setup: LifeSetup): ReferenceLine & { book(): Book; state(): AccountState } {
  let book: Book = {
    line: {
      id: 1,
      creditLimitCents: setup.creditLimitCents,
      payFrequency: setup.payFrequency,
      payAnchorDate: setup.payAnchorDate,
      repaymentMethod: setup.repaymentMethod,
      status: "open",
      openedOn: setup.openedOn,
      chargedOffOn: null,
    },
    entries: [],
    statements: [],
    scheduled: [],
  };
  let today = setup.openedOn;
  let tick = 0;
  let reference = 100_000_000;
  /** Payment entry ids in posting order: the index a return names. */
  const posted: string[] = [];
  const clock = () => ({ at: ++tick, reference: () => ++reference });

  const morning = (day: string) => {
    today = day;
    const scheduledOrder = book.scheduled.map((p) => `P${p.id}`);
    const served = serviceDay(book, day, clock());
    book = served.book;
    const fresh = served.work.entries.filter((e) => e.kind === "payment").map((e) => e.id);
    // One-time payments in the order they were scheduled, then the automatic payment (the run posts them in that order).
    posted.push(
      ...scheduledOrder.filter((id) => fresh.includes(id)),
      ...fresh.filter((id) => !scheduledOrder.includes(id)),
    );
  };

  const act = (action: Action): ActionOutcome => {
    const figures = accountState(book, today);
    const { at } = clock();
    if (action.kind === "draw") {
      const refusal = drawRefusal(figures, action.amountCents, "OH");
      if (refusal) return { ok: false, reason: refusal.message };
      book = {
        ...book,
        entries: [
          ...book.entries,
          drawEntry(++reference, action.amountCents, billingCycleFor(book.line.payFrequency), today, at),
        ],
      };
      return { ok: true };
    }
    if (action.kind === "schedulePayment") {
      const refusal = paymentRefusal(figures, action.amountCents, action.date, nextBusinessDay(today));
      if (refusal) return { ok: false, reason: refusal.message };
      book = {
        ...book,
        scheduled: [
          ...book.scheduled,
          { id: ++reference, amountCents: action.amountCents, effectiveDate: action.date },
        ],
      };
      return { ok: true };
    }
    if (action.kind === "cancelPayment") {
      // The desk's rule (functions/servicing/desk-payments.ts): still scheduled, the notice days ahead.
      const payment = book.scheduled[action.index];
      if (!payment) return { ok: false, reason: cancelMessages.notScheduled };
      if (!paymentCancellable(payment.effectiveDate, today))
        return { ok: false, reason: cancelMessages.tooLate(payment.effectiveDate) };
      book = { ...book, scheduled: book.scheduled.filter((p) => p !== payment) };
      return { ok: true };
    }
    if (action.kind === "closeLine" || action.kind === "cancelClosure") {
      // The desk's rules (functions/servicing/desk-closure.ts).
      const cancel = action.kind === "cancelClosure";
      const problem = (cancel ? cancelClosureProblem : closureProblem)(figures.standing, book.line.closeRequestedOn);
      if (problem) return { ok: false, reason: problem };
      const line = cancel
        ? { ...book.line, closeRequestedOn: null }
        : closesAtOnce(figures.balanceCents, book.scheduled.length, paymentReturnable(book, today))
          ? { ...book.line, status: "closed" as const, closedOn: today, closureReason: "requested" }
          : { ...book.line, closeRequestedOn: today };
      book = { ...book, line };
      return { ok: true };
    }
    if (action.kind === "reopenLine") {
      // The desk's rule (functions/servicing/desk-closure.ts).
      const { status, closureReason, closedOn } = book.line;
      const problem = reopenProblem({ status, closureReason, closedOn, today });
      if (problem) return { ok: false, reason: problem };
      const reopened = { status: "open" as const, closedOn: null, closureReason: null, closeRequestedOn: null };
      book = { ...book, line: { ...book.line, ...reopened, reopenedOn: today } };
      return { ok: true };
    }
    if (action.kind === "revokeAutopay" || action.kind === "authorizeAutopay") {
      // The desk's rules (functions/servicing/desk-autopay.ts).
      const revoke = action.kind === "revokeAutopay";
      const problem = (revoke ? revocationProblem : authorizationProblem)(figures.standing, book.line);
      if (problem) return { ok: false, reason: problem };
      const autopayEndsOn = revoke ? revocationEndsOn(today) : null;
      book = { ...book, line: { ...book.line, repaymentMethod: "A", autopayEndsOn } };
      return { ok: true };
    }
    if (action.kind === "changePaySchedule") {
      // The desk's rule (functions/servicing/desk-pay-schedule.ts).
      const { payFrequency, lastPayDate } = action;
      const problem = payScheduleProblem({ standing: figures.standing, frequency: payFrequency, lastPayDate, today });
      if (problem) return { ok: false, reason: problem };
      book = { ...book, line: { ...book.line, payFrequency, payAnchorDate: lastPayDate } };
      return { ok: true };
    }
    if (action.kind === "setLimit") {
      // The desk's rule (functions/servicing/desk-limits.ts), with underwriting's ceiling from the setup's income.
      const problem = limitProblem({
        standing: figures.standing,
        currentCents: book.line.creditLimitCents,
        newCents: action.amountCents,
        ceilingCents: raiseCeilingCents(setup.takeHomeCents, setup.payFrequency),
      });
      if (problem) return { ok: false, reason: problem };
      book = { ...book, line: { ...book.line, creditLimitCents: action.amountCents } };
      return { ok: true };
    }
    if (action.kind === "waiveFee" || action.kind === "reversePayment") {
      // The desk's corrections (functions/servicing/desk-approvals.ts), as a supervisor approves them.
      const kind = action.kind === "waiveFee" ? "waive fee" : "reverse payment";
      const target = action.kind === "waiveFee" ? `${book.statements[action.index]?.id}:fee` : posted[action.index];
      const problem = target === undefined ? "unknown" : correctionProblem(book, kind, target, today);
      if (problem) return { ok: false, reason: problem };
      const row = book.entries.find((e) => e.id === target)!;
      book = { ...book, entries: [...book.entries, correctionEntry(row, ++reference, today, at)] };
      return { ok: true };
    }
    const id = posted[action.index];
    const problem = id === undefined ? "unknown" : returnProblem(book, id, today);
    if (problem) return { ok: false, reason: problem };
    const payment = book.entries.find((e) => e.id === id)!;
    book = { ...book, entries: [...book.entries, returnEntry(payment, ++reference, today, at)] };
    return { ok: true };
  };

  return {
    morning,
    act,
    book: () => book,
    state: () => accountState(book, today),
    figures: () => dayFigures(accountState(book, today)),
    statements: () => book.statements.map(statementFigures),
    unpaidMinimums: () => {
      const byId = new Map(accountState(book, today).statements.map((s) => [s.id, s.unpaidCents] as const));
      return book.statements.map((s) => byId.get(s.id) ?? 0);
    },
    payments: () => postedPayments(book.entries, posted),
    scheduledPayments: () => book.scheduled.map((p) => ({ amountCents: p.amountCents, date: p.effectiveDate })),
  };
}

export function dayFigures(s: AccountState): DayFigures {
  return {
    standing: s.standing === "awaiting_esign" || s.standing === "withdrawn" ? "closed" : s.standing,
    principalCents: s.principalCents,
    unpaidFeesCents: s.unpaidFeesCents,
    balanceCents: s.balanceCents,
    unappliedCents: s.unappliedCents,
    availableCreditCents: s.availableCreditCents,
    shownAvailableCreditCents: s.shownAvailableCreditCents,
    pastDueCents: s.pastDueCents,
    currentDueCents: s.currentDueCents,
    nextMinimumDueCents: s.nextMinimumDueCents,
    nextDueDate: s.nextDueDate,
    nextStatementDate: s.nextStatementDate,
    daysPastDue: s.daysPastDue,
    scheduledCount: s.scheduledCount,
    scheduledCents: s.scheduledCents,
    payoffCents: s.payoffCents,
    nextAutomaticPayment: s.nextAutomaticPayment,
  };
}

export function statementFigures(s: Book["statements"][number]): StatementFigures {
  return {
    statementDate: s.statementDate,
    dueDate: s.dueDate,
    periodStart: s.periodStart ?? "",
    previousBalanceCents: s.previousBalanceCents ?? 0,
    drawsCents: s.drawsCents ?? 0,
    paymentsCents: s.paymentsCents ?? 0,
    returnsCents: s.returnsCents ?? 0,
    creditsCents: s.creditsCents ?? 0,
    feeCents: s.feeCents,
    newBalanceCents: s.newBalanceCents,
    principalCents: s.principalCents,
    pastDueCents: s.pastDueCents,
    minimumDueCents: s.minimumDueCents,
    totalMinimumDueCents: s.totalMinimumDueCents ?? s.pastDueCents + s.minimumDueCents,
    payoffStatements: s.notices?.payoffStatements ?? null,
    payoffMonths: s.notices?.payoffMonths ?? null,
    payoffFeesCents: s.notices?.payoffFeesCents ?? null,
  };
}

export function postedPayments(entries: readonly LedgerEntry[], order: string[]): PostedPayment[] {
  const cancelled = cancelledIds(entries, "9999-12-31");
  const cancelledOn = (id: string, kind: LedgerEntry["kind"]) =>
    cancelled.has(id) ? (entries.find((r) => r.reversesId === id && r.kind === kind)?.effectiveDate ?? null) : null;
  return order.map((id) => {
    const e = entries.find((x) => x.id === id)!;
    return {
      effectiveDate: e.effectiveDate,
      amountCents: e.amountCents,
      origin: e.origin === "automatic" ? "automatic" : "one_time",
      returnedOn: cancelledOn(id, "payment_return"),
      reversedOn: cancelledOn(id, "reversal"),
    };
  });
}
