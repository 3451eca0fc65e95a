import fc from "fast-check";
import { addBusinessDays, addDays, isBusinessDay } from "../oracle/calendar";
import { referenceLine } from "../oracle/model";
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
 * Random borrower lives, played day by day through two implementations of
 * the servicing rules (the product's engine and the independent model of
 * tests/oracle), which must agree on every figure of every day and every
 * statement. A life is a setup and a plan of intents; an intent becomes a
 * concrete action from the model's figures that morning (pay the minimum,
 * draw half the available credit...), so both sides get the same action.
 */
export const LIFE_DAYS = 400;

export type Intent =
  | { day: number; kind: "draw"; share: number }
  | { day: number; kind: "pay"; what: "minimum" | "payoff" | "some"; share: number; ahead: number }
  | { day: number; kind: "return"; which: "latest" | "any"; pick: number }
  /** Cancel a scheduled payment by phone: mostly one that may still be cancelled, sometimes any (refused when too late). */
  | { day: number; kind: "cancel"; which: "allowed" | "nearest" | "any"; pick: number }
  /** A desk correction a supervisor approves: waive a statement's fee, or reverse a posted payment (mostly the latest, sometimes any). */
  | { day: number; kind: "waive" | "reverse"; which: "latest" | "any"; pick: number }
  /** A new credit limit at the desk, from $300 to $3,500 by `share` (raises above underwriting's are refused). */
  | { day: number; kind: "limit"; share: number }
  /** Automatic payments revoked or authorized at the desk. */
  | { day: number; kind: "autopay"; change: "revoke" | "authorize" }
  /** The borrower asks to close, or takes it back (late in a life, so the rest of it is not all closed). */
  | { day: number; kind: "closure"; change: "close" | "cancel" | "reopen" }
  /** A new pay schedule at the desk: a frequency and a pay date `back` days ago, mostly one of its own pay dates (`exact`). */
  | { day: number; kind: "schedule"; frequency: LifeSetup["payFrequency"]; back: number; exact: boolean };

export interface Life {
  setup: LifeSetup;
  intents: Intent[];
}

const setupArb: fc.Arbitrary<LifeSetup> = fc
  .record({
    // Lives start between 2025 and 2032, so holidays and leap years vary.
    start: fc.integer({ min: 0, max: 8 * 365 }),
    payFrequency: fc.constantFrom("W" as const, "B" as const, "S" as const, "M" as const),
    anchorBack: fc.integer({ min: 0, max: 40 }),
    repaymentMethod: fc.constantFrom("A" as const, "K" as const),
    creditLimitCents: fc.integer({ min: 12, max: 140 }).map((n) => n * 2_500),
    // $400 to $4,000 a paycheck: underwriting's raise ceilings from below $300 to the $3,500 maximum.
    takeHomeCents: fc.integer({ min: 400, max: 4_000 }).map((n) => n * 100),
  })
  .map(({ start, anchorBack, ...s }) => {
    const openedOn = addDays("2025-01-01", start);
    return { ...s, openedOn, payAnchorDate: addDays(openedOn, -anchorBack) };
  });

const day = fc.integer({ min: 0, max: LIFE_DAYS - 1 });
const share = fc.double({ min: 0, max: 1, noNaN: true });
const intentArb: fc.Arbitrary<Intent | Intent[]> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ day, kind: fc.constant("draw" as const), share }) },
  {
    weight: 5,
    arbitrary: fc.record({
      day,
      kind: fc.constant("pay" as const),
      what: fc.constantFrom("minimum" as const, "payoff" as const, "some" as const),
      share,
      ahead: fc.integer({ min: 0, max: 50 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      day,
      kind: fc.constant("cancel" as const),
      which: fc.constantFrom("allowed" as const, "nearest" as const, "any" as const),
      pick: fc.nat(20),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      day,
      kind: fc.constantFrom("waive" as const, "reverse" as const),
      which: fc.constantFrom("latest" as const, "any" as const),
      pick: fc.nat(20),
    }),
  },
  { weight: 1, arbitrary: fc.record({ day, kind: fc.constant("limit" as const), share }) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        day: fc.integer({ min: 150, max: LIFE_DAYS - 1 }),
        kind: fc.constant("closure" as const),
        change: fc.constantFrom("close" as const, "cancel" as const, "reopen" as const),
        // A closure the borrower may regret: a reopening asked for this many days later (some after the 30 allowed).
        regret: fc.option(fc.integer({ min: 0, max: 45 }), { freq: 2 }),
      })
      .map(({ regret, ...closure }) =>
        closure.change === "close" && regret !== null
          ? [closure, { ...closure, day: Math.min(LIFE_DAYS - 1, closure.day + regret), change: "reopen" as const }]
          : [closure],
      ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      day,
      kind: fc.constant("autopay" as const),
      change: fc.constantFrom("revoke" as const, "authorize" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      day,
      kind: fc.constant("schedule" as const),
      frequency: fc.constantFrom("W" as const, "B" as const, "S" as const, "M" as const),
      back: fc.integer({ min: 0, max: 35 }),
      exact: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      day,
      kind: fc.constant("return" as const),
      which: fc.constantFrom("latest" as const, "any" as const),
      pick: fc.nat(20),
    }),
  },
);

