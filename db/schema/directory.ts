import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What D1 keeps about each line of credit once lines can live in their own
 * Durable Objects (decision record 032): which object holds the line, when
 * its alarm should next fire (the sweeper's one question), and the line's
 * standing as its events last told it. One row a line, whatever its history.
 */
export const lineDirectory = sqliteTable(
  "line_directory",
  {
    lineId: integer("line_id").primaryKey(),
    customerId: text("customer_id").notNull(),
    /** Where the line's rows live: "d1" (the shared tables) or "object" (its Durable Object). */
    store: text("store").notNull().default("d1"),
    /** The Durable Object's name (its id derives from it); the line id as text. */
    objectName: text("object_name").notNull(),
    /** The location hint the object was created with (a continent or region), or "". */
    locationHint: text("location_hint").notNull().default(""),
    /** awaiting_esign | open | closed | withdrawn, as the line's events last said. */
    status: text("status").notNull(),
    /** When the line's alarm is due (epoch ms), or null when nothing is scheduled (a closed line). */
    nextAlarmAt: integer("next_alarm_at"),
    /** The last Eastern day the line was serviced through. */
    servicedThrough: text("serviced_through"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("line_directory_customer").on(t.customerId), index("line_directory_alarm").on(t.nextAlarmAt)],
);

/**
 * Each events consumer's place in each line's stream: an event is applied
 * only when its seq is the next one, in the same batch as moving the place,
 * so a repeat is skipped and a gap waits for the missing event.
 */
export const lineEventCursors = sqliteTable(
  "line_event_cursors",
  {
    consumer: text("consumer").notNull(),
    lineId: integer("line_id").notNull(),
    appliedSeq: integer("applied_seq").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.lineId] })],
);

/**
 * A line's object's messages not yet handed to the shared dispatch (decision
 * record 032): a posting's confirmation is written here in the posting's own
 * transaction, so the borrower's answer waits for no trip to the shared
 * database, and the object hands it over once answered (at least once; the
 * record's id makes the hand-over once). Empty in the shared database; a row
 * lives only until it is handed over.
 */
export const messageHandover = sqliteTable("message_handover", {
  /** The message record's id in the shared database. */
  id: text("id").primaryKey(),
  /** The message as the dispatch queue takes it (JSON). */
  message: text("message").notNull(),
  createdAt: integer("created_at").notNull(),
});
