import * as v from "valibot";
import { contactPreferenceDefaults } from "../config";
import { Cents, Digits, defineCall, Email, Empty, IsoDate, OptionalPhone, Status, Text, withToken } from "./define";

export {
  FixedPaymentCents,
  fixedPaymentMessages,
  GetPayoffProjection,
  NO_PROJECTION,
  PayoffProjectionAnswer,
} from "./payoff";

const Transaction = v.object({
  /** The short numeric transaction id a borrower reads. */
  transationId: v.string(),
  transationDate: IsoDate,
  transationAmount: v.number(),
  transationDescription: v.string(),
  /** A draw's detail: the cash advance fee kept from it, and what was deposited. */
  cashAdvanceFee: v.optional(Cents),
  amountDeposited: v.optional(Cents),
});

const StatementLink = v.object({
  statementId: v.string(),
  eDocumentDate: IsoDate,
  eDocumentURL: v.string(),
  /** The statement's figures as issued (absent from a platform that does not send them). */
  dueDate: v.optional(IsoDate),
  newBalance: v.optional(Cents),
  totalMinimumDue: v.optional(Cents),
});

export const SummaryAnswer = withToken({
  accountProfile: v.object({
    custId: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    custEmail: v.string(),
    phoneNumber: v.string(),
    mobileNumber: v.string(),
    address1: v.string(),
    address2: v.string(),
    city: v.string(),
    state: v.string(),
    zip: v.string(),
    custDOB: IsoDate,
    last4SSN: v.string(),
  }),
  accountHeader: v.object({
    applNo: v.number(),
    creditLimit: Cents,
    accountBalance: Cents,
    accountNumber: v.string(),
    availableCredit: Cents,
    nextPaymentDate: v.nullable(IsoDate),
    /**
     * The issue date of the statement for nextPaymentDate while it is still to
     * come (no issued statement is due ahead, a balance remains): before the
     * first statement nothing is owed yet. Null otherwise, or from a platform
     * that does not say.
     */
    nextStatementDate: v.optional(v.nullable(IsoDate), null),
    minPaymentAmount: Cents,
    currentDue: Cents,
    pastDueAmount: Cents,
    daysPastDue: v.number(),
    isDelinquent: v.boolean(),
    isChargeoff: v.boolean(),
    isClosed: v.boolean(),
    pendingTransactionAmount: Cents,
    pendingTranType: v.string(),
    preApprovedAmount: Cents,
    isOriginated: v.boolean(),
    /** G approved awaiting e-sign, W withdrawn, O open, C closed. */
    loanStatusCode: v.string(),
    requiresESignature: v.boolean(),
    hasValidEsignatures: v.boolean(),
    cashAdvanceFeePercentage: v.number(),
    creditUsedPercent: v.number(),
    billingCycle: v.string(),
    /** Principal: the draws less what payments paid of them. */
    principalBalance: v.optional(Cents),
    /** The balance less payments already scheduled (decision record 012). */
    payoffAmount: v.optional(Cents),
    /** A: automatic EFT payments on due dates; K: paper check (none). */
    repaymentMethod: v.optional(v.string(), "A"),
    nextAutoPaymentDate: v.optional(v.nullable(IsoDate), null),
    nextAutoPaymentAmount: v.optional(Cents, 0),
    /** Paid beyond the whole balance (an automatic payment and a scheduled payoff both posted): owed back to the borrower. */
    creditBalance: v.optional(Cents, 0),
  }),
  accountConfig: v.object({
    minimumDrawAmount: Cents,
    incrementDrawAmount: Cents,
    isEligibleForDraw: v.boolean(),
    drawMessage: v.string(),
    achEffectiveDate: IsoDate,
    minAchTransactionAmount: Cents,
    maxPendingAchTranCount: v.number(),
    pendingAchTranCount: v.number(),
    maxNoOfAchEffectiveDays: v.number(),
    allowSameDayACH: v.boolean(),
    isPaperCheckAllowed: v.boolean(),
    /**
     * The account's state as this answer read it, opaque: a posting sent with
     * it as `ifStateTag` posts only while nothing that decides the answer's
     * figures has changed since (no posting, no servicing run, no new day).
     * Empty from a platform that keeps none: then no posting may rely on it.
     */
    stateTag: v.optional(v.string(), ""),
  }),
  bankAccountInfo: v.object({ accountID: v.string(), accountTypeDescription: v.string(), accountNumber: v.string() }),
  preferences: v.object({
    /** Marketing e-mails default to allowed when the platform leaves the preference out (spec file 3, section 4). */
    allowMarketingEmails: v.optional(v.boolean(), contactPreferenceDefaults.allowMarketingEmails),
    allowMarketingCalls: v.boolean(),
    allowMarketingTexts: v.boolean(),
    allowServicingTexts: v.boolean(),
  }),
  employerPayrollInfo: v.object({
    incomeTypeCode: v.string(),
    employerName: v.string(),
    workPhone: v.string(),
    workPhoneExtension: v.string(),
    payrollTypeCode: v.string(),
    payrollAmount: Cents,
    payFrequencyCode: v.string(),
  }),
  recentStatements: v.array(StatementLink),
  allStatements: v.array(StatementLink),
  recentTransactions: v.array(Transaction),
  allTransactions: v.array(Transaction),
  pendingETransactions: v.array(
    v.object({
      transactionId: v.number(),
      transactionDescription: v.string(),
      transationAmount: Cents,
      transationDate: IsoDate,
    }),
  ),
});

