import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type * as v from "valibot";
import type { Database } from "#db/client";
import { applications, customers, lines } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import { applications as calls } from "#domain/catalogue/index";
import { contactPreferenceDefaults } from "#domain/config";
import { randomToken } from "#domain/tokens";
import { adverseActionNotice, adverseActionRow, sendApplicantNotice } from "../applicant-notices";
import { requireCustomer, type ServicingEnv, ServicingError } from "../context";
import { encryptPersonal, type SsnKeys } from "../crypto";
import {
  customerBySsnQueries,
  newAccountNumber,
  pendingApplication,
  personalDataKeys,
  ssnHashOf,
  withdrawPending,
} from "../customers";
import { implement } from "../implement";
import { lineRequests } from "../objects/homes";
import { readAsCaller } from "../token-batch";
import { issueToken, tokenToIssue } from "../tokens";
import { decide } from "../underwriting";

export const applicationRoutes = new Hono<ServicingEnv>();

implement(applicationRoutes, calls.ValidateSsn, async (c, { custSSN }) => {
  const db = c.var.db;
  const [, withLine] = await db.batch(customerBySsnQueries(db, await ssnHashOf(c.env, custSSN)));
  return { customerExists: withLine.length > 0 ? 1 : 0 } as const;
});

type Payload = v.InferOutput<typeof calls.ProcessApplication.payload>;
type Decision = ReturnType<typeof decide>;

const decidedQuery = (db: Database, extId: string) =>
  db.select().from(applications).where(eq(applications.extTransactionId, extId)).limit(1);

/** The answer an application already decided gives again (a retry, or the loser of two racing submissions). */
async function decidedAnswer(db: Database, extId: string) {
  return answerOf(await decidedQuery(db, extId).get());
}

function answerOf(row: typeof applications.$inferSelect | undefined) {
  if (!row) return null;
  return {
    appStatus: row.status === "approved" ? ("A" as const) : ("D" as const),
    approvedAmount: row.approvedLimitCents ?? 0,
    applicationId: row.id,
    transactionId: row.transactionId,
    // Only a denial was an adverse action; a withdrawn approval answers as before, with no notice.
    ...(row.status === "denied" ? { adverseActionNotice: true } : {}),
  };
}

/**
 * The applicant's customer record: a previously denied applicant keeps theirs,
 * refreshed (and keeps the choices they made). A new one starts with the
 * spec's defaults for what nobody has asked them yet: the table's own default
 * (no) would read as a "no" the borrower never gave.
 */
function customerWrite(
  db: Database,
  sealed: SealedPersonal,
  payload: Payload,
  known: { id: string } | null,
  customerId: string,
  now: number,
) {
  const { Customer } = payload.ExtTransactionData;
  const profile = {
    firstName: Customer.CustFName,
    lastName: Customer.CustLName,
    dob: Customer.CustDOB,
    email: Customer.CustEmail,
    address1: Customer.CustAddress1,
    address2: Customer.CustAddress2,
    city: Customer.CustCity,
    state: Customer.CustState,
    zip: Customer.CustZip,
    homePhone: Customer.CustHomePhone,
    mobilePhone: Customer.CustMobilePhone,
    updatedAt: now,
  };
  if (known) return db.update(customers).set(profile).where(eq(customers.id, known.id));
  return db.insert(customers).values({
    ...profile,
    ...contactPreferenceDefaults,
    id: customerId,
    ssnHash: sealed.ssnHash,
    ssnEncrypted: sealed.ssnEncrypted,
    ssnLast4: Customer.CustSSN.slice(-4),
    createdAt: now,
  });
}

/** The application as decided, with what it was decided on (bank account encrypted). */
function applicationWrite(
  db: Database,
  sealed: SealedPersonal,
  payload: Payload,
  ids: NewIds,
  decision: Decision,
  now: number,
) {
  const { Bank, Employer, Application } = payload.ExtTransactionData;
  return db.insert(applications).values({
    id: ids.applicationId,
    customerId: ids.customerId,
    status: decision.status === "A" ? "approved" : "denied",
    decisionReason: decision.reason,
    approvedLimitCents: decision.status === "A" ? decision.limitCents : null,
    requestedAmountCents: Application.RequestedAmount,
    transactionId: ids.transactionId,
    extTransactionId: payload.TransactionInfo.ExtTransactionID,
    leadSource: Application.pdLoanRcvdFrom,
    incomeSource: Employer.TypeOfIncome,
    employerName: Employer.EmployerName,
    workPhone: Employer.phone,
    workPhoneExt: Employer.phoneExt,
    incomePaymentMethod: Employer.TypeOfPayroll,
    takeHomeCents: Employer.AvgSalary,
    payFrequency: Employer.Periodicity,
    lastPayDate: Employer.LastPayDate,
    nextPayDate: Employer.NextPayDate,
    secondPayDate: Employer.SecondPayDate,
    bankRouting: Bank.AbaNo,
    bankAccountEncrypted: sealed.bankAccountEncrypted,
    bankAccountLast4: Bank.AcctNo.slice(-4),
    repaymentMethod: Application.PaymentMethod,
    requestIp: payload.TransactionInfo.RequestIPAddress,
    userAgent: payload.TransactionInfo.UserAgent,
    createdAt: now,
    decidedAt: now,
  });
}

