import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { lines } from "#db/schema/servicing";
import { loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { customerById, latestLine } from "./customers";
import { lineSignedDocuments } from "./objects/homes";
import { statementPdf } from "./statement-pdf";

/** A borrower's billing statement as the desk reads it: the same PDF the portal gives the borrower. */
export async function deskStatementPdf(
  db: Database,
  customerId: string,
  statementId: string,
  now: Date,
): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer> }> {
  const line = await latestLine(db, customerId);
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  const [customer, state] = await Promise.all([customerById(db, customerId), loadLineState(db, line, now)]);
  // Only the statements of this customer's line are found.
  const statement = state.book.statements.find((s) => s.id === statementId);
  if (!statement) throw new ServicingError(404, "No such statement.");
  const bytes = await statementPdf(customer, state.line, state.book, statement);
  return { fileName: `statement-${statement.statementDate}.pdf`, bytes };
}

/**
 * The agreements a borrower signed (each exactly as signed, with its signature block), newest line
 * first; none before e-sign. A moved line's are read from its object, where they moved with it.
 */
export async function deskSignedAgreements(db: Database, customerId: string) {
  await customerById(db, customerId); // 404 for no such borrower
  const owned = await db
    .select({ id: lines.id, status: lines.status })
    .from(lines)
    .where(eq(lines.customerId, customerId))
    .orderBy(desc(lines.id))
    .all();
  const perLine = await Promise.all(owned.map((line) => lineSignedDocuments(db, line)));
  return perLine.flatMap((documents) => documents.sort((a, b) => a.title.localeCompare(b.title)));
}

export type DeskSignedAgreement = Awaited<ReturnType<typeof deskSignedAgreements>>[number];