export const GetSummary = defineCall({
  method: "POST",
  path: "Account/GetSummary",
  auth: "customer",
  payloadIn: "body",
  payload: Empty,
  answer: SummaryAnswer,
});

/**
 * Draws (D) and one-time payments (P). Moves money, so it takes an
 * Idempotency-Key: the same key posts once and later answers repeat the first.
 */
export const PostTransaction = defineCall({
  method: "POST",
  path: "Account/PostTransaction",
  auth: "customer",
  payloadIn: "body",
  idempotent: true,
  payload: v.object({
    applNo: v.number(),
    transactionDate: IsoDate,
    transactionAmount: v.pipe(Cents, v.minValue(1, "The amount must be more than zero.")),
    transactionCode: v.picklist(["D", "P"], "transactionCode is D or P."),
    isSameDay: v.optional(v.boolean(), false),
    /**
     * A summary's `stateTag`: refused with 412, posting nothing, when the
     * account changed since that summary (decision record 020). A key that
     * already posted replays its answer first.
     */
    ifStateTag: v.optional(v.pipe(v.string(), v.maxLength(200))),
  }),
  answer: withToken({ paymentTransactionId: v.number(), statusDescription: v.string(), effectiveDate: IsoDate }),
});

export const DocumentKind = v.picklist(
  ["agrcredit", "agrarbitration", "agreleconsent", "agrprivacypolicy", "agrcalprivacyact"],
  "Unknown document.",
);

export const GetDocuments = defineCall({
  method: "POST",
  path: "Account/GetDocuments",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ pdfOnly: v.optional(v.boolean(), false), documentKind: v.optional(DocumentKind, "agrcredit") }),
  answer: withToken({
    documentsData: v.array(
      v.object({ documentId: v.string(), documentTitle: v.string(), documentText: v.string(), eSigCount: v.number() }),
    ),
  }),
});

/**
 * Contact details and consents (the Preferences page), and the e-sign
 * answers. The page leaves an empty cell out, so a main phone sent without a
 * cell means there is none; without a cell, marketing and service texts are
 * off; a preferences object without allowMarketingEmails allows them
 * (functions/domain/rules/preferences.ts). The borrower is notified by e-mail, and
 * by text when there is a cell.
 *
 * The e-mail is also the sign-in name: changing it (case aside) needs the
 * current password (`currentPassword`, counted against the login lock like
 * a login), tells the old address as well as the new one, and ends every
 * other platform token of the customer. Refusals: 422 with
 * `fields.currentPassword` one of `EMAIL_CHANGE_REFUSALS`, nothing changed.
 */
/** Why Account/UpdateProfile refused an e-mail change (its `fields.currentPassword`). */
export const EMAIL_CHANGE_REFUSALS = {
  /** No password sent, or the wrong one. */
  incorrect: "incorrect",
  /** Too many wrong passwords (here or at login): locked for 30 minutes. */
  locked: "locked",
  /** The customer has no password yet, so there is nothing to confirm the change with. */
  noPassword: "no_password",
} as const;

