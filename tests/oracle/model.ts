/**
 * The independent reference model of the line's servicing, written from
 * ../shared/spec/0-decisions.md ("Fees", "Billing cycle and servicing",
 * "Banking calendar"), 4-money-example.md and decision record 013 alone.
 * Every figure is recomputed by replaying the whole ledger (ledger.ts);
 * clarity over speed.
 */
import {
  actAuthorizeAutopay,
  actCancel,
  actCancelClosure,
  actChangePaySchedule,
  actCloseLine,
  actDraw,
  actReopenLine,
  actReturn,
  actReversePayment,
  actRevokeAutopay,
  actSchedule,
  actSetLimit,
  actWaiveFee,
} from "./actions";
import { addBusinessDays, addDays, addMonths, dueDates, statementDateFor } from "./calendar";
import { type BillingCycle, billingCycleFor, carriedBalanceFeeCents, ownMinimumCents } from "./fees";
import { dayFigures, daysPastDue, type ScheduledPayment, unpaidDueOnOrBefore } from "./figures";
import { balanceOf, type Entry, type LedgerState, replay } from "./ledger";
import { oracleMinimumProjection } from "./projection";
import type {
  Action,
  ActionOutcome,
  DayFigures,
  LifeSetup,
  PayFrequency,
  PostedPayment,
  ReferenceLine,
  StatementFigures,
} from "./types";

/** How far ahead the due-date schedule is generated (a life is about 400 days). */
const SCHEDULE_DAYS = 5 * 366;

export function referenceLine(setup: LifeSetup): ReferenceLine {
  return new Line(setup);
}

/**
 * The mutable record of one line; every money figure comes from replaying
 * `entries`. Its fields are open to actions.ts only; callers use ReferenceLine.
 */
export class Line implements ReferenceLine {
  /** The billing cycle and due dates of the pay schedule today: the setup's, until the desk sets another. */
  cycle: BillingCycle;
  dueDates: string[];
  today: string | null = null;
  readonly entries: Entry[] = [];
  readonly posted: PostedPayment[] = [];
  scheduled: ScheduledPayment[] = [];
  readonly issued: StatementFigures[] = [];
  /** Indices of issued statements whose fee was waived or refunded at the desk. */
  readonly waived = new Set<number>();
  closed = false;
  /** When and why the line closed (null while open), and the day it was last reopened (decision record 028). */
  closedOn: string | null = null;
  closedBecause: "paid" | "requested" | "inactivity" | null = null;
  reopenedOn: string | null = null;
  /** The credit limit today: the setup's, until the desk sets another. */
  creditLimitCents: number;
  /** How the line repays today, and a revocation's first day without debits (decision record 024). */
  repaymentMethod: LifeSetup["repaymentMethod"];
  autopayEndsOn: string | null = null;
  /** The borrower asked to close with something owed or scheduled (decision record 025). */
  closeRequested = false;

  constructor(readonly setup: LifeSetup) {
    this.creditLimitCents = setup.creditLimitCents;
    this.repaymentMethod = setup.repaymentMethod;
    this.cycle = billingCycleFor(setup.payFrequency);
    this.dueDates = dueDates(setup.payFrequency, setup.payAnchorDate, addDays(setup.openedOn, SCHEDULE_DAYS));
  }

  /** The servicing run of a day, in 013's order. */
  morning(day: string): void {
    const expected = this.today === null ? this.setup.openedOn : addDays(this.today, 1);
    if (day !== expected) throw new Error(`morning(${day}): expected ${expected}`);
    this.today = day;
    this.postScheduledPayments(day);
    this.postAutomaticPayment(day);
    // Due dates on or before `day` have now passed: figures compare due dates with today.
    this.chargeOffIfOverdue(day);
    this.closeIfDone(day);
    this.issueStatementIfDue(day);
  }

  act(action: Action): ActionOutcome {
    const today = this.requireToday();
    if (action.kind === "draw") return actDraw(this, today, action.amountCents);
    if (action.kind === "schedulePayment") return actSchedule(this, today, action.amountCents, action.date);
    if (action.kind === "cancelPayment") return actCancel(this, today, action.index);
    if (action.kind === "waiveFee") return actWaiveFee(this, today, action.index);
    if (action.kind === "reversePayment") return actReversePayment(this, today, action.index);
    if (action.kind === "setLimit") return actSetLimit(this, action.amountCents);
    if (action.kind === "revokeAutopay") return actRevokeAutopay(this, today);
    if (action.kind === "authorizeAutopay") return actAuthorizeAutopay(this);
    if (action.kind === "closeLine") return actCloseLine(this, today);
    if (action.kind === "cancelClosure") return actCancelClosure(this);
    if (action.kind === "reopenLine") return actReopenLine(this, today);
    if (action.kind === "changePaySchedule")
      return actChangePaySchedule(this, today, action.payFrequency, action.lastPayDate);
    return actReturn(this, today, action.index);
  }

