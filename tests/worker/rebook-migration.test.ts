/**
 * Migration 0010 rebooks lines recorded under the old rules (issue 13): a
 * draw was two rows, the deposited principal and a cash advance fee; now it
 * is one row for the full amount with the fee as its detail. Nothing an
 * issued statement says changes, and the line is serviced from the day of
 * the migration on (no past due date is debited or billed again). A line's
 * ledger lives in its Durable Object (decision record 032), which applies the
 * same migrations: the rebooking is proven on an object's tables.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { inLineObject } from "./helpers/line-object";

const rebook = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0010_"))!;

describe("migration 0010: existing lines under the new rules", () => {
  it("makes each draw one full-amount row, keeps statements as issued, and starts the servicing at the migration", () =>
    inLineObject(96_500_001, async (_db, d1) => {
      const line = 96_500_001;
      const at = Date.parse("2026-10-01T16:00:00Z");
      await d1.batch([
        d1
          .prepare(
            "INSERT INTO lines (id, application_id, customer_id, credit_limit_cents, status, pay_frequency, pay_anchor_date, repayment_method, opened_at, charged_off_at, created_at) VALUES (?, ?, 'old-rules', 100000, 'open', 'B', '2026-09-25', 'A', ?, ?, ?)",
          )
          .bind(line, line, at, at + 90 * 86_400_000, at),
        d1
          .prepare(
            "INSERT INTO ledger_entries (id, line_id, kind, amount_cents, effective_date, posted_at, description) VALUES ('D123456789', ?, 'draw', 47500, '2026-10-01', ?, 'Draw'), ('D123456789:fee', ?, 'cash_advance_fee', 2500, '2026-10-01', ?, 'Fee'), ('P234567891', ?, 'payment', 5000, '2026-10-20', ?, 'Payment'), ('S1-2026-10-23:fee', ?, 'carried_balance_fee', 2000, '2026-10-09', ?, 'Carried balance fee')",
          )
          .bind(line, at, line, at, line, at, line, at),
        d1
          .prepare(
            "INSERT INTO statements (id, line_id, statement_date, due_date, principal_cents, fee_cents, balance_cents, minimum_due_cents, past_due_cents, created_at) VALUES ('S1-2026-10-23', ?, '2026-10-09', '2026-10-23', 47500, 2000, 52000, 4375, 0, ?)",
          )
          .bind(line, at),
      ]);
      const statementBefore = await d1.prepare("SELECT * FROM statements WHERE id = 'S1-2026-10-23'").first();
      for (const query of rebook.queries) await d1.prepare(query).run();

      const rows = (
        await d1
          .prepare(
            "SELECT id, kind, amount_cents, fee_cents, origin, reference FROM ledger_entries WHERE line_id = ? ORDER BY id",
          )
          .bind(line)
          .all()
      ).results;
      expect(rows).toEqual([
        {
          id: "D123456789",
          kind: "draw",
          amount_cents: 50_000,
          fee_cents: 2_500,
          origin: null,
          reference: 123_456_789,
        },
        {
          id: "P234567891",
          kind: "payment",
          amount_cents: 5_000,
          fee_cents: null,
          origin: "one_time",
          reference: 234_567_891,
        },
        expect.objectContaining({
          id: "S1-2026-10-23:fee",
          kind: "carried_balance_fee",
          amount_cents: 2_000,
          reference: expect.any(Number),
        }),
      ]);
      expect(await d1.prepare("SELECT * FROM statements WHERE id = 'S1-2026-10-23'").first()).toEqual(statementBefore);
      const after = await d1
        .prepare("SELECT serviced_through, charged_off_on FROM lines WHERE id = ?")
        .bind(line)
        .first<{ serviced_through: string; charged_off_on: string }>();
      expect(after!.serviced_through).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(after!.charged_off_on).toBe("2026-12-30");
    }));
});
