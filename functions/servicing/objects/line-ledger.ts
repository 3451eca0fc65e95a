import { DurableObject } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { type Database, database } from "#db/client";
import { lineDirectory } from "#db/schema/directory";
import { type deskRequests, lines } from "#db/schema/servicing";
import { easternDateTime, easternMidnight } from "#domain/calendar";
import { servicing } from "#domain/config";
import { type LineState, loadLineState } from "../account-state";
import { readLine } from "../book";
import { clockOffset } from "../clock";
import { returnPayment } from "../corrections";
import { runServicing } from "../cron";
import { type DemoBorrower, type DemoLineOf, replayHistory } from "../demo-history";
import { decideInLine, type RequestDecision } from "../desk-approvals";
import type { CoreEnv } from "../env";
import { handOverEvents, rehandEventsFrom } from "../events";
import { handOverMessages, withSharedOutgoing } from "../outgoing";
import { answerDeskCall, auditRowsAfter, type DeskCall, shareAuditRows } from "./desk-calls";
import { sharedAtDistance } from "./distance";
import { answerLineCall, asAnswer, type LineAnswer, type LineCall } from "./line-calls";
import { nextEventDay } from "./next-event";
import { type OpeningAnswer, type OpeningInput, openingHere, writeOpening } from "./opening-here";
import { LINE_ROW_TABLES, type LineRows, migrateObject } from "./schema";
import { notesAfter, shareNotes } from "./shared-notes";
import { objectD1 } from "./sql-d1";
import type { ServiceResult } from "./types";

const LOADABLE: ReadonlySet<string> = new Set(LINE_ROW_TABLES);

/** Only a line's own tables are copied in or read out whole (their names go into the SQL). */
function refuseUnknownTables(names: readonly string[]): void {
  const unknown = names.filter((t) => !LOADABLE.has(t));
  if (unknown.length > 0) throw new Error(`Not a line's table: ${unknown.join(", ")}`);
}

/** When in its event day a line's alarm fires: a moment after Eastern midnight, spread by line id. */
export const alarmOffsetMs = (lineId: number) =>
  (servicing.alarmAfterMidnightMinutes + (lineId % servicing.alarmSpreadMinutes)) * 60_000;

/**
 * One line of credit in its own Durable Object with SQLite storage (decision
 * record 032). It holds the line's rows in the servicing core's own tables,
 * reached through D1's interface (objectD1), so the core's code runs on it
 * unchanged; a batch is one transaction of the object. Its alarm is set to
 * the line's next event and services the line through that day; the
 * directory in the shared database learns when the alarm is due, so the
 * sweeper can find a line whose alarm was lost.
 */
export class LineLedger extends DurableObject<CoreEnv> {
  readonly d1: D1Database;
  readonly db: Database;
  /** The shared database: the directory, the customers, the messages' records and the audit log. */
  private readonly shared: D1Database;
  /** The servicing clock of the call or run under way: what its messages are stamped with. */
  private nowMs = Date.now();

  constructor(ctx: DurableObjectState, env: CoreEnv) {
    super(ctx, env);
    this.d1 = objectD1(ctx.storage);
    this.shared = sharedAtDistance(env);
    // Its messages are recorded and queued in the shared database, like every other (outgoing.ts).
    this.db = withSharedOutgoing(database(this.d1), database(this.shared), env, () => this.nowMs);
    ctx.blockConcurrencyWhile(async () => {
      migrateObject(ctx.storage);
    });
  }

