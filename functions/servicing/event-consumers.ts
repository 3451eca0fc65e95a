import type { LineEvent } from "./events";
import type { GuardedWrite } from "./guarded";

/**
 * A consumer of the lines' events applies each event once and in each line's
 * order (decision record 032), however often and in whatever order the queue
 * delivers: an event is applied only when its seq follows the consumer's
 * place in that line, and its writes carry a guard on moving the place, all
 * in one batch. A repeat is acknowledged and skipped; an event whose
 * predecessor has not been applied yet is retried later.
 */
export type ApplyEvent = (event: LineEvent, at: number) => GuardedWrite[];

export interface ConsumeOutcome {
  applied: number;
  repeated: number;
  waiting: number;
}

interface Delivered {
  body: LineEvent;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** A gap waits this long before the event is offered again. */
const GAP_RETRY_SECONDS = 5;

export async function consumeLineEvents(
  d1: D1Database,
  consumer: string,
  messages: readonly Delivered[],
  apply: ApplyEvent,
  now = Date.now(),
): Promise<ConsumeOutcome> {
  const outcome: ConsumeOutcome = { applied: 0, repeated: 0, waiting: 0 };
  const ordered = [...messages].sort((a, b) => a.body.lineId - b.body.lineId || a.body.seq - b.body.seq);
  for (const message of ordered) {
    const result = await applyOnce(d1, consumer, message.body, apply, now);
    outcome[result]++;
    if (result === "waiting") message.retry({ delaySeconds: GAP_RETRY_SECONDS });
    else message.ack();
  }
  return outcome;
}

async function applyOnce(
  d1: D1Database,
  consumer: string,
  event: LineEvent,
  apply: ApplyEvent,
  now: number,
): Promise<keyof ConsumeOutcome> {
  const place = await d1
    .prepare("SELECT applied_seq FROM line_event_cursors WHERE consumer = ? AND line_id = ?")
    .bind(consumer, event.lineId)
    .first<number>("applied_seq");
  const applied = place ?? 0;
  if (event.seq <= applied) return "repeated";
  if (event.seq > applied + 1) return "waiting";
  // The writes carry a guard on the place as it was; the place moves last. Batches are serialised, so a
  // racing delivery of the same event finds the place moved: its writes and its move change nothing.
  const guard = " COALESCE((SELECT applied_seq FROM line_event_cursors WHERE consumer = ? AND line_id = ?), 0) = ?";
  const writes = apply(event, now).map((w) =>
    d1.prepare(`${w.sql}${guard}`).bind(...w.params, consumer, event.lineId, applied),
  );
  const results = await d1.batch([
    ...writes,
    d1
      .prepare(
        "INSERT INTO line_event_cursors (consumer, line_id, applied_seq, updated_at) VALUES (?, ?, ?, ?) " +
          "ON CONFLICT (consumer, line_id) DO UPDATE SET applied_seq = excluded.applied_seq, updated_at = excluded.updated_at " +
          "WHERE line_event_cursors.applied_seq = ?",
      )
      .bind(consumer, event.lineId, event.seq, now, applied),
  ]);
  return results.at(-1)!.meta.changes === 1 ? "applied" : "repeated";
}
