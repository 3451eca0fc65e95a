import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { Hono } from "hono";
import { customers, lines, notes, signatures, users } from "#db/schema/servicing";
import { account as calls } from "#domain/catalogue/index";
import { sameEmail } from "#domain/rules/email";
import { applyContactChange } from "#domain/rules/preferences";
import { loadCustomerState, loadLineState } from "../account-state";
import { agreementHtml, agreementTitles } from "../agreements";
import { customerLine, lineHeadQueries, lineRecordsOf, newestLineOf } from "../book";
import { requireCustomer, type ServicingEnv, ServicingError } from "../context";
import { customerById, latestLine } from "../customers";
import { claimStatement, keyShapeProblem, requestHashOf } from "../idempotency";
import { implement } from "../implement";
import { postWithClaimedKey } from "../keyed-posting";
import { lineSigningRows, movedLineCall } from "../objects/homes";
import { openInObject } from "../objects/open";
import { outgoingFor } from "../outgoing";
import { expirePendingResets } from "../password-check";
import { payoffProjection } from "../payoff-projection";
import { confirmEmailChange, profileNotifications } from "../profile";
import { statementPdf, statementPdfAnswer } from "../statement-pdf";
import { buildSummary, summaryCustomerColumns } from "../summary";
import { readAsCustomer } from "../token-batch";
import { callersOwnTokenHashes, revokeCustomerTokens } from "../tokens";

export const accountRoutes = new Hono<ServicingEnv>();

/**
 * Every portal page's call for a customer whose newest line has no object yet (awaiting its signature,
 * or withdrawn; a line in its object is answered there, objects/route.ts): the token, the customer,
 * the line and its application in one round trip.
 */
implement(
  accountRoutes,
  calls.GetSummary,
  async (c) => {
    const db = c.var.db;
    const [customerRows, ...lineRows] = await readAsCustomer(c, (customerId) => {
      const newest = newestLineOf(customerId);
      return [
        db.select(summaryCustomerColumns).from(customers).where(eq(customers.id, customerId)),
        ...lineHeadQueries(db, newest.line, newest.application),
      ] as const;
    });
    const customer = customerRows[0];
    if (!customer) throw new ServicingError(404, "No such customer.");
    const records = await lineRecordsOf(db, lineRows);
    if (!records) throw new ServicingError(404, "This customer has no line of credit.");
    return buildSummary(customer, await loadLineState(db, records.line, c.var.now, records), c.var.now);
  },
  { tokenInBatch: true },
);

/**
 * A draw or a payment asked of a line with no object yet (objects/route.ts answers the others): the
 * token, the claim of the Idempotency-Key, the customer and the line in one batch, then the posting
 * as the line allows it (a line not yet open refuses it), with the key's answer kept.
 */
implement(
  accountRoutes,
  calls.PostTransaction,
  async (c, payload) => {
    const db = c.var.db;
    const now = c.var.now.getTime();
    const key = c.req.header("Idempotency-Key") ?? "";
    const requestHash = await requestHashOf(payload);
    const keyProblem = !key
      ? new ServicingError(400, "An Idempotency-Key header is required.", { "Idempotency-Key": "Required." })
      : keyShapeProblem(key);
    const [claimed, customerRows, ...lineRows] = await readAsCustomer(c, (customerId) => {
      const newest = newestLineOf(customerId);
      return [
        // A key that is missing or misshapen claims nothing (the refusal follows the token's check).
        claimStatement(db, keyProblem ? null : customerId, key, requestHash, now),
        db.select().from(customers).where(eq(customers.id, customerId)),
        ...lineHeadQueries(db, newest.line, newest.application),
      ] as const;
    });
    if (keyProblem) throw keyProblem;
    return postWithClaimedKey(c.env.DB, db, {
      customerId: requireCustomer(c),
      key,
      requestHash,
      claimed: claimed.length === 1,
      payload,
      now: c.var.now,
      customer: customerRows[0],
      records: await lineRecordsOf(db, lineRows),
    });
  },
  { tokenInBatch: true },
);

implement(accountRoutes, calls.GetDocuments, async (c, { documentKind }) => {
  const customerId = requireCustomer(c);
  const [customer, line] = await Promise.all([customerById(c.var.db, customerId), customerLine(c.var.db, customerId)]);
  // The line's figures and its signatures, wherever its rows live (a moved line's are in its object).
  const [state, signed] = await Promise.all([
    loadLineState(c.var.db, line, c.var.now),
    lineSigningRows(c.var.db, line, "signatures"),
  ]);
  const party = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    creditLimitCents: state.line.creditLimitCents,
    lineId: state.line.id,
  };
  return {
    documentsData: [
      {
        documentId: `${documentKind}-${state.line.id}`,
        documentTitle: agreementTitles[documentKind],
        documentText: agreementHtml(documentKind, party),
        eSigCount: signed.length,
      },
    ],
  };
});

/**
 * Contact details and preferences, the military answer and the repayment
 * method, in one batch; the rules of functions/domain/rules/preferences.ts decide
 * the consents (no cell, no texts). The borrower is told afterwards.
 */
