import { addDays, easternDateTime } from "#domain/calendar";
import type { ProcessApplication } from "#domain/catalogue/applications";
import type { Payload } from "#domain/catalogue/define";

/** A valid SSN no other test uses (area 100-665, never 000/666/9xx). */
export function uniqueSsn(): string {
  const n = crypto.getRandomValues(new Uint32Array(2));
  const area = 100 + (n[0]! % 500);
  const group = 10 + (n[1]! % 89);
  const serial = 1000 + (((n[0]! ^ n[1]!) >>> 0) % 8999);
  return `${area}${group}${serial}`;
}

export interface ApplicantOptions {
  ssn?: string;
  dob?: string;
  state?: string;
  takeHomeCents?: number;
  frequency?: "W" | "B" | "S" | "M";
  email?: string;
  today?: string;
}

/** A complete ProcessApplication payload; approved unless options say otherwise. */
export function applicationPayload(options: ApplicantOptions = {}): Payload<typeof ProcessApplication> {
  const today = options.today ?? easternDateTime(new Date()).date;
  return {
    TransactionInfo: {
      ExtTransactionID: crypto.randomUUID(),
      RequestIPAddress: "203.0.113.9",
      UserAgent: "contract-test",
    },
    ExtTransactionData: {
      Customer: {
        CustSSN: options.ssn ?? uniqueSsn(),
        CustFName: "Jordan",
        CustLName: "Rivera",
        CustAddress1: "12 Elm Street",
        CustAddress2: "",
        CustCity: "Columbus",
        CustState: options.state ?? "OH",
        CustZip: "43004",
        CustHomePhone: "6145550101",
        CustWorkPhone: "",
        CustWorkPhoneExt: "",
        CustMobilePhone: "6145550101",
        CustEmail: options.email ?? `jordan.${crypto.randomUUID().slice(0, 8)}@example.com`,
        CustDOB: options.dob ?? "1990-05-17",
        Cust18YrsOld: true,
      },
      Bank: { AbaNo: "021000021", AcctNo: "123456789" },
      Employer: {
        TypeOfIncome: "P",
        EmployerName: "Acme Tools",
        BenefitsStartDate: addDays(today, -365),
        phone: "6145550199",
        phoneExt: "",
        AvgSalary: options.takeHomeCents ?? 150_000,
        TypeOfPayroll: "D",
        Periodicity: options.frequency ?? "B",
        LastPayDate: addDays(today, -3),
        NextPayDate: addDays(today, 11),
        SecondPayDate: addDays(today, 25),
      },
      Application: {
        RequestedAmount: 100_000,
        RequestedDueDate: addDays(today, 3),
        ApplicationDate: today,
        PaymentMethod: "A",
        pdLoanRcvdFrom: "",
      },
    },
  };
}

/** The credit agreement's signature as e-sign saves it (Account/SaveSignatures). */
export function agreementSignature() {
  return {
    eSignatureId: 1,
    documentId: "agrcredit" as const,
    eSignatureText: "Jordan Rivera",
    eSignatureIPAddress: "203.0.113.9",
    eSignatureDate: new Date().toISOString(),
    eSignatureOrderNo: 1,
  };
}
