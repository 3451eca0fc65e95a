import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { lines } from "#db/schema/servicing";
import { lineStateOf } from "../account-state";
import { readLine } from "../book";
import { buildSummary } from "../summary";
import type { CustomerRow } from "./line-calls";

/**
 * What a borrower is shown of a line, as its rows stand (nothing serviced on the way): every figure
 * of Account/GetSummary and every issued statement. The move compares it before and after.
 */
export async function lineFigures(db: Database, lineId: number, customer: CustomerRow, now: Date) {
  const line = await db.select().from(lines).where(eq(lines.id, lineId)).get();
  if (!line) return null;
  const records = await readLine(db, line);
  return { summary: buildSummary(customer, lineStateOf(records, now), now), statements: records.statementRows };
}

export type LineFigures = NonNullable<Awaited<ReturnType<typeof lineFigures>>>;

/** The top-level parts of two lines' figures that differ (the summary's fields, and the statements). */
export function figureDifferences(before: LineFigures, after: LineFigures | null): string[] {
  if (!after) return ["the line is missing"];
  const differing = Object.keys(before.summary).filter(
    (k) =>
      JSON.stringify(before.summary[k as keyof typeof before.summary]) !==
      JSON.stringify(after.summary[k as keyof typeof after.summary]),
  );
  if (JSON.stringify(before.statements) !== JSON.stringify(after.statements)) differing.push("statements");
  return differing;
}
