/**
 * Money proven twice, through the whole embedded platform inside workerd
 * (issue 13): random borrower lives played day by day on a real D1 database
 * — the servicing run each morning (every second statement day at noon, the instant of the
 * borrower's own requests, as when theirs is the day's first), draws and payments posted through the
 * platform's Account/PostTransaction (every second one-time payment taken
 * by phone at the servicing desk instead, issue 20), returns through the corrections
 * service, fee waivers and payment reversals asked at the desk by an agent and
 * approved by a supervisor (decision record 022) — and every day's Account/GetSummary, every statement record and
 * every posted payment compared with the independent model in tests/oracle.
 * A few lives here (MONEY_LIVES, MONEY_SEED); thousands through the pure
 * engine in the unit project and `npm run verify:money`.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Database, database } from "#db/client";
import { ledgerEntries, statements } from "#db/line/tables";
import { applications, customers, lines } from "#db/schema/servicing";
import type { Answer } from "#domain/catalogue/define";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { toIssuedStatement, toLedgerEntry } from "../../functions/servicing/book";
import { returnPayment } from "../../functions/servicing/corrections";
import { runServicing } from "../../functions/servicing/cron";
import { deskDecideRequest, deskRequestCorrection } from "../../functions/servicing/desk-approvals";
import { deskAuthorizeAutopay, deskRevokeAutopay } from "../../functions/servicing/desk-autopay";
import { deskCancelClosure, deskCloseLine, deskReopenLine } from "../../functions/servicing/desk-closure";
import { deskChangeLimit } from "../../functions/servicing/desk-limits";
import { deskChangePaySchedule } from "../../functions/servicing/desk-pay-schedule";
import { deskCancelPayment, deskTakePayment } from "../../functions/servicing/desk-payments";
import type { LineLedger } from "../../functions/servicing/objects/line-ledger";
import { migrationTexts } from "../../functions/servicing/objects/migrations.generated";
import { issueToken } from "../../functions/servicing/tokens";
import { concrete, dueOn, type Intent, LIFE_DAYS, type Life, lifeArb } from "../money/lives";
import { postedPayments, statementFigures } from "../money/product-line";
import { addDays } from "../oracle/calendar";
import { referenceLine } from "../oracle/model";
import type { Action, DayFigures } from "../oracle/types";

/**
 * Where the lines' rows live (decision record 032): one line's Durable Object, reached through the
 * same D1 interface the core's code uses. The lives and the model do not know it: every call below
 * goes through `store`.
 */
const store: { d1: D1Database; db: Database; env: typeof env } = {
  d1: env.DB,
  db: database(env.DB),
  env,
};
const useStore = (d1: D1Database) => Object.assign(store, { d1, db: database(d1), env: { ...env, DB: d1 } });
/** The shared database's directory of lines, as its migration creates it. */
const LINE_DIRECTORY_TABLE = migrationTexts
  .find(([name]) => name === "0023_line_directory")![1]
  .split("--> statement-breakpoint")[0]!;
const LIVES = Number(env.MONEY_LIVES || 3);
const SEED = env.MONEY_SEED ? Number(env.MONEY_SEED) : undefined;

/** Eastern morning (the servicing run) and noon (the borrower) of a day, whatever daylight saving. */
const morning = (date: string) => new Date(`${date}T10:00:00Z`);
const noon = (date: string) => new Date(`${date}T16:00:00Z`);

afterEach(() => vi.useRealTimers());