  /**
   * Services every day the line is behind, through the servicing clock's today (or `nowMs`), hands its
   * events to the events queue, and sets the next alarm. `arm: false` (building a history in the past)
   * neither sets the alarm nor tells the directory.
   */
  async service(nowMs?: number, { arm = true }: { arm?: boolean } = {}): Promise<ServiceResult> {
    const offset = await clockOffset(this.env, database(this.shared));
    const now = new Date(nowMs ?? Date.now() + offset);
    this.nowMs = now.getTime();
    await this.handOverMessages(now);
    const report = await runServicing(this.db, now);
    await this.shareAudit();
    await this.shareNotes();
    await handOverEvents(this.d1, this.env.LINE_EVENTS);
    const next = arm ? await this.setNextAlarm(now, offset) : { nextAlarmAt: null, servicedThrough: null };
    const result = { ...report, ...next };
    await this.ctx.storage.put("lastService", result);
    return result;
  }

  /**
   * One of the core's calls for this line's customer (the host checked the token). Its events are
   * handed over, and the alarm set again, after the answer.
   */
  async call(input: LineCall): Promise<LineAnswer> {
    this.nowMs = input.nowMs;
    const answer = await answerLineCall(this.d1, this.db, input);
    if (input.call === "PostTransaction" && answer.status === 200)
      this.ctx.waitUntil(this.afterPosting(new Date(input.nowMs)));
    return answer;
  }

  /**
   * A desk change to this line (objects/desk-calls.ts): the same function as for a line in the shared
   * database, on the object's rows. Its audit rows are copied to the shared audit log before the answer.
   */
  async desk(call: DeskCall): Promise<LineAnswer> {
    this.nowMs = call.nowMs;
    const answer = await answerDeskCall(this.d1, this.db, call);
    // The change is written: a shared database out of reach delays its audit copy, never its answer.
    await this.shareAudit().catch((error: unknown) => {
      console.error("audit copy deferred", error instanceof Error ? error.name : "unknown");
    });
    if (answer.status === 200) this.ctx.waitUntil(this.afterPosting(new Date(call.nowMs)));
    return answer;
  }

  /** A correction request's decision, kept here first (desk-approvals.ts `decideInLine`). */
  async decideRequest(
    request: typeof deskRequests.$inferSelect,
    decision: RequestDecision,
    nowMs: number,
  ): Promise<LineAnswer> {
    return this.answered(nowMs, () => decideInLine(this.d1, this.db, request, decision, new Date(nowMs)));
  }

  /** A payment returned by the bank (corrections.ts `returnPayment`), on this line's rows. */
  async returnPayment(lineId: number, paymentEntryId: string, nowMs: number): Promise<LineAnswer> {
    return this.answered(nowMs, () => returnPayment(this.db, lineId, paymentEntryId, new Date(nowMs)));
  }

  /** A change's answer, or its refusal as data (line-calls.ts `asAnswer`). */
  private async answered(nowMs: number, change: () => Promise<unknown>): Promise<LineAnswer> {
    this.nowMs = nowMs;
    const answer = await asAnswer(change);
    // Once written, its events are handed over and the alarm set again.
    if (answer.status === 200) this.ctx.waitUntil(this.afterPosting(new Date(nowMs)));
    return answer;
  }

  /** A posting's confirmation, waiting in this object since its transaction, to the shared dispatch. */
  private handOverMessages(now: Date): Promise<number> {
    return handOverMessages(this.db, database(this.shared), this.env, now.getTime());
  }

  /**
   * The audit rows not yet in the shared log, copied there. A copy lost with the object's isolate is
   * made by the next desk call or servicing run: the place only moves once the shared batch is written.
   */
  private async shareAudit(): Promise<void> {
    const after = (await this.ctx.storage.get<number>("auditSharedThrough")) ?? 0;
    const rows = await auditRowsAfter(this.db, after);
    if (rows.length === 0) return;
    await shareAuditRows(database(this.shared), rows);
    await this.ctx.storage.put("auditSharedThrough", rows.at(-1)!.id);
  }

  /** The notes not yet in the shared notes the desk reads, copied there (objects/shared-notes.ts). */
  private async shareNotes(): Promise<void> {
    const rows = await notesAfter(this.db, (await this.ctx.storage.get<number>("notesSharedThrough")) ?? 0);
    if (rows.length === 0) return;
    await shareNotes(this.shared, rows);
    await this.ctx.storage.put("notesSharedThrough", rows.at(-1)!.id);
  }

