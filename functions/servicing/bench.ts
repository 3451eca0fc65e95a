import type { Database } from "#db/client";
import { addDays, easternDateTime } from "#domain/calendar";
import type { CoreEnv } from "./env";
import type { LineLedger } from "./objects/line-ledger";
import type { LineRows } from "./objects/schema";
import { issueToken } from "./tokens";

/**
 * Development-only load for `npm run bench`: accounts of 50 ledger rows each, each line in its own
 * object as production's are (decision record 032), beside the shared rows a borrower's call reads
 * first: the customer, the line's record and its directory entry. The site's dev tools then time
 * GetSummary and PostTransaction on them through the typed client (functions/server/api/dev-bench.ts).
 */
export const BENCH_ROWS_PER_ACCOUNT = 50;
const DAY = 86_400_000;
const FIRST_LINE_ID = 50_000_000;
/** Objects loaded at once: local workerd keeps up with this many without queueing. */
const LOADS_AT_ONCE = 50;

type Row = Record<string, string | number | null>;

/** SQL literal for generated bench values (never user input). */
const lit = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** Bulk rows as one multi-row literal INSERT: D1 allows only 100 bound parameters per statement. */
function insertSql(table: string, rows: Row[]): string {
  const columns = Object.keys(rows[0]!);
  const values = rows.map((r) => `(${columns.map((c) => lit(r[c] ?? null)).join(", ")})`);
  return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES ${values.join(", ")}`;
}

function benchCustomer(n: number, now: number): Row {
  return {
    id: `bench-${n}`,
    ssn_hash: `bench-hash-${n}`,
    ssn_encrypted: "v1.bench",
    ssn_last4: String(n % 10_000).padStart(4, "0"),
    first_name: "Bench",
    last_name: `Borrower ${n}`,
    dob: "1985-01-01",
    email: `bench${n}@bench.test`,
    address1: "1 Load Street",
    address2: "",
    city: "Testville",
    state: "OH",
    zip: "43004",
    home_phone: "6145550000",
    mobile_phone: "",
    created_at: now,
    updated_at: now,
  };
}

function benchLine(n: number, start: string, today: string, now: number): Row {
  const opened = now - 200 * DAY;
  return {
    id: FIRST_LINE_ID + n,
    application_id: FIRST_LINE_ID + n,
    customer_id: `bench-${n}`,
    credit_limit_cents: 150_000,
    status: "open",
    pay_frequency: "B",
    pay_anchor_date: start,
    repayment_method: "A",
    opened_at: opened,
    // Serviced through today: the timed reads measure reading a line, not catching up 200 days of servicing.
    serviced_through: today,
    created_at: opened,
  };
}

/** One account's rows in its object: 10 draws, 28 payments and the 12 statements' carried balance fees. */
function benchRows(n: number, now: number): LineRows {
  const today = easternDateTime(new Date(now)).date;
  const start = addDays(today, -200);
  const lineId = FIRST_LINE_ID + n;
  const entry = (id: string, kind: string, amount: number, fee: number, origin: string, day: string) => ({
    id,
    line_id: lineId,
    kind,
    amount_cents: amount,
    fee_cents: fee,
    origin,
    effective_date: day,
    posted_at: now,
    description: kind === "draw" ? "Draw" : kind === "payment" ? "Payment" : "Carried balance fee",
  });
  return {
    customers: [benchCustomer(n, now)],
    lines: [benchLine(n, start, today, now)],
    ledger_entries: [
      ...Array.from({ length: 10 }, (_, r) => entry(`B${n}-D${r}`, "draw", 10_000, 500, "", addDays(start, r * 8))),
      ...Array.from({ length: 28 }, (_, r) =>
        entry(`B${n}-P${r}`, "payment", 2_000, 0, "one_time", addDays(start, 10 + r * 6)),
      ),
      ...Array.from({ length: 12 }, (_, s) =>
        entry(`BS${n}-${s}:fee`, "carried_balance_fee", 500, 0, "", addDays(start, 14 + s * 14)),
      ),
    ],
    statements: Array.from({ length: 12 }, (_, s) => ({
      id: `BS${n}-${s}`,
      line_id: lineId,
      statement_date: addDays(start, 14 + s * 14),
      due_date: addDays(start, 28 + s * 14),
      principal_cents: 30_000,
      fee_cents: 500,
      balance_cents: 30_500,
      minimum_due_cents: 2_000,
      past_due_cents: 0,
      created_at: now,
    })),
  };
}

/**
 * Accounts `from`..`from + count - 1`: each line's rows loaded into its object, then the shared
 * rows in one batch. An account already seeded (its directory entry exists) is left as it is; one
 * whose seeding stopped before its directory entry is loaded afresh.
 */
export async function seedBenchAccounts(env: CoreEnv, from: number, count: number, now: number): Promise<void> {
  if (env.ENVIRONMENT !== "development") throw new Error("Only in development.");
  const { results } = await env.DB.prepare("SELECT line_id FROM line_directory WHERE line_id BETWEEN ? AND ?")
    .bind(FIRST_LINE_ID + from, FIRST_LINE_ID + from + count - 1)
    .all<{ line_id: number }>();
  const seeded = new Set(results.map((r) => r.line_id - FIRST_LINE_ID));
  const ids = Array.from({ length: count }, (_, k) => from + k).filter((n) => !seeded.has(n));
  for (const group of chunk(ids, LOADS_AT_ONCE)) {
    await Promise.all(
      group.map((n) => {
        const stub = env.LINES.get(env.LINES.idFromName(String(FIRST_LINE_ID + n))) as DurableObjectStub<LineLedger>;
        return stub.loadAfresh(FIRST_LINE_ID + n, benchRows(n, now));
      }),
    );
    const today = easternDateTime(new Date(now)).date;
    const start = addDays(today, -200);
    await env.DB.batch(
      [
        insertSql(
          "customers",
          group.map((n) => benchCustomer(n, now)),
        ),
        insertSql(
          "lines",
          group.map((n) => ({ ...benchLine(n, start, today, now), status: "moved" })),
        ),
        insertSql(
          "line_directory",
          group.map((n) => ({
            line_id: FIRST_LINE_ID + n,
            customer_id: `bench-${n}`,
            store: "object",
            object_name: String(FIRST_LINE_ID + n),
            status: "open",
            next_alarm_at: null,
            serviced_through: today,
            updated_at: now,
          })),
        ),
      ].map((sql) => env.DB.prepare(sql)),
    );
  }
}

function chunk<T>(rows: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, i * size + size));
}

/** A customer token for bench account `index` (seeded above), as a login would issue. */
export function benchCustomerToken(db: Database, index: number, now: number): Promise<string> {
  return issueToken(db, "customer", `bench-${index}`, now);
}