async function openLine(life: Life, index: number): Promise<{ lineId: number; customerId: string }> {
  const id = 97_000_000 + index * 1_000 + Math.floor(Math.random() * 1_000);
  const customerId = `lives-${id}`;
  const at = noon(life.setup.openedOn).getTime();
  const { payFrequency: frequency, payAnchorDate: anchor, repaymentMethod, creditLimitCents } = life.setup;
  await store.db.batch([
    store.db.insert(customers).values({
      id: customerId,
      ssnHash: `hash-${id}`,
      ssnEncrypted: "x",
      ssnLast4: "0000",
      firstName: "Life",
      lastName: String(index),
      dob: "1990-01-01",
      email: `${customerId}@lives.test`,
      address1: "1 Test Way",
      city: "Springfield",
      state: "OH",
      zip: "45501",
      homePhone: "6145550100",
      createdAt: at,
      updatedAt: at,
    }),
    store.db.insert(applications).values({
      id,
      customerId,
      status: "approved",
      approvedLimitCents: creditLimitCents,
      requestedAmountCents: 100_000,
      transactionId: `lives-${id}`,
      extTransactionId: `lives-${id}`,
      incomeSource: "P",
      incomePaymentMethod: "D",
      takeHomeCents: life.setup.takeHomeCents,
      payFrequency: frequency,
      lastPayDate: anchor,
      nextPayDate: anchor,
      secondPayDate: anchor,
      bankRouting: "021000021",
      bankAccountEncrypted: "x",
      bankAccountLast4: "6789",
      repaymentMethod,
      requestIp: "127.0.0.1",
      userAgent: "lives",
      createdAt: at,
    }),
    store.db.insert(lines).values({
      id,
      applicationId: id,
      customerId,
      creditLimitCents,
      status: "open",
      payFrequency: frequency,
      payAnchorDate: anchor,
      repaymentMethod,
      openedAt: at,
      createdAt: at,
    }),
  ]);
  return { lineId: id, customerId };
}

/** Today's figures as the platform's summary reports them, in the model's terms. */
function summaryFigures({ accountHeader: h }: Answer<typeof catalogue.account.GetSummary>): Partial<DayFigures> {
  return {
    standing: h.isClosed ? "closed" : h.isChargeoff ? "charged_off" : h.pastDueAmount > 0 ? "delinquent" : "current",
    principalCents: h.principalBalance,
    balanceCents: h.accountBalance,
    shownAvailableCreditCents: h.availableCredit,
    pastDueCents: h.pastDueAmount,
    currentDueCents: h.currentDue,
    nextMinimumDueCents: h.minPaymentAmount,
    nextDueDate: h.nextPaymentDate,
    nextStatementDate: h.nextStatementDate,
    daysPastDue: h.daysPastDue,
    scheduledCents: h.pendingTransactionAmount,
    payoffCents: h.payoffAmount,
    nextAutomaticPayment:
      h.nextAutoPaymentDate === null ? null : { date: h.nextAutoPaymentDate, amountCents: h.nextAutoPaymentAmount },
  };
}

const pick = (f: DayFigures, keys: ReadonlyArray<keyof DayFigures>) => Object.fromEntries(keys.map((k) => [k, f[k]]));

