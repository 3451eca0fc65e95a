import type { CoreEnv } from "../env";
import type { LineLedger } from "./line-ledger";
import type { LineWake, ServiceResult } from "./types";

export interface SweepReport {
  /** Lines found with an alarm missing or overdue. */
  overdue: number;
  /** Wake messages handed to the queue (in sendBatch calls of at most 100). */
  queued: number;
}

/** An alarm this late is taken for lost (alarms retry on their own for minutes after a failure). */
export const SWEEP_GRACE_MS = 30 * 60_000;
/** At most this many lines a sweep: the next sweep (15 minutes later) takes the rest. */
export const SWEEP_LIMIT = 5_000;
const SEND_BATCH = 100;

/**
 * The sweeper (decision record 032): nothing walks every line. The directory
 * says when each line's alarm is due; an open line in its object whose alarm
 * is missing or overdue is woken through the wake queue, in bounded batches.
 * One indexed range read of the directory, whatever the size of the book.
 */
export async function sweepLines(env: CoreEnv, nowMs: number, limit = SWEEP_LIMIT): Promise<SweepReport> {
  if (!env.LINE_WAKE) return { overdue: 0, queued: 0 };
  const { results } = await env.DB.prepare(
    "SELECT line_id, object_name FROM line_directory WHERE store = 'object' AND status = 'open' " +
      "AND (next_alarm_at IS NULL OR next_alarm_at < ?) ORDER BY next_alarm_at LIMIT ?",
  )
    .bind(nowMs - SWEEP_GRACE_MS, limit)
    .all<{ line_id: number; object_name: string }>();
  for (let i = 0; i < results.length; i += SEND_BATCH)
    await env.LINE_WAKE.sendBatch(
      results.slice(i, i + SEND_BATCH).map((r) => ({ body: { lineId: r.line_id, objectName: r.object_name } })),
    );
  return { overdue: results.length, queued: results.length };
}

/** The wake queue's consumer: each line services itself, and sets its alarm again. */
export async function wakeLines(batch: MessageBatch<LineWake>, env: CoreEnv): Promise<ServiceResult[]> {
  const done: ServiceResult[] = [];
  for (const message of batch.messages) {
    if (!env.LINES) return done;
    try {
      const stub = env.LINES.get(env.LINES.idFromName(message.body.objectName)) as DurableObjectStub<LineLedger>;
      done.push(await stub.service());
      message.ack();
    } catch {
      message.retry();
    }
  }
  return done;
}
