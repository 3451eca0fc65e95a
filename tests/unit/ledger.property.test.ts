import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditLine, servicing } from "../../functions/config";
import { cashAdvanceFee } from "../../functions/fees";
import { deriveAccount, type DerivedAccount, type LedgerEntry, type StatementDue } from "../../functions/servicing/ledger";

/**
 * Random ledgers: draws, fees, payments (often back-dated), returns of earlier
 * payments (sometimes with a wrong amount, which must be ignored), reversals of
 * any earlier row (reversals and returns included), adjustments, and rows that
 * point at unknown ids. Each result is checked against invariants and against
 * a small reference model written differently from the module (recursive
 * liveness instead of a newest-first sweep, closed forms for statements).
 */

const NUM_RUNS = 300;
const BASE = "2026-01-01";
const addDays = (iso: string, days: number): string => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// Often the same few days, so same-day rows (ordered by postedAt, then id) are common.
const dayArb = fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 28, max: 30 }));
const opArb = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant("draw" as const), amount: fc.integer({ min: 1, max: 200_000 }) }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constantFrom("cash_advance_fee" as const, "carried_balance_fee" as const), amount: fc.integer({ min: 1, max: 20_000 }) }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("payment" as const), amount: fc.integer({ min: 1, max: 120_000 }) }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant("return" as const), pick: fc.nat(), wrongAmount: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant("reversal" as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      t: fc.constant("adjustment" as const),
      amount: fc.integer({ min: 1, max: 60_000 }),
      target: fc.constantFrom<"fees" | "principal" | undefined>("fees", "principal", undefined),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constantFrom("orphan_return" as const, "orphan_reversal" as const) }), weight: 1 },
);

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
/**
 * Rows in creation order. Either ids follow creation order and postedAt may tie
 * (the id breaks the tie), or ids are scrambled against creation order and
 * postedAt strictly increases (so postedAt, not the id, must decide).
 */
function buildEntries(ops: Array<{ op: Op; day: number; gap: number }>, scrambleIds: boolean): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  let postedAt = 1_700_000_000_000;
  ops.forEach(({ op, day, gap }, i) => {
    postedAt += scrambleIds ? gap + 1 : gap;
    const n = scrambleIds ? (i * 7_919) % 1_000 : i; // 7919 is prime to 1000: still unique
    const base = { id: `e${String(n).padStart(3, "0")}`, effectiveDate: addDays(BASE, day), postedAt };
    switch (op.t) {
      case "draw":
        entries.push({ ...base, kind: "draw", amountCents: op.amount });
        // Half the draws carry their real cash advance fee, like production rows.
        if (op.amount % 2 === 0) entries.push({ ...base, id: `${base.id}f`, kind: "cash_advance_fee", amountCents: cashAdvanceFee(op.amount, "biweekly") || 1 });
        break;
      case "cash_advance_fee":
      case "carried_balance_fee":
      case "payment":
        entries.push({ ...base, kind: op.t, amountCents: op.amount });
        break;
      case "adjustment":
        entries.push({ ...base, kind: "adjustment", amountCents: op.amount, ...(op.target ? { adjustmentTarget: op.target } : {}) });
        break;
      case "return": {
        const payments = entries.filter((e) => e.kind === "payment");
        const p = payments[op.pick % Math.max(1, payments.length)];
        if (p) entries.push({ ...base, kind: "payment_return", amountCents: p.amountCents + (op.wrongAmount && op.pick % 4 === 0 ? 1 : 0), reversesId: p.id });
        break;
      }
      case "reversal": {
        const target = entries[op.pick % Math.max(1, entries.length)];
        if (target) entries.push({ ...base, kind: "reversal", amountCents: target.amountCents, reversesId: target.id });
        break;
      }
      default:
        entries.push({ ...base, kind: op.t === "orphan_return" ? "payment_return" : "reversal", amountCents: 100, reversesId: "missing" });
    }
  });
  return entries;
}

// Weekly grid, so statements often share a due date.
const statementArb = fc.record({ day: fc.integer({ min: 0, max: 17 }).map((w) => w * 7), lead: fc.integer({ min: 0, max: 4 }).map((w) => w * 7), min: fc.integer({ min: 0, max: 30_000 }) });
const scenarioArb = fc
  .record({
    ops: fc.array(fc.record({ op: opArb, day: dayArb, gap: fc.integer({ min: 0, max: 2 }) }), { maxLength: 40 }),
    stmts: fc.array(statementArb, { maxLength: 6 }),
    asOfDay: fc.integer({ min: 0, max: 240 }),
    limit: fc.integer({ min: 0, max: creditLine.maxLimitCents }),
    scrambleIds: fc.boolean(),
  })
  .map(({ ops, stmts, asOfDay, limit, scrambleIds }) => ({
    entries: buildEntries(ops, scrambleIds),
    statements: stmts.map((s, i): StatementDue => ({ id: `s${i}`, statementDate: addDays(BASE, s.day), dueDate: addDays(BASE, s.day + s.lead), minimumDueCents: s.min })),
    asOf: addDays(BASE, asOfDay),
    limit,
  }));

