import type { Database } from "#db/client";
import { addDays, easternDateTime } from "#domain/calendar";
import { issueToken } from "./tokens";

/**
 * Development-only load for `npm run bench`: accounts of 50 ledger rows each
 * (the site's dev tools then time GetSummary and PostTransaction on them
 * through the typed client, functions/server/api/dev-bench.ts).
 */
export const BENCH_ROWS_PER_ACCOUNT = 50;
const DAY = 86_400_000;

/** SQL literal for generated bench values (never user input). */
const lit = (value: string | number) =>
  typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

function insertSql(table: string, columns: string[], rows: Array<Array<string | number>>): string {
  return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES ${rows.map((r) => `(${r.map(lit).join(", ")})`).join(", ")}`;
}

/**
 * Bulk rows as multi-row literal INSERTs: D1 allows only 100 bound
 * parameters per statement, far too few for half a million rows.
 */
export async function seedBenchAccounts(d1: D1Database, from: number, count: number, now: number): Promise<void> {
  const today = easternDateTime(new Date(now)).date;
  const start = addDays(today, -200);
  const ids = Array.from({ length: count }, (_, k) => from + k);
  const sql: string[] = [];
  for (const group of chunk(ids, 100)) {
    sql.push(
      insertSql(
        "customers",
        [
          "id",
          "ssn_hash",
          "ssn_encrypted",
          "ssn_last4",
          "first_name",
          "last_name",
          "dob",
          "email",
          "address1",
          "address2",
          "city",
          "state",
          "zip",
          "home_phone",
          "mobile_phone",
          "created_at",
          "updated_at",
        ],
        group.map((n) => [
          `bench-${n}`,
          `bench-hash-${n}`,
          "v1.bench",
          String(n % 10_000).padStart(4, "0"),
          "Bench",
          `Borrower ${n}`,
          "1985-01-01",
          `bench${n}@bench.test`,
          "1 Load Street",
          "",
          "Testville",
          "OH",
          "43004",
          "6145550000",
          "",
          now,
          now,
        ]),
      ),
      insertSql(
        "lines",
        [
          "id",
          "application_id",
          "customer_id",
          "credit_limit_cents",
          "status",
          "pay_frequency",
          "pay_anchor_date",
          "repayment_method",
          "opened_at",
          "serviced_through",
          "created_at",
        ],
        // Serviced through today: the timed reads measure reading a line, not catching up 200 days of servicing.
        group.map((n) => [
          50_000_000 + n,
          50_000_000 + n,
          `bench-${n}`,
          150_000,
          "open",
          "B",
          start,
          "A",
          now - 200 * DAY,
          today,
          now - 200 * DAY,
        ]),
      ),
    );
    // 10 draws, 28 payments and the 12 statements' carried balance fees: 50 rows each.
    const entries = group.flatMap((n) => [
      ...Array.from({ length: 10 }, (_, r) => [
        `B${n}-D${r}`,
        50_000_000 + n,
        "draw",
        10_000,
        500,
        "",
        addDays(start, r * 8),
        now,
        "Draw",
      ]),
      ...Array.from({ length: 28 }, (_, r) => [
        `B${n}-P${r}`,
        50_000_000 + n,
        "payment",
        2_000,
        0,
        "one_time",
        addDays(start, 10 + r * 6),
        now,
        "Payment",
      ]),
      ...Array.from({ length: 12 }, (_, s) => [
        `BS${n}-${s}:fee`,
        50_000_000 + n,
        "carried_balance_fee",
        500,
        0,
        "",
        addDays(start, 14 + s * 14),
        now,
        "Carried balance fee",
      ]),
    ]);
    for (const rows of chunk(entries, 500))
      sql.push(
        insertSql(
          "ledger_entries",
          [
            "id",
            "line_id",
            "kind",
            "amount_cents",
            "fee_cents",
            "origin",
            "effective_date",
            "posted_at",
            "description",
          ],
          rows,
        ),
      );
    const statementRows = group.flatMap((n) =>
      Array.from({ length: 12 }, (_, s) => [
        `BS${n}-${s}`,
        50_000_000 + n,
        addDays(start, 14 + s * 14),
        addDays(start, 28 + s * 14),
        30_000,
        500,
        30_500,
        2_000,
        0,
        now,
      ]),
    );
    for (const rows of chunk(statementRows, 500)) {
      sql.push(
        insertSql(
          "statements",
          [
            "id",
            "line_id",
            "statement_date",
            "due_date",
            "principal_cents",
            "fee_cents",
            "balance_cents",
            "minimum_due_cents",
            "past_due_cents",
            "created_at",
          ],
          rows,
        ),
      );
    }
  }
  await d1.batch(sql.map((statement) => d1.prepare(statement)));
}

function chunk<T>(rows: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));
}

/** A customer token for bench account `index` (seeded above), as a login would issue. */
export function benchCustomerToken(db: Database, index: number, now: number): Promise<string> {
  return issueToken(db, "customer", `bench-${index}`, now);
}
