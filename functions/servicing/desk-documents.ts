import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { lines, signedDocuments } from "#db/schema/servicing";
import { loadLineState } from "./account-state";
import { ServicingError } from "./context";
import { customerById, latestLine } from "./customers";
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

/** The agreements a borrower signed (each exactly as signed, with its signature block), newest line first; none before e-sign. */
export async function deskSignedAgreements(db: Database, customerId: string) {
  await customerById(db, customerId); // 404 for no such borrower
  const rows = await db
    .select({
      lineId: signedDocuments.lineId,
      kind: signedDocuments.kind,
      title: signedDocuments.title,
      html: signedDocuments.html,
      signedAt: signedDocuments.signedAt,
    })
    .from(signedDocuments)
    .innerJoin(lines, eq(lines.id, signedDocuments.lineId))
    .where(eq(lines.customerId, customerId))
    .orderBy(desc(signedDocuments.lineId), signedDocuments.title);
  return rows;
}

export type DeskSignedAgreement = Awaited<ReturnType<typeof deskSignedAgreements>>[number];