type Scenario = { entries: LedgerEntry[]; statements: StatementDue[]; asOf: string; limit: number };
const derive = (s: Scenario): DerivedAccount => deriveAccount(s.entries, s.statements, s.asOf, s.limit);

/** Reference model: which rows count, and what they add up to. */
function model({ entries, asOf }: Scenario) {
  const visible = entries.filter((e) => e.effectiveDate <= asOf);
  const earlier = (a: LedgerEntry, b: LedgerEntry) => a.postedAt < b.postedAt || (a.postedAt === b.postedAt && a.id < b.id);
  const memo = new Map<string, boolean>();
  const live = (e: LedgerEntry): boolean => {
    if (!memo.has(e.id)) {
      const killer = visible.find(
        (c) =>
          c.reversesId === e.id &&
          earlier(e, c) &&
          (c.kind === "reversal" || (c.kind === "payment_return" && e.kind === "payment" && e.amountCents === c.amountCents)) &&
          live(c),
      );
      memo.set(e.id, killer === undefined);
    }
    return memo.get(e.id)!;
  };
  const active = visible
    .filter((e) => e.kind !== "reversal" && e.kind !== "payment_return" && live(e))
    .map((e) => ({ e, key: `${e.effectiveDate}|${String(e.postedAt).padStart(16, "0")}|${e.id}` }))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((x) => x.e);
  let principal = 0;
  let fees = 0;
  let appliedAdjustments = 0;
  for (const e of active) {
    if (e.kind === "draw") principal += e.amountCents;
    else if (e.kind === "cash_advance_fee" || e.kind === "carried_balance_fee") fees += e.amountCents;
    else {
      const pools: Array<"fees" | "principal"> = e.kind === "payment" || !e.adjustmentTarget ? ["fees", "principal"] : [e.adjustmentTarget];
      let left = e.amountCents;
      for (const pool of pools) {
        const take = Math.min(left, pool === "fees" ? fees : principal);
        if (pool === "fees") fees -= take;
        else principal -= take;
        left -= take;
      }
      if (e.kind === "adjustment") appliedAdjustments += e.amountCents - left;
    }
  }
  const charges = active.filter((e) => ["draw", "cash_advance_fee", "carried_balance_fee"].includes(e.kind)).reduce((s, e) => s + e.amountCents, 0);
  return { active, principal, fees, appliedAdjustments, charges, cancelledSomething: visible.some((e) => e.kind !== "reversal" && e.kind !== "payment_return" && !live(e)) };
}

const opts = { numRuns: NUM_RUNS };

