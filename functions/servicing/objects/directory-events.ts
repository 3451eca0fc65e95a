import { consumeLineEvents } from "../event-consumers";
import type { LineEvent } from "../events";
import type { GuardedWrite } from "../guarded";

/**
 * The directory learns each line's status from its events (decision record
 * 032): a line opened (or reopened) is open; a closed line is closed and
 * needs no alarm. The desk's search reads the status from here instead of
 * opening every line it lists.
 */
export function directoryWrites(event: LineEvent, at: number): GuardedWrite[] {
  const customerId = typeof event.data.customerId === "string" ? event.data.customerId : null;
  switch (event.kind) {
    case "line_opened":
      return [
        ...(customerId
          ? [
              {
                sql:
                  "INSERT OR IGNORE INTO line_directory (line_id, customer_id, store, object_name, status, updated_at) " +
                  "SELECT ?, ?, 'object', ?, 'open', ? WHERE",
                params: [event.lineId, customerId, String(event.lineId), at],
              },
            ]
          : []),
        {
          sql: "UPDATE line_directory SET status = 'open', updated_at = ? WHERE line_id = ? AND",
          params: [at, event.lineId],
        },
      ];
    case "closed":
      return [
        {
          sql: "UPDATE line_directory SET status = 'closed', next_alarm_at = NULL, updated_at = ? WHERE line_id = ? AND",
          params: [at, event.lineId],
        },
      ];
    default:
      return [];
  }
}

export const DIRECTORY_CONSUMER = "directory";

/** The events queue's consumer. */
export function consumeDirectoryEvents(batch: MessageBatch<LineEvent>, d1: D1Database) {
  return consumeLineEvents(d1, DIRECTORY_CONSUMER, batch.messages, directoryWrites);
}