  /**
   * A signed line opened here (objects/open.ts): the rows it opens from copied in, then the record of
   * signing and the opening in one transaction. A line already opened here answers the opening it
   * holds, so a retry after the shared database's switch-over failed completes that opening and
   * never makes a second. Nothing is handed over, and no alarm set, until `settle`. Twin requests
   * (a double click) take turns: no other call is let in until the first has answered, so the second
   * finds the opening made. The input gate alone does so today (the opening touches only this
   * object's storage); this keeps it so if the opening ever awaits anything else.
   */
  async open(input: OpeningInput): Promise<OpeningAnswer> {
    refuseUnknownTables(Object.keys(input.rows));
    return this.ctx.blockConcurrencyWhile(async () => {
      this.nowMs = input.nowMs;
      const done = await openingHere(this.db, input.lineId);
      if (done) return done;
      this.ctx.storage.transactionSync(() => {
        this.deleteRows();
        this.insertRows(input.rows);
      });
      return writeOpening(this.db, input);
    });
  }

  /**
   * Development: a demo borrower's scripted draws and payments played on their days in this object
   * (demo.ts), then, if asked, the repayment method changed after that history. No alarm, no hand-over:
   * `service` follows once the directory names this object.
   */
  async replay(borrower: DemoBorrower, who: DemoLineOf, nowMs: number, repaymentMethod?: "A" | "K"): Promise<void> {
    this.nowMs = nowMs;
    await replayHistory(this.d1, borrower, who, nowMs);
    if (repaymentMethod) await this.db.update(lines).set({ repaymentMethod });
  }

  /** Once the directory names this object: the opening's events and messages handed over, the alarm set. */
  async settle(nowMs: number): Promise<void> {
    this.nowMs = nowMs;
    await this.afterPosting(new Date(nowMs));
  }

  /** The line's state as its borrower's calls see it (serviced through today): the desk reads a moved line so. */
  async state(lineId: number, nowMs: number): Promise<LineState> {
    const line = await this.db.select().from(lines).where(eq(lines.id, lineId)).get();
    if (!line) throw new Error(`Line ${lineId} is not in this object.`);
    this.nowMs = nowMs;
    return loadLineState(this.db, line, new Date(nowMs));
  }

  /** The borrower's repayment method, changed in their preferences; the alarm follows it. */
  async setRepaymentMethod(method: "K" | "A"): Promise<void> {
    await this.db.update(lines).set({ repaymentMethod: method });
    const now = Date.now() + (await clockOffset(this.env, database(this.shared)));
    this.ctx.waitUntil(this.afterPosting(new Date(now)));
  }

  /** A dead-lettered event's line: its events from `fromSeq` on, handed over again at once. */
  async rehandEvents(lineId: number, fromSeq: number): Promise<number> {
    await rehandEventsFrom(this.d1, lineId, fromSeq);
    return handOverEvents(this.d1, this.env.LINE_EVENTS, lineId);
  }

  private async afterPosting(now: Date): Promise<void> {
    await this.handOverMessages(now);
    await this.shareNotes();
    await handOverEvents(this.d1, this.env.LINE_EVENTS);
    await this.setNextAlarm(now, now.getTime() - Date.now());
  }

  override async alarm(): Promise<void> {
    await this.service();
  }

  /** What the last servicing did: the scale bench checks that each invocation serviced one line. */
  async lastService(): Promise<ServiceResult | null> {
    return (await this.ctx.storage.get<ServiceResult>("lastService")) ?? null;
  }

  /** Rows copied into the object (the benches' lines), all in one transaction: every row or none. */
  async load(tables: LineRows): Promise<number> {
    refuseUnknownTables(Object.keys(tables));
    return this.ctx.storage.transactionSync(() => this.insertRows(tables));
  }

