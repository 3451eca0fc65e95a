import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The tables only a line's own Durable Object holds (decision record 032): its ledger, its draw and
 * payment requests, its statements, the notices it sent and its events. The shared database's schema
 * (db/schema/) does not map them: no borrower's ledger grows it. The object applies the shared
 * database's migrations kept to its tables (functions/servicing/objects/schema.ts), which made these.
 */

const createdAt = () => integer("created_at").notNull();

/** Append-only: a mistake is corrected by a reversing row, never an edit. */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: text("id").primaryKey(),
    lineId: integer("line_id").notNull(),
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    effectiveDate: text("effective_date").notNull(),
    postedAt: integer("posted_at").notNull(),
    reversesId: text("reverses_id"),
    /** Payments: one_time | automatic. */
    origin: text("origin"),
    /** Draws: the cash advance fee kept from the deposit (the full draw is principal). */
    feeCents: integer("fee_cents"),
    /** The short numeric transaction id borrowers read. */
    reference: integer("reference"),
    description: text("description").notNull(),
  },
  (t) => [index("ledger_line").on(t.lineId, t.effectiveDate)],
);

/** Draw requests and one-time payments, from request to posting. */
export const transactions = sqliteTable(
  "transactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lineId: integer("line_id").notNull(),
    /** D (draw) | P (payment) */
    code: text("code").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Payments: the date they take effect; draws: the funding date. */
    effectiveDate: text("effective_date").notNull(),
    /** pending | posted | cancelled | returned */
    status: text("status").notNull(),
    createdAt: createdAt(),
    postedAt: integer("posted_at"),
  },
  (t) => [index("transactions_line").on(t.lineId, t.status)],
);

export const statements = sqliteTable(
  "statements",
  {
    id: text("id").primaryKey(),
    lineId: integer("line_id").notNull(),
    statementDate: text("statement_date").notNull(),
    dueDate: text("due_date").notNull(),
    /** The figures as issued (never changed). Null columns: issued before they were kept. */
    periodStart: text("period_start"),
    previousBalanceCents: integer("previous_balance_cents"),
    drawsCents: integer("draws_cents"),
    paymentsCents: integer("payments_cents"),
    returnsCents: integer("returns_cents"),
    /** Fees waived or refunded at the desk in the cycle (decision record 022). */
    creditsCents: integer("credits_cents"),
    principalCents: integer("principal_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    /** The new balance. */
    balanceCents: integer("balance_cents").notNull(),
    /** This statement's own minimum. */
    minimumDueCents: integer("minimum_due_cents").notNull(),
    pastDueCents: integer("past_due_cents").notNull(),
    totalMinimumDueCents: integer("total_minimum_due_cents"),
    /**
     * The notices as issued (0-decisions.md, "Notices and records the law requires"); a null edition:
     * issued before statements carried them, and printed without. The wording's edition; the
     * minimum-payment warning's statements to a zero balance (null with an edition: never), months
     * and fees; the billing-error address, one line per line; the days past due before charge-off.
     */
    noticesEdition: integer("notices_edition"),
    payoffStatements: integer("payoff_statements"),
    payoffMonths: integer("payoff_months"),
    payoffFeesCents: integer("payoff_fees_cents"),
    billingErrorAddress: text("billing_error_address"),
    chargeOffAfterDays: integer("charge_off_after_days"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("statements_line_due").on(t.lineId, t.dueDate)],
);

export const notices = sqliteTable(
  "notices",
  {
    lineId: integer("line_id").notNull(),
    kind: text("kind").notNull(),
    ref: text("ref").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.kind, t.ref] })],
);

/**
 * The outbox of each line's events (a line opened, a draw, a payment posted or
 * returned, a statement issued, past due, charged off, closed), written in the
 * same batch or transaction as the posting, in the line's own store. `seq`
 * counts a line's events from 1; the event id is `${lineId}:${seq}`. Handed to
 * the events queue at least once; `handedAt` is set once the queue took it.
 */
export const lineEvents = sqliteTable(
  "line_events",
  {
    id: text("id").primaryKey(),
    lineId: integer("line_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    /** The Eastern business day the event belongs to. */
    day: text("day").notNull(),
    at: integer("at").notNull(),
    /** Figures only, as JSON (amounts in cents, ids of rows): never a name, an address or an account number. */
    data: text("data").notNull().default("{}"),
    handedAt: integer("handed_at"),
  },
  (t) => [uniqueIndex("line_events_line_seq").on(t.lineId, t.seq), index("line_events_unhanded").on(t.handedAt)],
);