  /**
   * A new pay schedule from today (decision record 026): due dates whose
   * statement was issued (statement date today or before) stay; from then on
   * the new schedule's, and its billing cycle's fees and minimums.
   */
  reschedule(frequency: PayFrequency, anchor: string, today: string): void {
    const kept = this.dueDates.filter((d) => statementDateFor(d) <= today);
    const next = dueDates(frequency, anchor, addDays(this.setup.openedOn, SCHEDULE_DAYS));
    this.dueDates = [...kept, ...next.filter((d) => statementDateFor(d) > today)];
    this.cycle = billingCycleFor(frequency);
  }

  figures(): DayFigures {
    return dayFigures({
      setup: { ...this.setup, creditLimitCents: this.creditLimitCents, repaymentMethod: this.repaymentMethod },
      autopayEndsOn: this.autopayEndsOn,
      closing: this.closeRequested && !this.closed,
      today: this.requireToday(),
      state: this.state(),
      scheduled: this.scheduled,
      dueDates: this.dueDates,
      closed: this.closed,
    });
  }

  statements(): StatementFigures[] {
    return this.issued.map((s) => ({ ...s }));
  }

  unpaidMinimums(): number[] {
    return this.state().statements.map((s) => s.minimumUnpaidCents);
  }

  payments(): PostedPayment[] {
    return this.posted.map((p) => ({ ...p }));
  }

  scheduledPayments(): ScheduledPayment[] {
    return this.scheduled.map((p) => ({ ...p }));
  }

  /** The replay of the whole ledger, returned and reversed payments and waived fees left out. */
  state(): LedgerState {
    const cancelled = (i: number) => this.posted[i]!.returnedOn !== null || this.posted[i]!.reversedOn !== null;
    return replay(this.entries, cancelled, (i) => this.waived.has(i));
  }

  requireToday(): string {
    if (this.today === null) throw new Error("no servicing run yet: call morning(openedOn) first");
    return this.today;
  }

  /** A payment posted, not returned or reversed, that the bank could still return on `day` (two business days). */
  paymentReturnable(day: string): boolean {
    return this.posted.some(
      (p) => p.returnedOn === null && p.reversedOn === null && day <= addBusinessDays(p.effectiveDate, 2),
    );
  }

  get chargedOff(): boolean {
    return this.entries.some((e) => e.kind === "chargeOff");
  }

  get firstDrawDate(): string | null {
    return this.entries.find((e) => e.kind === "draw")?.date ?? null;
  }

  postPayment(day: string, amountCents: number, origin: PostedPayment["origin"]): void {
    this.posted.push({ effectiveDate: day, amountCents, origin, returnedOn: null, reversedOn: null });
    this.entries.push({ kind: "payment", date: day, amountCents, paymentIndex: this.posted.length - 1 });
  }

  /** One-time payments post at the morning run of their date, in the order they were scheduled. */
  private postScheduledPayments(day: string): void {
    for (const p of this.scheduled.filter((s) => s.date === day)) this.postPayment(day, p.amountCents, "one_time");
    this.scheduled = this.scheduled.filter((s) => s.date !== day);
  }

  /**
   * 0-decisions.md "Automatic payments": EFT borrowers, on the due date of an
   * issued statement, for the unpaid minimums due that day or earlier, less
   * one-time payments scheduled on or before it and not yet posted; nothing
   * when that is zero. The run happens once a day, so at most once per due date.
   */
  private postAutomaticPayment(day: string): void {
    if (this.repaymentMethod !== "A" || this.closed || this.chargedOff) return;
    if (this.autopayEndsOn !== null && day >= this.autopayEndsOn) return; // revoked with notice
    if (!this.issued.some((s) => s.dueDate === day)) return;
    const pending = this.scheduled.filter((s) => s.date <= day).reduce((sum, s) => sum + s.amountCents, 0);
    const amount = unpaidDueOnOrBefore(this.state(), day) - pending;
    if (amount > 0) this.postPayment(day, amount, "automatic");
  }

  /** 013: more than 90 days past due is a charge-off at that day's run. */
  private chargeOffIfOverdue(day: string): void {
    if (this.closed || this.chargedOff) return;
    if (daysPastDue(this.state(), day) > 90) this.entries.push({ kind: "chargeOff", date: day });
  }