/** An approved application's line, awaiting e-sign. */
function lineWrite(db: Database, payload: Payload, ids: NewIds, limitCents: number, now: number) {
  const { Employer, Application } = payload.ExtTransactionData;
  return db.insert(lines).values({
    id: ids.applicationId,
    applicationId: ids.applicationId,
    customerId: ids.customerId,
    creditLimitCents: limitCents,
    status: "awaiting_esign",
    payFrequency: Employer.Periodicity,
    payAnchorDate: Employer.LastPayDate,
    repaymentMethod: Application.PaymentMethod,
    createdAt: now,
  });
}

/** What an application keeps of the SSN and bank account: sealed with the core's keys, and a look-up hash. */
type SealedPersonal = { ssnHash: string; ssnEncrypted: string; bankAccountEncrypted: string };

async function sealPersonal(keys: SsnKeys, ssnHash: string, ssn: string, bankAccount: string): Promise<SealedPersonal> {
  return {
    ssnHash,
    ssnEncrypted: await encryptPersonal(keys, ssn),
    bankAccountEncrypted: await encryptPersonal(keys, bankAccount),
  };
}

type NewIds = { customerId: string; applicationId: number; transactionId: string };

implement(
  applicationRoutes,
  calls.ProcessApplication,
  async (c, payload) => {
    const db = c.var.db;
    const { Customer, Employer } = payload.ExtTransactionData;
    const extId = payload.TransactionInfo.ExtTransactionID;
    // A retried submission gets the answer of the first one, not a second decision: the earlier answer,
    // the applicant's customer record and whether they have a line, with the token, in one round trip.
    const ssnHash = await ssnHashOf(c.env, Customer.CustSSN);
    const [[decided], [known], withLine] = await readAsCaller(c, [
      decidedQuery(db, extId),
      ...customerBySsnQueries(db, ssnHash),
    ]);
    const earlier = answerOf(decided);
    if (earlier) return earlier;
    if (withLine.length > 0) {
      // A refusal is an adverse action too (Regulation B §1002.9): the applicant is told why, once per submission.
      if (known) {
        const notice = { ref: extId, customerId: known.id, applicationId: null, reasons: ["existing_line" as const] };
        const [fresh] = await adverseActionRow(db, adverseActionNotice(notice, c.var.now.getTime()));
        if (fresh) await sendApplicantNotice(db, c.env, fresh);
      }
      return {
        appStatus: "E" as const,
        approvedAmount: 0,
        applicationId: null,
        transactionId: null,
        adverseActionNotice: known !== undefined,
      };
    }

    const now = c.var.now.getTime();
    const decision = decide({
      dob: Customer.CustDOB,
      state: Customer.CustState,
      takeHomeCents: Employer.AvgSalary,
      frequency: Employer.Periodicity,
      today: easternDateTime(c.var.now).date,
    });
    const keys = await personalDataKeys(c.env);
    const sealed = await sealPersonal(keys, ssnHash, Customer.CustSSN, payload.ExtTransactionData.Bank.AcctNo);
    const ids: NewIds = {
      customerId: known?.id ?? crypto.randomUUID(),
      applicationId: newAccountNumber(),
      transactionId: randomToken(16),
    };
    const writes = [
      customerWrite(db, sealed, payload, known ?? null, ids.customerId, now),
      applicationWrite(db, sealed, payload, ids, decision, now),
    ] as const;
    // A denial's adverse-action notice is recorded with the decision, so it cannot be lost (applicant-notices.ts).
    const notice =
      decision.status === "D"
        ? adverseActionNotice(
            {
              ref: ids.applicationId,
              customerId: ids.customerId,
              applicationId: ids.applicationId,
              reasons: [decision.reason],
            },
            now,
          )
        : null;
    // An approved applicant continues (approved page, e-sign) with a token of their own, made in the same batch.
    const token = decision.status === "A" ? await tokenToIssue(db, "customer", ids.customerId, now) : null;
    try {
      await db.batch(
        token
          ? [...writes, lineWrite(db, payload, ids, decision.limitCents, now), token.write]
          : [...writes, adverseActionRow(db, notice!)],
      );
    } catch (error) {
      // Two submissions of one application racing: the loser answers with the winner's decision.
      const winner = await decidedAnswer(db, extId);
      if (!winner) throw error;
      return winner;
    }
    if (token) c.var.caller.tokenToUse = token.token;
    // The batch wrote the decision, so its notice is new: sent from the row as made, not read back.
    else await sendApplicantNotice(db, c.env, notice!);
    return {
      appStatus: decision.status,
      approvedAmount: decision.limitCents,
      applicationId: ids.applicationId,
      transactionId: ids.transactionId,
      ...(token ? {} : { adverseActionNotice: true }),
    };
  },
  // Its look-ups read the token in their batch: one round trip, not two (issue 19).
  { tokenInBatch: true },
);