describe("ledger invariants (fast-check)", () => {
  it("balances: balance = principal + fees = charges - applied payments - applied adjustments, never negative", () => {
    const seen = { cancelled: 0, unapplied: 0, delinquent: 0 };
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const a = derive(s);
        const m = model(s);
        const appliedPayments = a.payments.reduce((sum, p) => sum + p.toFeesCents + p.toPrincipalCents, 0);
        expect(a.principalCents).toBe(m.principal);
        expect(a.feesCents).toBe(m.fees);
        expect(a.balanceCents).toBe(a.principalCents + a.feesCents);
        expect(a.balanceCents).toBe(m.charges - appliedPayments - m.appliedAdjustments);
        expect(a.principalCents).toBeGreaterThanOrEqual(0);
        expect(a.feesCents).toBeGreaterThanOrEqual(0);
        // Never applied beyond what was charged.
        expect(appliedPayments + m.appliedAdjustments).toBeLessThanOrEqual(m.charges);
        seen.cancelled += m.cancelledSomething ? 1 : 0;
        seen.unapplied += a.payments.some((p) => p.unappliedCents > 0) ? 1 : 0;
        seen.delinquent += a.delinquent ? 1 : 0;
      }),
      opts,
    );
    // The generator must actually exercise cancellations, overpayments and delinquency.
    expect(seen.cancelled).toBeGreaterThan(NUM_RUNS / 10);
    expect(seen.unapplied).toBeGreaterThan(NUM_RUNS / 20);
    expect(seen.delinquent).toBeGreaterThan(NUM_RUNS / 20);
  });

  it("payments: every active payment is split exactly into fees + principal + unapplied, in processing order", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const a = derive(s);
        const activePayments = model(s).active.filter((e) => e.kind === "payment");
        expect(a.payments.map((p) => p.entryId)).toEqual(activePayments.map((e) => e.id));
        a.payments.forEach((p, i) => {
          expect(Math.min(p.toFeesCents, p.toPrincipalCents, p.unappliedCents)).toBeGreaterThanOrEqual(0);
          expect(p.toFeesCents + p.toPrincipalCents + p.unappliedCents).toBe(activePayments[i]!.amountCents);
        });
        // Unapplied money means that payment paid the balance off; if only credits (payments,
        // adjustments) follow it in processing order, nothing can be owed now.
        const active = model(s).active;
        const lastOver = a.payments.findLastIndex((p) => p.unappliedCents > 0);
        if (lastOver >= 0) {
          const after = active.slice(active.indexOf(activePayments[lastOver]!) + 1);
          if (after.every((e) => e.kind === "payment" || e.kind === "adjustment")) expect(a.balanceCents).toBe(0);
        }
      }),
      opts,
    );
  });

  it("credit: available credit is within [0, limit] and equals limit - balance when that is positive", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const a = derive(s);
        expect(a.availableCreditCents).toBeGreaterThanOrEqual(0);
        expect(a.availableCreditCents).toBeLessThanOrEqual(s.limit);
        expect(a.availableCreditCents).toBe(Math.max(0, s.limit - a.balanceCents));
      }),
      opts,
    );
  });

  it("statements: past/current/minimum due follow earliest-due-first satisfaction", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const a = derive(s);
        const pool = a.payments.reduce((sum, p) => sum + p.toFeesCents + p.toPrincipalCents, 0);
        const issued = s.statements.filter((x) => x.statementDate <= s.asOf);
        const past = issued.filter((x) => x.dueDate < s.asOf).sort((x, y) => (x.dueDate < y.dueDate ? -1 : 1));
        const futureDates = issued.filter((x) => x.dueDate >= s.asOf).map((x) => x.dueDate).sort();
        const next = futureDates[0] ?? null;
        const sumPast = past.reduce((t, x) => t + x.minimumDueCents, 0);
        const sumNext = issued.filter((x) => x.dueDate === next).reduce((t, x) => t + x.minimumDueCents, 0);
        const pastDue = Math.min(Math.max(0, sumPast - pool), a.balanceCents);
        const currentDue = Math.min(Math.max(0, Math.min(sumNext, sumPast + sumNext - pool)), a.balanceCents - pastDue);
        // Earliest unpaid: the first past statement whose cumulative minimum exceeds the pool.
        let cumulative = 0;
        const earliestUnpaid = past.find((x) => (cumulative += x.minimumDueCents) > pool)?.dueDate;
        const days = pastDue > 0 && earliestUnpaid ? Math.round((Date.parse(s.asOf) - Date.parse(earliestUnpaid)) / 86_400_000) : 0;

        expect(a.nextDueDate).toBe(next);
        expect(a.pastDueCents).toBe(pastDue);
        expect(a.currentDueCents).toBe(currentDue);
        expect(a.daysPastDue).toBe(days);
        expect(a.delinquent).toBe(pastDue > 0);
        expect(a.chargedOff).toBe(days > servicing.chargeOffAfterDaysPastDue);
        expect(a.minimumDueCents).toBe(a.chargedOff ? a.balanceCents : pastDue + currentDue);
        expect(a.minimumDueCents).toBeLessThanOrEqual(a.balanceCents);
      }),
      opts,
    );
  });

  it("order: shuffling the input rows and statements gives an identical account", () => {
    const shuffled = scenarioArb.chain((s) =>
      fc.tuple(
        fc.constant(s),
        fc.shuffledSubarray(s.entries, { minLength: s.entries.length, maxLength: s.entries.length }),
        fc.shuffledSubarray(s.statements, { minLength: s.statements.length, maxLength: s.statements.length }),
      ),
    );
    fc.assert(
      fc.property(shuffled, ([s, entries, statements]) => {
        expect(deriveAccount(entries, statements, s.asOf, s.limit)).toEqual(derive(s));
      }),
      opts,
    );
  });

  it("reversal: appending a reversal of one row equals deriving without that row", () => {
    const withPick = scenarioArb
      .filter((s) => s.entries.length > 0)
      .chain((s) => fc.tuple(fc.constant(s), fc.nat({ max: s.entries.length - 1 }), fc.integer({ min: 0, max: 240 })));
    fc.assert(
      fc.property(withPick, ([s, index, revDay]) => {
        const target = s.entries[index]!;
        const latest = Math.max(...s.entries.map((e) => e.postedAt));
        // Effective on or before asOf, so it acts in this derivation.
        const revDate = [addDays(BASE, revDay), s.asOf].sort()[0]!;
        const reversal: LedgerEntry = { id: "zz-reversal", kind: "reversal", amountCents: target.amountCents, effectiveDate: revDate, postedAt: latest + 1, reversesId: target.id };
        const reversed = deriveAccount([...s.entries, reversal], s.statements, s.asOf, s.limit);
        const without = deriveAccount(s.entries.filter((e) => e !== target), s.statements, s.asOf, s.limit);
        expect(reversed).toEqual(without);
      }),
      opts,
    );
  });
});
