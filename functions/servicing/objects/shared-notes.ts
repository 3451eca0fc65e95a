import { asc, gt } from "drizzle-orm";
import type { Database } from "#db/client";
import { notes } from "#db/schema/servicing";

/**
 * A line's notes for the servicing desk (a draw's note, written with the draw in the object's own
 * transaction, spec file 3, section 4), copied to the shared `notes` the desk reads. The copy is
 * made after the answer, so a draw waits for no extra trip to the shared database; a copy lost with
 * the isolate is made by the next posting or servicing run, and a note copied twice is kept once.
 */
export function notesAfter(db: Database, afterId: number) {
  return db.select().from(notes).where(gt(notes.id, afterId)).orderBy(asc(notes.id)).all();
}

/** The copies' inserts in one batch of the shared database, each skipped where the same note is already kept. */
export async function shareNotes(shared: D1Database, rows: (typeof notes.$inferSelect)[]): Promise<void> {
  if (rows.length === 0) return;
  await shared.batch(
    rows.map((row) =>
      shared
        .prepare(
          "INSERT INTO notes (customer_id, note, is_urgent, created_at) SELECT ?1, ?2, ?3, ?4 " +
            "WHERE NOT EXISTS (SELECT 1 FROM notes WHERE customer_id = ?1 AND created_at = ?4 AND note = ?2)",
        )
        .bind(row.customerId, row.note, row.isUrgent ? 1 : 0, row.createdAt),
    ),
  );
}
