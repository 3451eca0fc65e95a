import type { DayWork } from "./engine/index";
import type { GuardedWrite } from "./guarded";

/**
 * What happened on a line, recorded in the line's own store in the same batch
 * (or the object's same transaction) as the posting that made it happen
 * (decision record 032), then handed to the events queue at least once.
 * Figures and row ids only: never a name, an address or an account number.
 */
export type LineEventKind =
  | "line_opened"
  | "draw"
  | "payment_posted"
  | "payment_returned"
  | "statement_issued"
  | "past_due"
  | "charged_off"
  | "closed";

export interface LineEventInput {
  kind: LineEventKind;
  day: string;
  data: Record<string, string | number | null>;
}

/** An event as the queue carries it: `id` is `${lineId}:${seq}`, the same however often it is handed over. */
export interface LineEvent extends LineEventInput {
  id: string;
  lineId: number;
  seq: number;
  at: number;
}

/**
 * The INSERT of a line's next event, numbered after the line's last one in
 * the same statement. The guard (a guarded batch's, or `1`) goes on the outer
 * SELECT: an aggregate always answers one row, so it cannot carry the guard.
 */
export function eventWrite(lineId: number, event: LineEventInput, at: number): GuardedWrite {
  return {
    sql:
      "INSERT INTO line_events (id, line_id, seq, kind, day, at, data) " +
      "SELECT ? || ':' || next, ?, next, ?, ?, ?, ? " +
      "FROM (SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM line_events WHERE line_id = ?) WHERE",
    params: [lineId, lineId, event.kind, event.day, at, JSON.stringify(event.data), lineId],
  };
}

/** The events of a servicing run's days, in the order the days happened. */
export function runEvents(works: DayWork[]): LineEventInput[] {
  const events: LineEventInput[] = [];
  for (const { day, entries, statements, notices, chargedOffOn, closure } of works) {
    for (const e of entries)
      if (e.kind === "payment")
        events.push({
          kind: "payment_posted",
          day,
          data: { entryId: e.id, amountCents: e.amountCents, origin: e.origin ?? null },
        });
    for (const n of notices)
      if (n.kind === "past_due")
        events.push({ kind: "past_due", day, data: { dueDate: n.ref, pastDueCents: n.state.pastDueCents } });
    if (chargedOffOn) events.push({ kind: "charged_off", day, data: { balanceCents: lastBalance(notices) } });
    for (const s of statements)
      events.push({
        kind: "statement_issued",
        day,
        data: {
          statementId: s.id,
          balanceCents: s.newBalanceCents,
          minimumDueCents: s.totalMinimumDueCents ?? s.minimumDueCents,
          feeCents: s.feeCents,
        },
      });
    if (closure) events.push({ kind: "closed", day, data: { reason: closure } });
  }
  return events;
}

const lastBalance = (notices: DayWork["notices"]) =>
  notices.findLast((n) => n.kind === "charged_off")?.state.balanceCents ?? null;

interface EventRow {
  id: string;
  line_id: number;
  seq: number;
  kind: string;
  day: string;
  at: number;
  data: string;
}

/** How many events one hand-over sends (a Queue's sendBatch takes at most 100). */
export const HAND_OVER_BATCH = 100;

/**
 * Hands a store's events not yet taken to the queue, oldest first, and marks
 * them taken. A crash between the send and the mark sends them again on the
 * next hand-over: consumers are idempotent by event id. `lineId` limits it to
 * one line (after a posting); without it, any line (the run's safety net).
 */
export async function handOverEvents(d1: D1Database, queue: Queue<LineEvent> | undefined, lineId?: number) {
  if (!queue) return 0;
  const where = lineId === undefined ? "handed_at IS NULL" : "handed_at IS NULL AND line_id = ?";
  const query = d1.prepare(
    `SELECT id, line_id, seq, kind, day, at, data FROM line_events WHERE ${where} ORDER BY line_id, seq LIMIT ${HAND_OVER_BATCH}`,
  );
  const { results } = await (lineId === undefined ? query : query.bind(lineId)).all<EventRow>();
  if (results.length === 0) return 0;
  await queue.sendBatch(results.map((row) => ({ body: toEvent(row), contentType: "json" as const })));
  const now = Date.now();
  await d1.batch(
    results.map((row) => d1.prepare("UPDATE line_events SET handed_at = ? WHERE id = ?").bind(now, row.id)),
  );
  return results.length;
}

/**
 * A line's events from `fromSeq` on, marked to be handed over again: what a dead-lettered event asks
 * for (an earlier event of its line never reached a consumer, so the later ones could not apply).
 */
export async function rehandEventsFrom(d1: D1Database, lineId: number, fromSeq: number): Promise<number> {
  const done = await d1
    .prepare("UPDATE line_events SET handed_at = NULL WHERE line_id = ? AND seq >= ?")
    .bind(lineId, fromSeq)
    .run();
  return done.meta.changes;
}

const toEvent = (row: EventRow): LineEvent => ({
  id: row.id,
  lineId: row.line_id,
  seq: row.seq,
  kind: row.kind as LineEventKind,
  day: row.day,
  at: row.at,
  data: JSON.parse(row.data) as LineEvent["data"],
});
