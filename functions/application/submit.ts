import { creditLine } from "../config";
import type { ProcessApplicationPayload } from "../platform/catalogue/applications";
import { addDays } from "../servicing/calendar";
import type * as v from "valibot";
import type { ApplicationDraft, SealedFields } from "./draft";

/** Wizard values to the ProcessApplication body (spec file 1, section 7). */
export function applicationPayload(
  draft: ApplicationDraft,
  sealed: Required<SealedFields>,
  client: { ip: string; userAgent: string },
  today: string,
  parsed: { birthdate: string; lastPayDate: string; firstPayDate: string; secondPayDate: string; takeHomeCents: number },
): v.InferInput<typeof ProcessApplicationPayload> {
  const personal = draft.values.personal ?? {};
  const address = draft.values.address ?? {};
  const income = draft.values.income ?? {};
  const pay = draft.values.payfrequency ?? {};
  const digits = (text = "") => text.replace(/\D/g, "");
  const employed = income.source === "P" || income.source === "O";
  // Benefits: the other-income code is sent, anything containing O as O.
  const typeOfIncome = employed ? income.source! : (income.secondarySource ?? "O").includes("O") ? "O" : income.secondarySource!;
  const [workPhone = "", workExt = ""] = (income.workPhone ?? "").split(/\s*x/i);
  const mainIsCell = address.mainIsCell === "on" || address.mainIsCell === "true";
  return {
    TransactionInfo: { ExtTransactionID: draft.extTransactionId, RequestIPAddress: client.ip, UserAgent: client.userAgent.slice(0, 512) },
    ExtTransactionData: {
      Customer: {
        CustSSN: sealed.ssn,
        CustFName: personal.firstName ?? "",
        CustLName: personal.lastName ?? "",
        CustAddress1: address.streetAddress ?? "",
        CustAddress2: address.apt ?? "",
        CustCity: address.city ?? "",
        CustState: address.state ?? "",
        CustZip: address.zip ?? "",
        CustHomePhone: digits(address.mainPhone),
        CustWorkPhone: employed ? digits(workPhone) : "",
        CustWorkPhoneExt: employed ? digits(workExt) : "",
        CustMobilePhone: mainIsCell ? digits(address.mainPhone) : digits(address.cellPhone),
        CustEmail: (personal.email ?? "").toLowerCase(),
        CustDOB: parsed.birthdate,
        Cust18YrsOld: true,
      },
      Bank: { AbaNo: sealed.routing, AcctNo: sealed.account },
      Employer: {
        TypeOfIncome: typeOfIncome as "P",
        EmployerName: employed ? income.employerName ?? "" : "Benefits",
        BenefitsStartDate: addDays(today, -365),
        phone: employed ? digits(workPhone) : "",
        phoneExt: employed ? digits(workExt) : "",
        AvgSalary: parsed.takeHomeCents,
        TypeOfPayroll: (income.paymentMethod ?? "D") as "D" | "P",
        Periodicity: (pay.interval ?? "B") as "B",
        LastPayDate: parsed.lastPayDate,
        NextPayDate: parsed.firstPayDate,
        SecondPayDate: parsed.secondPayDate,
      },
      Application: {
        RequestedAmount: creditLine.requestedAmountCents,
        RequestedDueDate: addDays(today, creditLine.requestedDueDateOffsetDays),
        ApplicationDate: today,
        PaymentMethod: (draft.values.banking?.repaymentMethod ?? "A") as "A" | "K",
        pdLoanRcvdFrom: draft.leadSource,
      },
    },
  };
}
