import { DurableObject } from "cloudflare:workers";
import { type Database, database } from "#db/client";
import { lineDirectory } from "#db/schema/directory";
import { lines } from "#db/schema/servicing";
import { easternDateTime, easternMidnight } from "#domain/calendar";
import { readLine } from "../book";
import { clockOffset } from "../clock";
import { runServicing } from "../cron";
import type { CoreEnv } from "../env";
import { nextEventDay } from "./next-event";
import { migrateObject } from "./schema";
import { objectD1 } from "./sql-d1";
import type { ServiceResult } from "./types";

/** A moment after the Eastern midnight of an event's day: the run of that day then has it to do. */
const AFTER_MIDNIGHT_MS = 5 * 60_000;

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

  constructor(ctx: DurableObjectState, env: CoreEnv) {
    super(ctx, env);
    this.d1 = objectD1(ctx.storage);
    this.db = database(this.d1);
    ctx.blockConcurrencyWhile(async () => {
      migrateObject(ctx.storage);
    });
  }

  /** Services every day the line is behind, through the servicing clock's today, and sets the next alarm. */
  async service(nowMs?: number): Promise<ServiceResult> {
    const offset = await clockOffset(this.env, database(this.env.DB));
    const now = new Date(nowMs ?? Date.now() + offset);
    const report = await runServicing(this.db, now);
    return { ...report, ...(await this.setNextAlarm(now, offset)) };
  }

  override async alarm(): Promise<void> {
    await this.service();
  }

  /** The alarm at the start of the line's next event day, in real time; the directory is told. */
  async setNextAlarm(now: Date, offsetMs = 0): Promise<Pick<ServiceResult, "nextAlarmAt" | "servicedThrough">> {
    const line = await this.db.select().from(lines).orderBy(lines.createdAt).get();
    if (!line) return { nextAlarmAt: null, servicedThrough: null };
    const records = await readLine(this.db, line);
    const pendingDraws = records.pending.filter((t) => t.code === "D").map((t) => t.effectiveDate);
    const today = easternDateTime(now).date;
    const day = nextEventDay(records.book, pendingDraws, today);
    const nextAlarmAt = day === null ? null : easternMidnight(day).getTime() + AFTER_MIDNIGHT_MS - offsetMs;
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
    await database(this.env.DB)
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
