import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { applications, customers, lines } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import { applications as calls } from "#domain/catalogue/index";
import { randomToken } from "#domain/tokens";
import { requireCustomer, type ServicingEnv, ServicingError } from "../context";
import { encryptPersonal, ssnLookupHash } from "../crypto";
import {
  customerBySsn,
  isExistingCustomer,
  newAccountNumber,
  pendingApplication,
  personalDataKeys,
  withdrawPending,
} from "../customers";
import { implement } from "../implement";
import { issueToken } from "../tokens";
import { decide } from "../underwriting";

export const applicationRoutes = new Hono<ServicingEnv>();

implement(applicationRoutes, calls.ValidateSsn, async (c, { custSSN }) => {
  const known = await customerBySsn(c.var.db, c.env, custSSN);
  const exists = known ? await isExistingCustomer(c.var.db, known.id) : false;
  return { customerExists: exists ? 1 : 0 } as const;
});

implement(applicationRoutes, calls.ProcessApplication, async (c, payload) => {
  const db = c.var.db;
  const { Customer, Bank, Employer, Application } = payload.ExtTransactionData;
  const extId = payload.TransactionInfo.ExtTransactionID;

  // A retried submission gets the answer of the first one, not a second decision.
  const earlier = await db.select().from(applications).where(eq(applications.extTransactionId, extId)).get();
  if (earlier) {
    return {
      appStatus: earlier.status === "approved" ? "A" : earlier.status === "existing" ? "E" : "D",
      approvedAmount: earlier.approvedLimitCents ?? 0,
      applicationId: earlier.id,
      transactionId: earlier.transactionId,
    };
  }
  const known = await customerBySsn(db, c.env, Customer.CustSSN);
  if (known && (await isExistingCustomer(db, known.id))) {
    return { appStatus: "E", approvedAmount: 0, applicationId: null, transactionId: null };
  }

  const now = c.var.now.getTime();
  const today = easternDateTime(c.var.now).date;
  const decision = decide({
    dob: Customer.CustDOB,
    state: Customer.CustState,
    takeHomeCents: Employer.AvgSalary,
    frequency: Employer.Periodicity,
    today,
  });
  const keys = await personalDataKeys(c.env);
  const customerId = known?.id ?? crypto.randomUUID();
  const applicationId = newAccountNumber();
  const transactionId = randomToken(16);

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
  const writes = [
    // A previously denied applicant keeps their customer record, refreshed.
    known
      ? db.update(customers).set(profile).where(eq(customers.id, known.id))
      : db.insert(customers).values({
          ...profile,
          id: customerId,
          ssnHash: await ssnLookupHash(keys, Customer.CustSSN),
          ssnEncrypted: await encryptPersonal(keys, Customer.CustSSN),
          ssnLast4: Customer.CustSSN.slice(-4),
          createdAt: now,
        }),
    db.insert(applications).values({
      id: applicationId,
      customerId,
      status: decision.status === "A" ? "approved" : "denied",
      decisionReason: decision.reason,
      approvedLimitCents: decision.status === "A" ? decision.limitCents : null,
      requestedAmountCents: Application.RequestedAmount,
      transactionId,
      extTransactionId: extId,
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
      bankAccountEncrypted: await encryptPersonal(keys, Bank.AcctNo),
      bankAccountLast4: Bank.AcctNo.slice(-4),
      repaymentMethod: Application.PaymentMethod,
      requestIp: payload.TransactionInfo.RequestIPAddress,
      userAgent: payload.TransactionInfo.UserAgent,
      createdAt: now,
      decidedAt: now,
    }),
  ] as const;
  try {
    await writeApplication();
  } catch (error) {
    // Two submissions of one application racing: the loser answers with the winner's decision.
    const winner = await db.select().from(applications).where(eq(applications.extTransactionId, extId)).get();
    if (!winner) throw error;
    return {
      appStatus: winner.status === "approved" ? "A" : "D",
      approvedAmount: winner.approvedLimitCents ?? 0,
      applicationId: winner.id,
      transactionId: winner.transactionId,
    };
  }
  if (decision.status === "A") {
    // The applicant continues (approved page, e-sign) with a token of their own.
    c.var.caller.tokenToUse = await issueToken(db, "customer", customerId, now);
  }
  return { appStatus: decision.status, approvedAmount: decision.limitCents, applicationId, transactionId };

  async function writeApplication() {
    if (decision.status !== "A") {
      await db.batch(writes);
      return;
    }
    await db.batch([
      ...writes,
      db.insert(lines).values({
        id: applicationId,
        applicationId,
        customerId,
        creditLimitCents: decision.limitCents,
        status: "awaiting_esign",
        payFrequency: Employer.Periodicity,
        payAnchorDate: Employer.LastPayDate,
        repaymentMethod: Application.PaymentMethod,
        createdAt: now,
      }),
    ]);
  }
});

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