  /**
   * Closure (0-decisions.md): a charged-off line paid in full; asked by the
   * borrower and nothing owed (025); 12 months after activation with no draw;
   * two years at zero balance with no activity. A reopened line counts from
   * its reopening as from an activation (028).
   */
  private closeIfDone(day: string): void {
    if (this.closed) return;
    const balance = balanceOf(this.state());
    const start = this.reopenedOn ?? this.setup.openedOn;
    const drewSince = this.entries.some((e) => e.kind === "draw" && e.date >= start);
    const why = this.chargedOff
      ? balance === 0 && !this.paymentReturnable(day)
        ? "paid"
        : null
      : this.closeRequested && balance === 0 && this.scheduled.length === 0 && !this.paymentReturnable(day)
        ? "requested"
        : (!drewSince && day >= addMonths(start, 12)) ||
            (balance === 0 && day >= addMonths(this.lastActivityDate(start), 24))
          ? "inactivity"
          : null;
    if (why) this.close(day, why);
  }

  close(day: string, why: "paid" | "requested" | "inactivity"): void {
    this.closed = true;
    this.closedOn = day;
    this.closedBecause = why;
  }

  /** The last draw, payment or return since `start`, or `start` when there was none (a desk correction is not activity). */
  private lastActivityDate(start: string): string {
    const activity = new Set<Entry["kind"]>(["draw", "payment", "return"]);
    const dates = this.entries.filter((e) => activity.has(e.kind) && e.date >= start).map((e) => e.date);
    return dates.sort().at(-1) ?? start;
  }

  /** The entries recorded since the last issued statement: the cycle a statement covers (013). */
  private entriesSinceLastStatement(): Entry[] {
    const last = this.entries.map((e) => e.kind).lastIndexOf("statement");
    return this.entries.slice(last + 1);
  }

  /** Statements (0-decisions.md, "Billing cycle and servicing"; 013 first due date, skipped cycles). */
  private issueStatementIfDue(day: string): void {
    if (this.closed || this.chargedOff) return;
    const dueDate = this.dueDates.find((d) => statementDateFor(d) === day);
    if (dueDate === undefined) return;
    // First due date: the first whose statement date is after the first draw's
    // day. This run precedes the day's actions, so any draw seen is earlier.
    if (this.firstDrawDate === null) return;
    const state = this.state();
    const cycle = this.entriesSinceLastStatement();
    // Any draw, payment, return or desk correction in the cycle asks for a statement.
    const activity = cycle.some((e) => e.kind !== "statement" && e.kind !== "chargeOff");
    if (balanceOf(state) === 0 && !activity) return; // the cycle is skipped
    this.issueStatement(day, dueDate, state, cycle);
  }

  private issueStatement(day: string, dueDate: string, state: LedgerState, cycle: Entry[]): void {
    const sum = (kind: Entry["kind"]) =>
      cycle.filter((e) => e.kind === kind).reduce((total, e) => total + ("amountCents" in e ? e.amountCents : 0), 0);
    const previous = this.issued.at(-1);
    const principal = state.principalCents;
    const fee = carriedBalanceFeeCents(this.cycle, principal);
    const newBalance = balanceOf(state) + fee;
    const minimum = ownMinimumCents(this.cycle, fee, principal, newBalance);
    // Past due at issue: unpaid minimums of earlier statements due on or before the statement date.
    const pastDue = unpaidDueOnOrBefore(state, day);
    const warning = oracleMinimumProjection({
      cycle: this.cycle,
      principalCents: principal,
      balanceCents: newBalance,
      totalMinimumDueCents: pastDue + minimum,
    });
    this.issued.push({
      statementDate: day,
      dueDate,
      periodStart: previous?.statementDate ?? this.setup.openedOn,
      previousBalanceCents: previous?.newBalanceCents ?? 0,
      drawsCents: sum("draw"),
      paymentsCents: sum("payment"),
      returnsCents: sum("return") + sum("reversal"),
      creditsCents: sum("waiver"),
      feeCents: fee,
      newBalanceCents: newBalance,
      principalCents: principal,
      pastDueCents: pastDue,
      minimumDueCents: minimum,
      totalMinimumDueCents: pastDue + minimum,
      payoffStatements: warning.statements,
      payoffMonths: warning.months,
      payoffFeesCents: warning.feesCents,
    });
    this.entries.push({ kind: "statement", date: day, dueDate, feeCents: fee, minimumCents: minimum });
  }
}