async function playLife(life: Life, index: number): Promise<void> {
  const model = referenceLine(life.setup);
  const { lineId, customerId } = await openLine(life, index);
  vi.useFakeTimers({ toFake: ["Date"] });
  /** Product payment entry ids in posting order (one-time in the order scheduled, then the automatic one). */
  const posted: string[] = [];
  const scheduledIds: number[] = [];
  const done = new Set<Intent>();
  let lateRun = false;
  for (let n = 0; n < LIFE_DAYS; n++) {
    const date = addDays(life.setup.openedOn, n);
    const issuedBefore = model.statements().length;
    model.morning(date);
    // Every second statement day the day's run is late: it runs at noon, the very instant of the
    // borrower's actions, as when their own request is the first of the day and runs the day's servicing.
    const issuesToday = model.statements().length > issuedBefore;
    if (issuesToday) lateRun = !lateRun;
    vi.setSystemTime(issuesToday && lateRun ? noon(date) : morning(date));
    await runServicing(store.db, new Date(), { lineId });
    const rows = await store.db.select().from(ledgerEntries).where(eq(ledgerEntries.lineId, lineId)).all();
    const fresh = rows.filter((r) => r.kind === "payment" && !posted.includes(r.id));
    posted.push(
      ...scheduledIds.map((id) => `P${id}`).filter((id) => fresh.some((r) => r.id === id)),
      ...fresh.filter((r) => r.origin === "automatic").map((r) => r.id),
    );

    vi.setSystemTime(noon(date));
    const session = new PlatformClient(
      embeddedTransport(store.env),
      memoryTokenHolder(await issueToken(store.db, "customer", customerId, Date.now())),
      EMBEDDED_MERCHANT_ID,
    );
    const due = life.intents.filter((i) => dueOn(i, n, done));
    for (const intent of due) {
      const action: Action | null = concrete(
        intent,
        date,
        model.figures(),
        model.payments(),
        model.scheduledPayments(),
        model.statements(),
      );
      if (!action) continue;
      done.add(intent);
      const expected = model.act(action);
      // The product's payments still scheduled, in the order scheduled: what the model's scheduledPayments() index names.
      const pending = scheduledIds.filter((id) => !posted.includes(`P${id}`) && !cancelled.has(id));
      const outcome = await productAct(session, lineId, action, date, posted, pending).then(
        (id) => {
          if (typeof id === "number" && action.kind === "schedulePayment") scheduledIds.push(id);
          return true;
        },
        (error: { status?: number }) => {
          if (error.status !== 422 && error.status !== 404) throw error;
          return false;
        },
      );
      expect(outcome, `day ${n} ${date}: ${JSON.stringify(action)} (model: ${JSON.stringify(expected)})`).toBe(
        expected.ok,
      );
    }

    const summary = await session.call(catalogue.account.GetSummary, {});
    const expected = model.figures();
    const shown = summaryFigures(summary);
    expect(shown, `day ${n} ${date} summary`).toEqual(pick(expected, Object.keys(shown) as Array<keyof DayFigures>));
    const issued = (await store.db.select().from(statements).where(eq(statements.lineId, lineId)).all())
      .map(toIssuedStatement)
      .sort((a, b) => a.createdAt - b.createdAt || (a.dueDate < b.dueDate ? -1 : 1));
    expect(issued.map(statementFigures), `day ${n} ${date} statements`).toEqual(model.statements());
    const entries = (await store.db.select().from(ledgerEntries).where(eq(ledgerEntries.lineId, lineId)).all()).map(
      toLedgerEntry,
    );
    expect(postedPayments(entries, posted), `day ${n} ${date} payments`).toEqual(model.payments());
  }
}

/** The customer whose line it is. */
const ownerOf = (lineId: number) =>
  store.db.select({ customerId: lines.customerId }).from(lines).where(eq(lines.id, lineId)).get();

/** How many audit rows the desk wrote for these actions. */
async function auditedActions(...actions: string[]): Promise<number> {
  const marks = actions.map(() => "?").join(", ");
  const row = await store.d1
    .prepare(`SELECT COUNT(*) AS n FROM desk_audit WHERE action IN (${marks})`)
    .bind(...actions)
    .first<{ n: number }>();
  return row!.n;
}

/** One-time payments played so far: every second one goes through the desk (the same rules, the same model). */
let paymentsPlayed = 0;
/** Payments cancelled at the desk (by the product's transaction id), and how many cancellations it accepted. */
const cancelled = new Set<number>();
let deskCancelled = 0;
/** Of those taken at the desk, how many it accepted (each leaves exactly one audit row; a refusal leaves none). */
let deskAccepted = 0;
const DESK_AGENT = { email: "agent@desk.ridgeline.test", role: "agent" } as const;
const DESK_SUPERVISOR = { email: "supervisor@desk.ridgeline.test", role: "supervisor" } as const;
/** Automatic payments revoked or authorized at the desk (each leaves one audit row). */
let autopayChanged = 0;
/** Limits the desk changed (each leaves one audit row). */
let limitsChanged = 0;
/** Pay schedules the desk changed (each leaves one audit row). */
let schedulesChanged = 0;
/** Corrections the supervisor approved (each leaves a request's and an approval's audit rows). */
let corrected = 0;