export const UpdateProfile = defineCall({
  method: "POST",
  path: "Account/UpdateProfile",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({
    custEmail: v.optional(Email),
    currentPassword: v.optional(v.pipe(v.string(), v.maxLength(128))),
    phoneNumber: v.optional(Digits(10)),
    mobileNumber: v.optional(OptionalPhone),
    preferences: v.optional(
      v.object({
        allowMarketingEmails: v.optional(v.boolean()),
        allowMarketingCalls: v.optional(v.boolean()),
        allowMarketingTexts: v.optional(v.boolean()),
        isMilitaryPersonnel: v.optional(v.boolean()),
      }),
    ),
    /** Item 100629: the repayment method chosen at signing. */
    additionalFields: v.optional(
      v.array(
        v.object({ id: v.literal(100629), value: v.picklist(["Electronic Funds Transfer (EFT)", "Paper Check"]) }),
      ),
    ),
  }),
  answer: Status,
});

export const SaveNote = defineCall({
  method: "POST",
  path: "Account/SaveNote",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({
    note: v.pipe(Text(1000), v.minLength(1, "Required.")),
    isUrgent: v.optional(v.boolean(), false),
  }),
  answer: Status,
});

export const SaveSignatures = defineCall({
  method: "POST",
  path: "Account/SaveSignatures",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({
    signaturesData: v.pipe(
      v.array(
        v.object({
          eSignatureId: v.number(),
          documentId: v.pipe(Text(60), v.minLength(1, "Required.")),
          eSignatureText: v.pipe(Text(120), v.minLength(1, "Required.")),
          eSignatureIPAddress: Text(45),
          eSignatureUserAgent: v.optional(Text(512), ""),
          eSignatureDate: v.pipe(v.string(), v.isoTimestamp("eSignatureDate is an ISO timestamp.")),
          eSignatureOrderNo: v.number(),
        }),
      ),
      v.minLength(1, "At least one signature."),
    ),
  }),
  answer: Status,
});

/** Opens the signed line: the account becomes usable in the portal. */
export const OpenLine = defineCall({
  method: "POST",
  path: "Account/OpenLine",
  auth: "customer",
  payloadIn: "body",
  payload: Empty,
  answer: Status,
});

/** A billing statement as a PDF (base64), only for the statement's owner. */
export const GetStatement = defineCall({
  method: "POST",
  path: "Account/GetStatement",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ statementId: v.pipe(Text(80), v.minLength(1, "Required.")) }),
  answer: withToken({ fileName: v.string(), contentType: v.literal("application/pdf"), pdfBase64: v.string() }),
});

/**
 * Finishing e-sign in one step, so nothing is half-saved: the signature (IP,
 * user agent, time), the signed agreements as the borrower saw them,
 * preferences, the military answer, repayment method, first-draw amount and
 * note, and the line opened with its first draw, all or none (one batch of
 * the embedded core's store, or its line's object and then one batch). An
 * optional `Client-Region` header ("US-WA", where the signer's request came
 * from) lets a platform keep the line's records near the borrower; a platform
 * may ignore it.
 */
export const FinishESign = defineCall({
  method: "POST",
  path: "Account/FinishESign",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({
    signatureText: v.pipe(Text(120), v.minLength(1, "Required.")),
    ipAddress: Text(45),
    userAgent: Text(512),
    signedAt: v.pipe(v.string(), v.isoTimestamp("signedAt is an ISO timestamp.")),
    agreements: v.pipe(v.array(DocumentKind), v.minLength(1)),
    allowMarketingTexts: v.boolean(),
    allowMarketingCalls: v.boolean(),
    isMilitaryPersonnel: v.literal(false),
    repaymentMethod: v.picklist(["A", "K"]),
    requestedDrawAmount: Cents,
    drawNote: v.optional(Text(500), ""),
  }),
  answer: withToken({ status: v.boolean(), drawAmount: Cents, fundingDate: v.nullable(IsoDate) }),
});

/** The signed agreements of the caller's line (the portal's Line Of Credit Agreement). */
export const GetSignedDocuments = defineCall({
  method: "POST",
  path: "Account/GetSignedDocuments",
  auth: "customer",
  payloadIn: "body",
  payload: Empty,
  answer: withToken({
    documents: v.array(v.object({ kind: v.string(), title: v.string(), html: v.string(), signedAt: v.number() })),
  }),
});