  /**
   * Rows copied in afresh (a demo line's opening, the platform bench's lines): whatever an interrupted
   * copy left is replaced, in one transaction. Refused once the directory names this object as the
   * line's home: its rows are the only ones then.
   */
  async loadAfresh(lineId: number, tables: LineRows): Promise<number> {
    await this.refuseWhenHome(lineId);
    refuseUnknownTables(Object.keys(tables));
    return this.ctx.storage.transactionSync(() => {
      this.deleteRows();
      return this.insertRows(tables);
    });
  }

  /** A refused opening's copy removed (never the rows of a line whose home this object is). */
  async clearRows(lineId: number): Promise<void> {
    await this.refuseWhenHome(lineId);
    this.ctx.storage.transactionSync(() => this.deleteRows());
  }

  private async refuseWhenHome(lineId: number): Promise<void> {
    const home = await this.shared
      .prepare("SELECT 1 FROM line_directory WHERE line_id = ? AND store = 'object'")
      .bind(lineId)
      .first();
    if (home) throw new Error("This object is the line's home: its rows are not replaced.");
  }

  /**
   * A copy that is not the line's home, cleared (every caller checked that first): the issued
   * records' triggers allow it only while `record_release` is open, inside this transaction.
   */
  private deleteRows(): void {
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT OR IGNORE INTO record_release (reason) VALUES ('not the home')");
    for (const table of LOADABLE) sql.exec(`DELETE FROM ${table}`);
    sql.exec("DELETE FROM record_release");
  }

  private insertRows(tables: LineRows): number {
    let rows = 0;
    for (const [table, list] of Object.entries(tables))
      for (const row of list) {
        const columns = Object.keys(row);
        this.ctx.storage.sql.exec(
          `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          ...Object.values(row),
        );
        rows++;
      }
    return rows;
  }

  /** A line's rows as they are stored (the scale bench's template). */
  async rowsOf(tables: string[]): Promise<LineRows> {
    refuseUnknownTables(tables);
    return Object.fromEntries(tables.map((t) => [t, this.ctx.storage.sql.exec(`SELECT * FROM ${t}`).toArray()]));
  }

  /** Development only: the alarm at an instant (the scale bench fires every line's at once). */
  async armAt(ms: number): Promise<void> {
    if (this.env.ENVIRONMENT !== "development") throw new Error("Only in development.");
    await this.ctx.storage.setAlarm(ms);
  }

  /** The alarm at the start of the line's next event day, in real time; the directory is told. */
  async setNextAlarm(now: Date, offsetMs = 0): Promise<Pick<ServiceResult, "nextAlarmAt" | "servicedThrough">> {
    const line = await this.db.select().from(lines).orderBy(lines.createdAt).get();
    if (!line) return { nextAlarmAt: null, servicedThrough: null };
    const records = await readLine(this.db, line);
    const pendingDraws = records.pending.filter((t) => t.code === "D").map((t) => t.effectiveDate);
    const today = easternDateTime(now).date;
    const day = nextEventDay(records.book, pendingDraws, today);
    const nextAlarmAt = day === null ? null : easternMidnight(day).getTime() + alarmOffsetMs(line.id) - offsetMs;
    if (nextAlarmAt === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(nextAlarmAt);
    const at = Date.now();
    const entry = {
      customerId: line.customerId,
      status: records.line.status,
      nextAlarmAt,
      servicedThrough: records.line.servicedThrough,
      updatedAt: at,
    };
    await database(this.shared)
      .insert(lineDirectory)
      .values({ lineId: line.id, store: "object", objectName: String(line.id), ...entry })
      .onConflictDoUpdate({ target: lineDirectory.lineId, set: entry });
    return { nextAlarmAt, servicedThrough: records.line.servicedThrough };
  }

  /** What the object's storage takes (bytes): the scale bench reads it. */
  sizeBytes(): number {
    return this.ctx.storage.sql.databaseSize;
  }
}