/** A first draw on the opening day most of the time, as e-sign makes it. */
export const lifeArb: fc.Arbitrary<Life> = fc
  .record({
    setup: setupArb,
    firstDraw: fc.option(share, { freq: 5 }),
    intents: fc.array(intentArb, { maxLength: 45 }),
  })
  .map(({ setup, firstDraw, intents }) => ({
    setup,
    intents: [
      ...(firstDraw === null ? [] : [{ day: 0, kind: "draw" as const, share: firstDraw }]),
      ...intents.flat(),
    ].sort((a, b) => a.day - b.day),
  }));

/**
 * Whether an intent acts on day `n`: on its own day, or later while it waits
 * for something to act on (a return for a payment, up to
 * RETURN_PATIENCE_DAYS; a cancellation for a scheduled payment, for the rest
 * of the life) and has not acted yet.
 */
export function dueOn(intent: Intent, n: number, done: ReadonlySet<Intent>): boolean {
  if (intent.day === n) return true;
  if (intent.day > n || done.has(intent)) return false;
  if (intent.kind === "cancel") return true;
  if (intent.kind === "closure" && intent.change === "reopen") return n - intent.day <= REOPEN_PATIENCE_DAYS;
  return (
    (intent.kind === "return" || intent.kind === "waive" || intent.kind === "reverse") &&
    n - intent.day <= RETURN_PATIENCE_DAYS
  );
}

/** A reopening waits up to this many days for a closed line (past the 30 days it may be reopened in, so some are refused). */
const REOPEN_PATIENCE_DAYS = 120;

/** A return waits up to this many days for a payment it can return. */
const RETURN_PATIENCE_DAYS = 30;

/** Payments a bank could still return today (posted, not returned, within two business days). */
function returnable(payments: PostedPayment[], today: string): number[] {
  return payments.flatMap((p, i) =>
    p.returnedOn === null &&
    p.reversedOn === null &&
    p.effectiveDate <= today &&
    today <= addBusinessDays(p.effectiveDate, 2)
      ? [i]
      : [],
  );
}

/**
 * The pay date a schedule change gives: `back` days ago, or (when `exact`)
 * the twice-monthly pay date on or before it (a 15th or a month's last day),
 * so twice-monthly changes are not all refused. Which of them are the most
 * recent pay date is for the two implementations to decide.
 */
function payDateBack(intent: Extract<Intent, { kind: "schedule" }>, today: string): string {
  let date = addDays(today, 7 - intent.back);
  if (!intent.exact || intent.frequency !== "S") return date;
  while (date.slice(8, 10) !== "15" && addDays(date, 1).slice(8, 10) !== "01") date = addDays(date, -1);
  return date;
}

