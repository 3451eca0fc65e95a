import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "#db/client";
import { transactions } from "#db/line/tables";
import { lines, signatures, signedDocuments } from "#db/schema/servicing";
import { loadLineState } from "../account-state";
import { openingWrites } from "../opening";
import type { LineRows } from "./schema";

/**
 * The object's side of a line's opening (objects/open.ts is the host's): what it is given, what it
 * answers, and the writes, on the object's own rows.
 */

/** The first draw a line opened with, and when it funds (none: 0 and null). */
export interface OpeningAnswer {
  drawCents: number;
  fundingDate: string | null;
}

/** What a line's object is given to open the line (plain data: it crosses the object's boundary). */
export interface OpeningInput {
  lineId: number;
  nowMs: number;
  requestedDrawCents: number;
  /** The line's rows before it opens (customer, application, the line awaiting e-sign, its keys), as stored. */
  rows: LineRows;
  /** The record of signing written with the opening (FinishESign); OpenLine's is among `rows`. */
  signature: typeof signatures.$inferInsert | null;
  documents: (typeof signedDocuments.$inferInsert)[];
}

/** The opening a line's object already holds: a retry answers it instead of opening again. */
export async function openingHere(db: Database, lineId: number): Promise<OpeningAnswer | null> {
  const line = await db.select().from(lines).where(eq(lines.id, lineId)).get();
  if (!line?.openedAt) return null;
  const draw = await db
    .select({ cents: transactions.amountCents, fundingDate: transactions.effectiveDate })
    .from(transactions)
    .where(and(eq(transactions.lineId, lineId), eq(transactions.code, "D"), eq(transactions.createdAt, line.openedAt)))
    .get();
  return { drawCents: draw?.cents ?? 0, fundingDate: draw?.fundingDate ?? null };
}

/** The record of signing and the opening, in one batch (one transaction of the object). */
export async function writeOpening(db: Database, input: OpeningInput): Promise<OpeningAnswer> {
  const line = await db.select().from(lines).where(eq(lines.id, input.lineId)).get();
  if (!line) throw new Error(`Line ${input.lineId} was not given to its object.`);
  const now = new Date(input.nowMs);
  const state = await loadLineState(db, line, now);
  const opening = openingWrites(db, state, input.requestedDrawCents, now);
  const signing: BatchItem<"sqlite">[] = [
    ...(input.signature ? [db.insert(signatures).values(input.signature)] : []),
    ...(input.documents.length > 0 ? [db.insert(signedDocuments).values(input.documents)] : []),
  ];
  const writes: BatchItem<"sqlite">[] = [...signing, opening.opened, ...opening.draw, opening.open];
  await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { drawCents: opening.drawCents, fundingDate: opening.fundingDate };
}
