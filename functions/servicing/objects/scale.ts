import { addDays, easternDateTime } from "#domain/calendar";
import type { CoreEnv } from "../env";
import type { LineLedger } from "./line-ledger";
import { LINE_ROW_TABLES, type LineRows } from "./schema";
import { SWEEP_GRACE_MS, sweepLines } from "./sweeper";
import type { LineWake } from "./types";

/**
 * Development only, for `npm run bench -- --scale N`: lines with a year of
 * history in their own objects. One template line lives its year through the
 * servicing run itself (monthly draws, automatic payments, statements, fees,
 * notices, events); every bench line is a copy of its rows under its own ids.
 */
export const SCALE_TEMPLATE_ID = 95_000_001;
const DAY = 86_400_000;
export const SPREAD_SECONDS = 60;
/** The template's rows the bench copies: a bench line has no Idempotency-Keys of its own. */
const TABLES = LINE_ROW_TABLES.filter((t) => t !== "idempotency_keys");

export type ScaleRows = LineRows;

const stubOf = (env: CoreEnv, name: string) =>
  env.LINES!.get(env.LINES!.idFromName(name)) as DurableObjectStub<LineLedger>;

/** The template line, serviced through yesterday (the bench's run services today): its object's name and row count. */
export async function scaleTemplate(env: CoreEnv, nowMs: number): Promise<{ name: string; rows: number }> {
  if (env.ENVIRONMENT !== "development" || !env.LINES) throw new Error("Only in development.");
  const name = `scale-template-${nowMs}`;
  const stub = stubOf(env, name);
  const id = SCALE_TEMPLATE_ID;
  const opened = nowMs - 365 * DAY;
  const openedOn = easternDateTime(new Date(opened)).date;
  const facts = templateFacts(id, openedOn, opened);
  await stub.load(facts);
  // A draw at each month's start, then the run through that month: the history the servicing run itself makes.
  for (let month = 0; month < 12; month++) {
    const at = opened + month * 30 * DAY;
    const day = addDays(openedOn, month * 30);
    await stub.load({
      ledger_entries: [
        {
          id: `D${id}-${month}`,
          line_id: id,
          kind: "draw",
          amount_cents: month === 0 ? 50_000 : 20_000,
          fee_cents: 0,
          effective_date: day,
          posted_at: at,
          description: "Draw",
        },
      ],
    });
    await stub.service(at + 30 * DAY - DAY, { arm: false });
  }
  await stub.service(nowMs - DAY, { arm: false });
  const rows = await stub.rowsOf(TABLES);
  return { name, rows: Object.values(rows).reduce((n, list) => n + list.length, 0) };
}

function templateFacts(id: number, openedOn: string, at: number): ScaleRows {
  const customerId = `scale-${id}`;
  const customer = { id: customerId, ssn_hash: `scale-hash-${id}`, ssn_encrypted: "v1.scale", ssn_last4: "0000" };
  const person = {
    first_name: "Scale",
    last_name: `Borrower ${id}`,
    dob: "1985-01-01",
    email: `scale${id}@bench.test`,
  };
  const address = { address1: "1 Load Street", city: "Testville", state: "OH", zip: "43004", home_phone: "6145550000" };
  const pay = { pay_frequency: "B", repayment_method: "A", created_at: at };
  return {
    customers: [{ ...customer, ...person, ...address, created_at: at, updated_at: at }],
    applications: [
      {
        id,
        customer_id: customerId,
        status: "approved",
        approved_limit_cents: 150_000,
        requested_amount_cents: 150_000,
        transaction_id: customerId,
        ext_transaction_id: customerId,
        income_source: "P",
        income_payment_method: "D",
        take_home_cents: 300_000,
        last_pay_date: openedOn,
        next_pay_date: openedOn,
        second_pay_date: openedOn,
        bank_routing: "021000021",
        bank_account_encrypted: "v1.scale",
        bank_account_last4: "6789",
        request_ip: "127.0.0.1",
        user_agent: "scale",
        ...pay,
      },
    ],
    lines: [
      {
        id,
        application_id: id,
        customer_id: customerId,
        credit_limit_cents: 150_000,
        status: "open",
        pay_anchor_date: openedOn,
        opened_at: at,
        ...pay,
      },
    ],
  };
}