implement(applicationRoutes, calls.GetUwsTransactionInformation, async (c, { transactinId }) => {
  const db = c.var.db;
  const row = await db
    .select({ application: applications, firstName: customers.firstName })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(eq(applications.transactionId, transactinId))
    .get();
  if (row?.application.status !== "approved") return { transactionRecords: [] };
  const { application } = row;
  c.var.caller.tokenToUse = await issueToken(db, "customer", application.customerId, c.var.now.getTime());
  return {
    transactionRecords: [
      {
        applicationId: application.id,
        customerId: application.customerId,
        firstName: row.firstName,
        appStatus: "A",
        approvedAmount: application.approvedLimitCents ?? 0,
      },
    ],
  };
});

implement(applicationRoutes, calls.GetApplications, async (c) => {
  const customerId = requireCustomer(c);
  const rows = await c.var.db
    .select()
    .from(applications)
    .where(eq(applications.customerId, customerId))
    .orderBy(desc(applications.createdAt))
    .all();
  return {
    applications: rows.map((a) => ({
      applicationId: a.id,
      requestedDrawAmount: a.requestedDrawCents ?? 0,
      status: a.status,
    })),
  };
});

implement(applicationRoutes, calls.UpdateDrawAmount, async (c, { requestedDrawAmount }) => {
  const pending = await pendingApplication(c.var.db, requireCustomer(c));
  if (!pending) throw new ServicingError(409, "There is no line awaiting e-sign.");
  if (requestedDrawAmount > pending.line.creditLimitCents)
    throw new ServicingError(422, "The draw is more than the credit limit.", {
      requestedDrawAmount: "More than the credit limit.",
    });
  await c.var.db
    .update(applications)
    .set({ requestedDrawCents: requestedDrawAmount })
    .where(eq(applications.id, pending.application.id));
  return { status: true };
});

implement(applicationRoutes, calls.VoidApplication, async (c, { voidReason }) => {
  const db = c.var.db;
  const pending = await pendingApplication(db, requireCustomer(c));
  if (!pending) return { status: false };
  await db.batch([
    db.update(applications).set({ status: "voided", voidReason }).where(eq(applications.id, pending.application.id)),
    db
      .update(lines)
      .set({ status: "withdrawn", closedAt: c.var.now.getTime(), closureReason: voidReason })
      .where(eq(lines.id, pending.line.id)),
  ]);
  return { status: true };
});

implement(applicationRoutes, calls.WithdrawApplication, async (c, { reason }) => ({
  status: await withdrawPending(c.var.db, requireCustomer(c), reason, c.var.now.getTime()),
}));

/** A lead's milestones after the decision (issue 21): the line's opening, its first draw, a withdrawal. */
implement(applicationRoutes, calls.GetApplicationMilestones, async (c, { applicationId }) => {
  const db = c.var.db;
  const [application, line] = await db.batch([
    db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId)),
    db
      .select({ id: lines.id, openedAt: lines.openedAt, closedAt: lines.closedAt, status: lines.status })
      .from(lines)
      .where(eq(lines.applicationId, applicationId)),
  ]);
  if (!application[0]) throw new ServicingError(404, "No such application.");
  const opened = line[0];
  // Wherever the line's rows live: a line in its object keeps only a frozen copy here (decision record 032).
  const draw = opened ? (await lineRequests(db, opened)).find((t) => t.code === "D") : undefined;
  const withdrawn = ["withdrawn", "voided"].includes(application[0].status) || opened?.status === "withdrawn";
  const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  return {
    applicationStatus: application[0].status,
    esignedAt: iso(opened?.openedAt),
    firstDraw: draw
      ? {
          amount: draw.amountCents,
          fundingDate: draw.effectiveDate,
          // The servicing run posts a draw once its funding date has come.
          funded: draw.status === "posted",
        }
      : null,
    withdrawnAt: withdrawn ? iso(opened?.closedAt) : null,
  };
});
