import * as v from "valibot";
import { states } from "../config";
import {
  Cents,
  Digits,
  defineCall,
  Email,
  Empty,
  IsoDate,
  Name,
  OptionalPhone,
  Status,
  Text,
  withToken,
} from "./define";

const StateCode = v.picklist(
  states.map((s) => s.code),
  "Unknown state.",
);

/**
 * Is this SSN already a customer's? The SSN travels in the body, not the
 * query string the spec shows: personal data never goes into URLs or logs.
 */
export const ValidateSsn = defineCall({
  method: "POST",
  path: "Account/Validate",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ custSSN: Digits(9) }),
  answer: withToken({ customerExists: v.picklist([0, 1]) }),
});

export const ProcessApplicationPayload = v.object({
  TransactionInfo: v.object({
    ExtTransactionID: v.pipe(v.string(), v.uuid("ExtTransactionID must be a UUID.")),
    RequestIPAddress: Text(45),
    UserAgent: Text(512),
  }),
  ExtTransactionData: v.object({
    Customer: v.object({
      CustSSN: Digits(9),
      CustFName: Name,
      CustLName: Name,
      CustAddress1: v.pipe(Text(100), v.minLength(1, "Required.")),
      CustAddress2: v.optional(Text(100), ""),
      CustCity: v.pipe(Text(60), v.minLength(1, "Required.")),
      CustState: StateCode,
      CustZip: Digits(5),
      CustHomePhone: Digits(10),
      CustWorkPhone: OptionalPhone,
      CustWorkPhoneExt: v.optional(v.pipe(v.string(), v.regex(/^\d{0,6}$/, "Digits only.")), ""),
      CustMobilePhone: OptionalPhone,
      CustEmail: Email,
      CustDOB: IsoDate,
      Cust18YrsOld: v.boolean(),
    }),
    Bank: v.object({
      AbaNo: Digits(9),
      AcctNo: Digits(1, 15),
      AcctType: v.optional(v.literal("C"), "C"),
      ActiveFlag: v.optional(v.boolean(), true),
    }),
    Employer: v.object({
      TypeOfIncome: v.picklist(["D", "G", "P", "S", "U", "W", "O"], "Unknown income type."),
      EmployerName: Text(100),
      BenefitsStartDate: IsoDate,
      phone: OptionalPhone,
      phoneExt: v.optional(Text(6), ""),
      AvgSalary: Cents,
      TypeOfPayroll: v.picklist(["D", "P"], "TypeOfPayroll is D or P."),
      Periodicity: v.picklist(["W", "B", "S", "M"], "Periodicity is W, B, S or M."),
      NextPayDate: IsoDate,
      LastPayDate: IsoDate,
      SecondPayDate: IsoDate,
    }),
    Application: v.object({
      RequestedAmount: Cents,
      RequestedDueDate: IsoDate,
      ApplicationDate: IsoDate,
      PaymentMethod: v.picklist(["A", "K"], "PaymentMethod is A or K."),
      pdLoanRcvdFrom: v.optional(Text(40), ""),
    }),
  }),
});

export const ProcessApplication = defineCall({
  method: "POST",
  path: "Account/ProcessApplication",
  auth: "merchant",
  payloadIn: "body",
  payload: ProcessApplicationPayload,
  answer: withToken({
    /** A approved, D denied; anything else is treated as denied. */
    appStatus: v.string(),
    approvedAmount: Cents,
    applicationId: v.nullable(v.number()),
    transactionId: v.nullable(v.string()),
    /**
     * A refusal (D or E): whether the applicant was sent the adverse-action notice Regulation B
     * requires. Only that it was sent: its reasons are the applicant's (decision record 033).
     */
    adverseActionNotice: v.optional(v.boolean()),
  }),
});

/** The requested first draw of the customer's pending line. */
export const GetApplications = defineCall({
  method: "GET",
  path: "Applications",
  auth: "customer",
  payloadIn: "query",
  payload: Empty,
  answer: withToken({
    applications: v.array(v.object({ applicationId: v.number(), requestedDrawAmount: Cents, status: v.string() })),
  }),
});

export const UpdateDrawAmount = defineCall({
  method: "POST",
  path: "Applications",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ requestedDrawAmount: Cents }),
  answer: Status,
});

/** Void the customer's last application; succeeds only while it is pending. */
export const VoidApplication = defineCall({
  method: "POST",
  path: "Applications/void",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ voidReason: v.pipe(Text(200), v.minLength(1, "Required.")) }),
  answer: Status,
});

/** Withdraw the customer's application (failed verification, military service). */
export const WithdrawApplication = defineCall({
  method: "POST",
  path: "Applications/withdraw",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ reason: v.pipe(Text(200), v.minLength(1, "Required.")) }),
  answer: Status,
});

export const GetUwsTransactionInformation = defineCall({
  method: "POST",
  path: "Underwriting/GetUWSTransactionInformation",
  auth: "merchant",
  payloadIn: "body",
  // `transactinId` is spelled as the platform spells it.
  payload: v.object({ transactinId: v.pipe(v.string(), v.minLength(1, "Required.")) }),
  answer: withToken({
    transactionRecords: v.array(
      v.object({
        applicationId: v.number(),
        customerId: v.string(),
        firstName: v.string(),
        appStatus: v.string(),
        approvedAmount: Cents,
      }),
    ),
  }),
});

/**
 * What became of an application after its decision, for the partner who sent
 * it as a lead (issue 21): e-signed (the line opened), its first draw (amount,
 * funding date, funded yet), withdrawn. Nothing personal.
 */
export const GetApplicationMilestones = defineCall({
  method: "POST",
  path: "Applications/Milestones",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ applicationId: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
  answer: withToken({
    applicationStatus: v.string(),
    esignedAt: v.nullable(v.string()),
    firstDraw: v.nullable(v.object({ amount: Cents, fundingDate: IsoDate, funded: v.boolean() })),
    withdrawnAt: v.nullable(v.string()),
  }),
});