/** The template's rows under line id `id` (every id in them is made of the line id). */
export function scaleRowsFor(template: ScaleRows, id: number): ScaleRows {
  return JSON.parse(JSON.stringify(template).replaceAll(String(SCALE_TEMPLATE_ID), String(id))) as ScaleRows;
}

/** Lines `from`..`from + count - 1` in their objects, with their directory rows (store "object"), each alarm set to `fireAt`. */
export async function seedScaleLines(env: CoreEnv, templateName: string, from: number, count: number, fireAt: number) {
  if (env.ENVIRONMENT !== "development" || !env.LINES) throw new Error("Only in development.");
  const template = await stubOf(env, templateName).rowsOf(TABLES);
  const ids = Array.from({ length: count }, (_, k) => from + k);
  const servicedThrough = (template.lines?.[0]?.serviced_through as string | null) ?? null;
  await Promise.all(
    ids.map(async (id) => {
      const stub = stubOf(env, String(id));
      await stub.load(scaleRowsFor(template, id));
      // Spread over a minute, as production spreads them over the early morning: local workerd aborts when
      // tens of thousands of alarms fire in the same instant.
      await stub.armAt(fireAt + (id % SPREAD_SECONDS) * 1_000);
    }),
  );
  // D1 takes at most 100 bound parameters a statement: 16 rows of 6.
  const now = Date.now();
  for (let i = 0; i < ids.length; i += 16) {
    const group = ids.slice(i, i + 16);
    await env.DB.prepare(
      "INSERT OR REPLACE INTO line_directory (line_id, customer_id, store, object_name, status, next_alarm_at, serviced_through, updated_at) VALUES " +
        group.map(() => "(?, ?, 'object', ?, 'open', ?, ?, ?)").join(", "),
    )
      .bind(...group.flatMap((id) => [id, `scale-${id}`, String(id), fireAt, servicedThrough, now]))
      .run();
  }
  return { seeded: count };
}

/** How many bench lines are serviced through `day`, of all in objects. */
export async function scaleProgress(env: CoreEnv, day: string) {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS total, SUM(CASE WHEN serviced_through >= ? THEN 1 ELSE 0 END) AS serviced FROM line_directory WHERE store = 'object'",
  )
    .bind(day)
    .first<{ total: number; serviced: number | null }>();
  return { total: row?.total ?? 0, serviced: row?.serviced ?? 0 };
}

/** A sample of lines: the most lines one invocation serviced, and the bytes each object takes. */
export async function scaleSample(env: CoreEnv, ids: number[]) {
  const seen = await Promise.all(
    ids.map(async (id) => {
      const stub = stubOf(env, String(id));
      const [last, bytes] = await Promise.all([stub.lastService(), stub.sizeBytes()]);
      return { lines: last?.lines ?? 0, bytes };
    }),
  );
  return {
    sampled: seen.length,
    mostLinesOneInvocation: Math.max(0, ...seen.map((s) => s.lines)),
    objectBytesAverage: Math.round(seen.reduce((t, s) => t + s.bytes, 0) / Math.max(1, seen.length)),
  };
}

/** The sweeper over the whole directory, timed, after `lost` lines' alarms are made overdue. */
export async function timeSweep(env: CoreEnv, lost: number, nowMs: number) {
  if (env.ENVIRONMENT !== "development") throw new Error("Only in development.");
  await env.DB.prepare(
    "UPDATE line_directory SET next_alarm_at = ? WHERE line_id IN (SELECT line_id FROM line_directory WHERE store = 'object' ORDER BY line_id LIMIT ?)",
  )
    .bind(nowMs - SWEEP_GRACE_MS - 3_600_000, lost)
    .run();
  let queued = 0;
  const counting = {
    sendBatch: async (messages: Iterable<unknown>) => {
      queued += [...messages].length;
    },
  } as unknown as Queue<LineWake>;
  const started = performance.now();
  const report = await sweepLines({ ...env, LINE_WAKE: counting }, nowMs);
  return { ...report, queued, ms: Number((performance.now() - started).toFixed(1)) };
}