/** Each store's lives count from zero: its audit rows are its own. */
function resetCounts(): void {
  paymentsPlayed = deskCancelled = deskAccepted = autopayChanged = limitsChanged = schedulesChanged = corrected = 0;
  cancelled.clear();
}

/** A correction as the desk makes it: the agent asks, a supervisor approves (decision record 022). */
async function correctAtDesk(
  lineId: number,
  kind: "waive fee" | "reverse payment",
  entryId: string | undefined,
): Promise<undefined> {
  if (!entryId) throw Object.assign(new Error("no such row"), { status: 404 });
  const owner = await ownerOf(lineId);
  const customerId = owner!.customerId;
  const asked = await deskRequestCorrection(
    store.d1,
    store.db,
    DESK_AGENT,
    { customerId, kind, entryId, reason: "Courtesy", key: crypto.randomUUID() },
    new Date(),
  );
  const decision = {
    requestId: asked.requestId,
    decision: "approve" as const,
    reason: "Agreed",
    key: crypto.randomUUID(),
  };
  await deskDecideRequest(store.d1, store.db, DESK_SUPERVISOR, decision, new Date());
  corrected++;
  return undefined;
}

/**
 * The action through the platform: draws and payments by PostTransaction
 * (every second payment by phone at the desk), returns by the corrections service.
 */
async function productAct(
  session: PlatformClient,
  lineId: number,
  action: Action,
  date: string,
  posted: string[],
  pending: number[],
): Promise<number | undefined> {
  if (action.kind === "cancelPayment") {
    const id = pending[action.index];
    if (id === undefined) throw Object.assign(new Error("no such scheduled payment"), { status: 404 });
    const owner = await ownerOf(lineId);
    const input = {
      customerId: owner!.customerId,
      transactionId: id,
      reason: "Revoked by phone",
      key: crypto.randomUUID(),
    };
    await deskCancelPayment(store.d1, store.db, DESK_AGENT, input, new Date());
    cancelled.add(id);
    deskCancelled++;
    return;
  }
  if (action.kind === "closeLine" || action.kind === "cancelClosure" || action.kind === "reopenLine") {
    const owner = await ownerOf(lineId);
    const input = { customerId: owner!.customerId, reason: "Borrower's request", key: crypto.randomUUID() };
    const change = { closeLine: deskCloseLine, cancelClosure: deskCancelClosure, reopenLine: deskReopenLine }[
      action.kind
    ];
    await change(store.d1, store.db, DESK_AGENT, input, new Date());
    return undefined;
  }
  if (action.kind === "revokeAutopay" || action.kind === "authorizeAutopay") {
    const owner = await ownerOf(lineId);
    const input = { customerId: owner!.customerId, reason: "By phone", key: crypto.randomUUID() };
    const change = action.kind === "revokeAutopay" ? deskRevokeAutopay : deskAuthorizeAutopay;
    await change(store.d1, store.db, DESK_AGENT, input, new Date());
    autopayChanged++;
    return undefined;
  }
  if (action.kind === "changePaySchedule") {
    const owner = await ownerOf(lineId);
    const input = {
      customerId: owner!.customerId,
      frequency: action.payFrequency,
      lastPayDate: action.lastPayDate,
      reason: "New job",
      key: crypto.randomUUID(),
    };
    await deskChangePaySchedule(store.d1, store.db, DESK_AGENT, input, new Date());
    schedulesChanged++;
    return undefined;
  }
  if (action.kind === "setLimit") {
    const owner = await ownerOf(lineId);
    const input = {
      customerId: owner!.customerId,
      limitCents: action.amountCents,
      reason: "Reviewed",
      key: crypto.randomUUID(),
    };
    await deskChangeLimit(store.d1, store.db, DESK_AGENT, input, new Date());
    limitsChanged++;
    return undefined;
  }
  if (action.kind === "waiveFee") {
    const statementIds = (await store.db.select().from(statements).where(eq(statements.lineId, lineId)).all())
      .map(toIssuedStatement)
      .sort((a, b) => a.createdAt - b.createdAt || (a.dueDate < b.dueDate ? -1 : 1))
      .map((s) => s.id);
    const id = statementIds[action.index];
    return correctAtDesk(lineId, "waive fee", id && `${id}:fee`);
  }
  if (action.kind === "reversePayment") return correctAtDesk(lineId, "reverse payment", posted[action.index]);
  if (action.kind === "returnPayment") {
    const id = posted[action.index];
    if (!id) throw Object.assign(new Error("no such payment"), { status: 404 });
    await returnPayment(store.db, lineId, id, new Date());
    return;
  }
  const draw = action.kind === "draw";
  if (action.kind === "schedulePayment" && paymentsPlayed++ % 2 === 1) {
    const owner = await ownerOf(lineId);
    const taken = await deskTakePayment(
      store.d1,
      store.db,
      DESK_AGENT,
      {
        customerId: owner!.customerId,
        amountCents: action.amountCents,
        date: action.date,
        reason: "Paid by phone",
        key: crypto.randomUUID(),
      },
      new Date(),
    );
    deskAccepted++;
    return taken.paymentTransactionId;
  }
  const answer = await session.call(
    catalogue.account.PostTransaction,
    {
      applNo: lineId,
      transactionDate: draw ? date : action.date,
      transactionAmount: action.amountCents,
      transactionCode: draw ? "D" : "P",
    },
    { idempotencyKey: crypto.randomUUID() },
  );
  return answer.paymentTransactionId;
}