implement(accountRoutes, calls.UpdateProfile, async (c, payload) => {
  const customerId = requireCustomer(c);
  const db = c.var.db;
  const now = c.var.now.getTime();
  const repayment = payload.additionalFields?.find((f) => f.id === 100629)?.value;
  const [customer, line] = await Promise.all([
    customerById(db, customerId),
    repayment ? latestLine(db, customerId) : undefined,
  ]);
  // The e-mail is also the sign-in name: a new one (case aside) needs the current password first.
  const newEmail =
    payload.custEmail !== undefined && !sameEmail(payload.custEmail, customer.email) ? payload.custEmail : null;
  if (newEmail) {
    await confirmEmailChange(db, customerId, payload.currentPassword, now);
    const owner = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, newEmail), ne(customers.id, customerId)))
      .get();
    if (owner) throw new ServicingError(409, "That email address belongs to another account.", { custEmail: "Taken." });
  }
  const after = applyContactChange(customer, payload);
  const military = payload.preferences?.isMilitaryPersonnel;
  const writes: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(customers)
      .set({ ...after, ...(military !== undefined ? { isMilitary: military } : {}), updatedAt: now })
      .where(eq(customers.id, customerId)),
  ];
  if (newEmail) {
    // The sign-in name changes with it; every other session of the customer ends, and reset links sent to the old address die.
    writes.push(
      db.update(users).set({ email: after.email, updatedAt: now }).where(eq(users.customerId, customerId)),
      revokeCustomerTokens(db, customerId, await callersOwnTokenHashes(c, customerId)),
      expirePendingResets(db, customerId, now),
    );
  }
  const method = repayment === "Paper Check" ? "K" : "A";
  // A moved line's repayment method is its object's to keep (decision record 032).
  if (repayment && line?.status === "moved")
    await movedLineCall(c.env.LINES, line.id, (home) => home.setRepaymentMethod(method));
  else if (repayment && line)
    writes.push(db.update(lines).set({ repaymentMethod: method }).where(eq(lines.id, line.id)));
  await db.batch(writes);
  const contactTouched = [payload.custEmail, payload.phoneNumber, payload.mobileNumber, payload.preferences].some(
    (field) => field !== undefined,
  );
  if (contactTouched) {
    for (const message of profileNotifications(customer, customer, after)) await outgoingFor(db).send(message);
  }
  return { status: true };
});

implement(accountRoutes, calls.SaveNote, async (c, { note, isUrgent }) => {
  await c.var.db
    .insert(notes)
    .values({ customerId: requireCustomer(c), note, isUrgent, createdAt: c.var.now.getTime() });
  return { status: true };
});

implement(accountRoutes, calls.SaveSignatures, async (c, { signaturesData }) => {
  const customerId = requireCustomer(c);
  const state = await loadCustomerState(c.var.db, customerId, c.var.now);
  if (state.line.status !== "awaiting_esign") throw new ServicingError(409, "This line is not awaiting a signature.");
  await c.var.db.insert(signatures).values(
    signaturesData.map((s) => ({
      lineId: state.line.id,
      documentId: s.documentId,
      signatureText: s.eSignatureText,
      ipAddress: s.eSignatureIPAddress,
      userAgent: s.eSignatureUserAgent,
      orderNo: s.eSignatureOrderNo,
      signedAt: Date.parse(s.eSignatureDate),
    })),
  );
  return { status: true };
});

/**
 * After signing: the line opens in its own object, and the first draw (if one was asked for) posts
 * with it, in one transaction (objects/open.ts).
 */
implement(accountRoutes, calls.OpenLine, async (c) => {
  const customerId = requireCustomer(c);
  const db = c.var.db;
  const state = await loadCustomerState(db, customerId, c.var.now);
  if (state.line.status === "open") return { status: true };
  if (state.line.status !== "awaiting_esign") throw new ServicingError(409, "This line cannot be opened.");
  const signed = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(eq(signatures.lineId, state.line.id))
    .get();
  if (!signed) throw new ServicingError(409, "The agreement has not been signed.");
  const opening = { requestedDrawCents: state.requestedDrawCents, signature: null, documents: [], note: null };
  await openInObject(c, { line: state.line, siteWrites: [], ...opening });
  return { status: true };
});

implement(accountRoutes, calls.GetStatement, async (c, { statementId }) => {
  const customerId = requireCustomer(c);
  const [customer, state] = await Promise.all([
    customerById(c.var.db, customerId),
    loadCustomerState(c.var.db, customerId, c.var.now),
  ]);
  // Only statements of the caller's own line are found: another customer's id is simply unknown here.
  const statement = state.book.statements.find((s) => s.id === statementId);
  if (!statement) throw new ServicingError(404, "No such statement.");
  return statementPdfAnswer(await statementPdf(customer, state.line, state.book, statement), statement);
});

/** The payments page's minimum-payment warning, for a line with no object yet (objects/route.ts answers the others). */
implement(accountRoutes, calls.GetPayoffProjection, async (c, { fixedPaymentCents }) => {
  const state = await loadCustomerState(c.var.db, requireCustomer(c), c.var.now);
  return { projection: payoffProjection(state, fixedPaymentCents) };
});