/** The concrete action an intent makes today, from the model's figures (null: nothing to do yet). */
export function concrete(
  intent: Intent,
  today: string,
  f: DayFigures,
  payments: PostedPayment[],
  scheduled: ReadonlyArray<{ date: string }> = [],
  statements: readonly StatementFigures[] = [],
): Action | null {
  switch (intent.kind) {
    case "draw": {
      const steps = Math.floor(f.availableCreditCents / 2_500);
      return { kind: "draw", amountCents: Math.max(4, Math.round(steps * intent.share)) * 2_500 };
    }
    case "pay": {
      const amount =
        intent.what === "minimum"
          ? f.nextMinimumDueCents
          : intent.what === "payoff"
            ? f.payoffCents
            : Math.max(1, Math.round(f.payoffCents * intent.share));
      if (amount <= 0) return null;
      let date = addDays(today, 1 + intent.ahead);
      while (!isBusinessDay(date)) date = addDays(date, 1);
      return { kind: "schedulePayment", amountCents: amount, date };
    }
    case "cancel": {
      // The notice rule is written again here on purpose only as a chooser: the model's actCancel decides.
      // "nearest": waits for the payment due soonest to come within 2 or 3 days (by `pick`), so the
      // notice's edge is met: at 3 days a cancellation is allowed, at 2 it is refused.
      if (intent.which === "nearest") {
        if (scheduled.length === 0) return null;
        const soonest = scheduled.reduce((best, p, i) => (p.date < scheduled[best]!.date ? i : best), 0);
        return scheduled[soonest]!.date <= addDays(today, 2 + (intent.pick % 2))
          ? { kind: "cancelPayment", index: soonest }
          : null;
      }
      const indices = scheduled.flatMap((p, i) => (intent.which === "any" || p.date >= addDays(today, 3) ? [i] : []));
      if (indices.length === 0) return null;
      return { kind: "cancelPayment", index: indices[intent.pick % indices.length]! };
    }
    case "closure":
      // A reopening waits for a closed line.
      if (intent.change === "reopen") return f.standing === "closed" ? { kind: "reopenLine" } : null;
      return { kind: intent.change === "close" ? "closeLine" : "cancelClosure" };
    case "autopay":
      return { kind: intent.change === "revoke" ? "revokeAutopay" : "authorizeAutopay" };
    case "schedule":
      return { kind: "changePaySchedule", payFrequency: intent.frequency, lastPayDate: payDateBack(intent, today) };
    case "limit":
      return { kind: "setLimit", amountCents: (12 + Math.round(intent.share * 128)) * 2_500 };
    case "waive": {
      // Mostly the latest statement that billed a fee; sometimes any statement (a fee of 0, or one already waived, is refused).
      const withFee = statements.flatMap((s, i) => (s.feeCents > 0 ? [i] : []));
      if (intent.which === "latest") return withFee.length === 0 ? null : { kind: "waiveFee", index: withFee.at(-1)! };
      return statements.length === 0 ? null : { kind: "waiveFee", index: intent.pick % statements.length };
    }
    case "reverse": {
      const standing = payments.flatMap((p, i) => (p.returnedOn === null && p.reversedOn === null ? [i] : []));
      if (intent.which === "latest")
        return standing.length === 0 ? null : { kind: "reversePayment", index: standing.at(-1)! };
      return payments.length === 0 ? null : { kind: "reversePayment", index: intent.pick % payments.length };
    }
    case "return": {
      // Mostly a payment still returnable; sometimes any payment, which must be refused once too late.
      const candidates = intent.which === "latest" ? returnable(payments, today) : payments.map((_, i) => i);
      if (candidates.length === 0) return null;
      return {
        kind: "returnPayment",
        index: intent.which === "latest" ? candidates.at(-1)! : candidates[intent.pick % candidates.length]!,
      };
    }
  }
}

export interface Disagreement {
  day: number;
  date: string;
  what: string;
  product: unknown;
  model: unknown;
  trace: string[];
}

const json = (x: unknown) => JSON.stringify(x);

/** Plays one life through both; the first disagreement, or null. */
export function compareLife(
  life: Life,
  product: (setup: LifeSetup) => ReferenceLine,
  model: (setup: LifeSetup) => ReferenceLine = referenceLine,
): Disagreement | null {
  const a = product(life.setup);
  const b = model(life.setup);
  const trace: string[] = [`setup ${json(life.setup)}`];
  const done = new Set<Intent>();
  for (let n = 0; n < LIFE_DAYS; n++) {
    const date = addDays(life.setup.openedOn, n);
    a.morning(date);
    b.morning(date);
    const differ = (what: string, x: unknown, y: unknown) =>
      json(x) === json(y) ? null : { day: n, date, what, product: x, model: y, trace };
    const due = life.intents.filter((i) => dueOn(i, n, done));
    for (const intent of due) {
      const action = concrete(intent, date, b.figures(), b.payments(), b.scheduledPayments(), b.statements());
      if (!action) continue;
      done.add(intent);
      const x: ActionOutcome = a.act(action);
      const y: ActionOutcome = b.act(action);
      trace.push(`day ${n} ${date} ${json(action)} -> product ${json(x)}, model ${json(y)}`);
      const outcome = differ(`outcome of ${json(action)}`, x.ok, y.ok);
      if (outcome) return outcome;
    }
    const f = b.figures();
    trace.push(
      `day ${n} ${date} ${f.standing} bal ${f.balanceCents} (p ${f.principalCents} fees ${f.unpaidFeesCents}) past ${f.pastDueCents} cur ${f.currentDueCents} next ${f.nextDueDate} auto ${json(f.nextAutomaticPayment)} sched ${f.scheduledCents}`,
    );
    const found =
      differ("figures", a.figures(), f) ??
      differ("statements", a.statements(), b.statements()) ??
      differ("unpaid minimums", a.unpaidMinimums(), b.unpaidMinimums()) ??
      differ("payments", a.payments(), b.payments());
    if (found) return found;
  }
  return null;
}

/** A readable report: the first difference, then the days that led to it (last ones first cut to `tail`). */
export function describeDisagreement(d: Disagreement, tail = 60): string {
  const lines =
    d.trace.length > tail
      ? [d.trace[0]!, `... ${d.trace.length - tail} earlier lines`, ...d.trace.slice(-tail + 1)]
      : d.trace;
  return [
    `Disagreement on day ${d.day} (${d.date}): ${d.what}`,
    `  product: ${json(d.product)}`,
    `  model:   ${json(d.model)}`,
    "Trace (model's figures each day):",
    ...lines.map((l) => `  ${l}`),
  ].join("\n");
}