describe("random lives through the whole embedded platform agree with the independent model", () => {
  it(`${LIVES} lives of ${LIFE_DAYS} days in a line's Durable Object: every day's summary, every statement record, every payment`, {
    timeout: 900_000,
  }, async () => {
    resetCounts();
    // Every life in one object: its storage holds their lines as the shared database held them.
    const stub = env.LINES!.get(
      env.LINES!.idFromName(`money-lives-${crypto.randomUUID()}`),
    ) as DurableObjectStub<LineLedger>;
    await runInDurableObject(stub, async (object, state) => {
      // The object stands in for the whole shared database here, so the core's routing reads its
      // directory there: empty, every life's line is answered where it was made.
      state.storage.sql.exec(LINE_DIRECTORY_TABLE);
      useStore(object.d1);
      try {
        await playLives();
      } finally {
        useStore(env.DB);
      }
    });
  });
});

async function playLives(): Promise<void> {
  const lives = fc.sample(lifeArb, { numRuns: LIVES, ...(SEED === undefined ? {} : { seed: SEED }) });
  for (const [index, life] of lives.entries()) {
    try {
      await playLife(life, index);
    } catch (error) {
      throw new Error(
        `Life ${index} (setup ${JSON.stringify(life.setup)}, intents ${JSON.stringify(life.intents)}):\n${String(error)}`,
      );
    }
  }
  // The desk's actions were played: one audit row for each it accepted, none for a refusal.
  expect(await auditedActions("payment by phone")).toBe(deskAccepted);
  expect(await auditedActions("cancel payment")).toBe(deskCancelled);
  expect(await auditedActions("approve fee waiver", "approve payment reversal")).toBe(corrected);
  expect(await auditedActions("change limit")).toBe(limitsChanged);
  expect(await auditedActions("change pay schedule")).toBe(schedulesChanged);
  expect(await auditedActions("revoke automatic payments", "authorize automatic payments")).toBe(autopayChanged);
}
