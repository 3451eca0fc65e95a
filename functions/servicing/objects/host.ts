import type { CoreEnv } from "../env";
import type { LineEvent } from "../events";
import { emptyReport, type RunReport } from "../run-report";
import { consumeDirectoryEvents } from "./directory-events";
import type { LineLedger } from "./line-ledger";
import { type SweepReport, sweepLines, wakeLines } from "./sweeper";
import type { LineWake } from "./types";

export type LinesRunReport = SweepReport;

/**
 * The lines' part of the scheduled run (decision record 032): each line
 * services itself at its alarm and hands over its own events, so the run only
 * sweeps for lines whose alarm is missing or overdue.
 */
export function runLines(env: CoreEnv, nowMs: number): Promise<LinesRunReport> {
  return sweepLines(env, nowMs);
}

/** The lines' queues: the sweeper's wakes and the events; each environment names them with these stems. */
export function isLinesQueue(queue: string): boolean {
  return queue.startsWith("ridgeline-line-wake") || queue.startsWith("ridgeline-line-events");
}

export async function consumeLinesQueue(batch: MessageBatch<unknown>, env: CoreEnv): Promise<void> {
  if (batch.queue.startsWith("ridgeline-line-wake")) await wakeLines(batch as MessageBatch<LineWake>, env);
  else if (batch.queue.endsWith("-dlq")) await rehandDeadEvents(batch as MessageBatch<LineEvent>, env);
  else await consumeDirectoryEvents(batch as MessageBatch<LineEvent>, env.DB);
}

/**
 * The events' dead letters: each line's events from the first one a consumer has not applied are
 * handed over again by the line's object, at once. Nothing is lost to a consumer that gave up.
 */
export async function rehandDeadEvents(batch: MessageBatch<LineEvent>, env: CoreEnv): Promise<void> {
  const lineIds = [...new Set(batch.messages.map((m) => m.body.lineId))];
  for (const lineId of lineIds) {
    const [cursor, home] = await env.DB.batch<{ applied: number | null; object_name: string }>([
      env.DB.prepare("SELECT MIN(applied_seq) AS applied FROM line_event_cursors WHERE line_id = ?").bind(lineId),
      env.DB.prepare("SELECT object_name FROM line_directory WHERE line_id = ? AND store = 'object'").bind(lineId),
    ]);
    const fromSeq = (cursor!.results[0]?.applied ?? 0) + 1;
    const objectName = home!.results[0]?.object_name;
    if (!objectName) continue;
    const stub = env.LINES.get(env.LINES.idFromName(objectName)) as DurableObjectStub<LineLedger>;
    await stub.rehandEvents(lineId, fromSeq);
  }
  batch.ackAll();
}

/**
 * Development only: the moved clock moves every line (the alarms keep real
 * time). It walks the directory, which production never does.
 */
export async function serviceObjectLines(env: CoreEnv, nowMs: number): Promise<RunReport> {
  const into = emptyReport();
  if (env.ENVIRONMENT !== "development") return into;
  const { results } = await env.DB.prepare(
    "SELECT object_name FROM line_directory WHERE store = 'object' AND status = 'open'",
  ).all<{ object_name: string }>();
  for (const { object_name } of results) {
    const stub = env.LINES.get(env.LINES.idFromName(object_name)) as DurableObjectStub<LineLedger>;
    const served = await stub.service(nowMs);
    into.lines += served.lines;
    into.paymentsPosted += served.paymentsPosted;
    into.statementsIssued += served.statementsIssued;
    into.chargedOff += served.chargedOff;
    into.closed += served.closed;
  }
  return into;
}
