import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type * as v from "valibot";
import { esignConsents } from "#db/schema/notices";
import { applications, customers, lines } from "#db/schema/servicing";
import { account as calls } from "#domain/catalogue/index";
import { borrowerNameMatches } from "#domain/rules/esign";
import { type LineState, loadCustomerState } from "../account-state";
import { signedAgreementRows } from "../agreements";
import { requireCustomer, type ServicingContext, type ServicingEnv, ServicingError } from "../context";
import { customerById, latestLine } from "../customers";
import { esignDisclosureId } from "../esign-disclosure";
import { implement } from "../implement";
import { lineSignedDocuments } from "../objects/homes";
import { openInObject } from "../objects/open";
import { outgoingFor } from "../outgoing";
import { templates } from "../templates";

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

  const { signature, documents, siteWrites } = signing(db, p, customer, state.line, await esignDisclosureId());
  const opened = await openInObject(c, {
    line: state.line,
    requestedDrawCents: p.requestedDrawAmount,
    siteWrites,
    signature,
    documents,
    note: p.drawNote || null,
  });
  await accountReadyEmail(c, customer, opened.drawCents, opened.fundingDate);
  return { status: true, drawAmount: opened.drawCents, fundingDate: opened.fundingDate };
});

/**
 * What signing writes: the signature (IP, user agent, time), each agreement as the borrower saw it
 * with its signature block, and the site's own rows it changes (preferences, the military answer,
 * the repayment method, the draw asked for).
 */
function signing(
  db: ServicingContext["var"]["db"],
  p: v.InferOutput<typeof calls.FinishESign.payload>,
  customer: { id: string; firstName: string; lastName: string },
  line: LineState["line"],
  disclosure: { version: string; sha256: string },
) {
  const at = Date.parse(p.signedAt);
  const party = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    creditLimitCents: line.creditLimitCents,
    lineId: line.id,
  };
  const signature = {
    lineId: line.id,
    documentId: `loc-${line.id}`,
    signatureText: p.signatureText,
    ipAddress: p.ipAddress,
    userAgent: p.userAgent,
    orderNo: 1,
    signedAt: at,
  };
  const documents = signedAgreementRows(p.agreements, party, {
    text: p.signatureText,
    signedAt: p.signedAt,
    ipAddress: p.ipAddress,
  });
  const preferences = {
    allowMarketingTexts: p.allowMarketingTexts,
    allowMarketingCalls: p.allowMarketingCalls,
    isMilitary: false,
    updatedAt: at,
  };
  const siteWrites = [
    db.update(customers).set(preferences).where(eq(customers.id, customer.id)),
    db.update(lines).set({ repaymentMethod: p.repaymentMethod }).where(eq(lines.id, line.id)),
    db
      .update(applications)
      .set({ requestedDrawCents: p.requestedDrawAmount })
      .where(eq(applications.id, line.applicationId)),
    // The consent to electronic records, as E-SIGN §101(c) needs it proven: which text, when, from which device.
    ...(p.agreements.includes("agreleconsent")
      ? [
          db.insert(esignConsents).values({
            customerId: customer.id,
            lineId: line.id,
            event: "given",
            disclosureVersion: disclosure.version,
            disclosureSha256: disclosure.sha256,
            at,
            ipAddress: p.ipAddress,
            userAgent: p.userAgent,
          }),
        ]
      : []),
  ];
  return { signature, documents, siteWrites };
}

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
