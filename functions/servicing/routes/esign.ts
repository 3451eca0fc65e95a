import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { applications, customers, lines, notes, signatures, signedDocuments } from "#db/schema/servicing";
import { account as calls } from "#domain/catalogue/index";
import { borrowerNameMatches } from "#domain/rules/esign";
import { loadCustomerState } from "../account-state";
import { signedAgreementRows } from "../agreements";
import { requireCustomer, type ServicingContext, type ServicingEnv, ServicingError } from "../context";
import { customerById, latestLine } from "../customers";
import { implement } from "../implement";
import { lineSignedDocuments } from "../objects/homes";
import { outgoingFor } from "../outgoing";
import { templates } from "../templates";
import { moveOpenedLine, openingWrites } from "./account";

export const esignRoutes = new Hono<ServicingEnv>();

implement(esignRoutes, calls.FinishESign, async (c, p) => {
  const customerId = requireCustomer(c);
  const db = c.var.db;
  const [customer, state] = await Promise.all([
    customerById(db, customerId),
    loadCustomerState(db, customerId, c.var.now),
  ]);
  if (state.line.status !== "awaiting_esign") throw new ServicingError(409, "This line is not awaiting a signature.");
  if (!borrowerNameMatches(p.signatureText, customer.firstName, customer.lastName))
    throw new ServicingError(422, "Please enter your name to eSign", {
      signatureText: "Please enter your name to eSign",
    });

  const at = Date.parse(p.signedAt);
  const party = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    creditLimitCents: state.line.creditLimitCents,
    lineId: state.line.id,
  };
  const opening = openingWrites(db, state, p.requestedDrawAmount, c.var.now);
  // One batch: signature, signed documents, preferences, answers, draw, note and the opened line, or none of it.
  await db.batch([
    db.insert(signatures).values({
      lineId: state.line.id,
      documentId: `loc-${state.line.id}`,
      signatureText: p.signatureText,
      ipAddress: p.ipAddress,
      userAgent: p.userAgent,
      orderNo: 1,
      signedAt: at,
    }),
    db.insert(signedDocuments).values(
      signedAgreementRows(p.agreements, party, {
        text: p.signatureText,
        signedAt: p.signedAt,
        ipAddress: p.ipAddress,
      }),
    ),
    db
      .update(customers)
      .set({
        allowMarketingTexts: p.allowMarketingTexts,
        allowMarketingCalls: p.allowMarketingCalls,
        isMilitary: false,
        updatedAt: at,
      })
      .where(eq(customers.id, customerId)),
    db.update(lines).set({ repaymentMethod: p.repaymentMethod }).where(eq(lines.id, state.line.id)),
    db
      .update(applications)
      .set({ requestedDrawCents: p.requestedDrawAmount })
      .where(eq(applications.id, state.line.applicationId)),
    ...(p.drawNote ? [db.insert(notes).values({ customerId, note: p.drawNote, isUrgent: false, createdAt: at })] : []),
    opening.opened,
    ...opening.draw,
    opening.open,
  ]);
  await moveOpenedLine(c, state.line.id);
  await accountReadyEmail(c, customer, opening.drawCents, opening.fundingDate);
  return { status: true, drawAmount: opening.drawCents, fundingDate: opening.fundingDate };
});

/**
 * The success page's promise kept (0-decisions.md): an e-mail once the line
 * is open (the batch above opens it), with the first draw when there is one.
 * Best effort: the signature is recorded, and a lost e-mail must not undo it.
 */
async function accountReadyEmail(
  c: ServicingContext,
  customer: { id: string; email: string; firstName: string },
  drawCents: number,
  fundingDate: string | null,
) {
  const draw = drawCents > 0 && fundingDate ? { cents: drawCents, fundingDate } : null;
  await outgoingFor(c.var.db)
    .send(templates.accountReady(customer, draw))
    .catch(() => undefined);
}

/** The agreements of the borrower's newest line, read where its rows live: with the line, once it has moved. */
implement(esignRoutes, calls.GetSignedDocuments, async (c) => {
  const line = await latestLine(c.var.db, requireCustomer(c));
  if (!line) throw new ServicingError(404, "This customer has no line of credit.");
  const rows = await lineSignedDocuments(c.var.db, line);
  rows.sort((a, b) => a.kind.localeCompare(b.kind));
  return { documents: rows.map((d) => ({ kind: d.kind, title: d.title, html: d.html, signedAt: d.signedAt })) };
});
