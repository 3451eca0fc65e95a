import type { CoreEnv } from "../env";
import { HAND_OVER_BATCH, handOverEvents, type LineEvent } from "../events";
import { emptyReport, type RunReport } from "../run-report";
import { consumeDirectoryEvents } from "./directory-events";
import type { LineLedger } from "./line-ledger";
import { type SweepReport, sweepLines, wakeLines } from "./sweeper";
import type { LineWake } from "./types";

export interface LinesRunReport extends SweepReport {
  /** Events handed to the events queue by this run (those a posting's own hand-over missed). */
  eventsHanded: number;
}

/** Hand-overs a run makes at most: the next run (15 minutes later) takes the rest. */
const MAX_HAND_OVERS = 50;

/**
 * The lines' part of the scheduled run (decision record 032): events not yet
 * handed over (a crash between a posting and its hand-over, or a line in the
 * shared database, whose postings leave the hand-over to this run), then the
 * sweep for lines whose alarm is missing or overdue.
 */
export async function runLines(env: CoreEnv, nowMs: number): Promise<LinesRunReport> {
  let eventsHanded = 0;
  for (let i = 0; i < MAX_HAND_OVERS; i++) {
    const handed = await handOverEvents(env.DB, env.LINE_EVENTS);
    eventsHanded += handed;
    if (handed < HAND_OVER_BATCH) break;
  }
  return { eventsHanded, ...(await sweepLines(env, nowMs)) };
}

/** The lines' queues: the sweeper's wakes and the events; each environment names them with these stems. */
export function isLinesQueue(queue: string): boolean {
  return queue.startsWith("ridgeline-line-wake") || queue.startsWith("ridgeline-line-events");
}

export async function consumeLinesQueue(batch: MessageBatch<unknown>, env: CoreEnv): Promise<void> {
  if (batch.queue.startsWith("ridgeline-line-wake")) await wakeLines(batch as MessageBatch<LineWake>, env);
  else await consumeDirectoryEvents(batch as MessageBatch<LineEvent>, env.DB);
}

/**
 * Development only: the moved clock moves every line in an object too (the
 * alarms keep real time). It walks the directory, which production never does.
 */
export async function serviceObjectLines(env: CoreEnv, nowMs: number, into: RunReport = emptyReport()) {
  if (env.ENVIRONMENT !== "development" || !env.LINES) return into;
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
