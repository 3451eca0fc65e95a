import type * as v from "valibot";
import type { Address } from "#domain/application/schemas/address";
import type { Banking } from "#domain/application/schemas/banking";
import type { Income } from "#domain/application/schemas/income";
import type { PayFrequencyStep } from "#domain/application/schemas/payfrequency";
import type { Personal } from "#domain/application/schemas/personal";
import { addDays } from "#domain/calendar";
import type { ProcessApplicationPayload } from "#domain/catalogue/applications";
import { creditLine } from "#domain/config";
import { phoneDigits, workPhoneParts } from "#domain/rules/phone";
import type { ApplicationDraft, SealedFields } from "./draft";

/**
 * One application as the step schemas output it (digits, ISO dates, cents):
 * what the wizard's draft and a partner's lead both come down to.
 */
export interface ApplicationAnswers {
  personal: Omit<Personal, "confirmEmail">;
  address: Address;
  income: Income;
  payFrequency: PayFrequencyStep;
  banking: Banking;
}

export interface SubmissionMeta {
  /** One id per application: the platform answers a repeat with the first decision. */
  extTransactionId: string;
  /** pdLoanRcvdFrom: campaign code or partner code. */
  leadSource: string;
  client: { ip: string; userAgent: string };
  today: string;
}

export type ApplicationPayload = v.InferInput<typeof ProcessApplicationPayload>;

/** Parsed answers to the ProcessApplication body (spec file 1, section 7). */
export function processApplicationBody(answers: ApplicationAnswers, meta: SubmissionMeta): ApplicationPayload {
  const { personal, address, income, payFrequency, banking } = answers;
  const employed = income.source === "P" || income.source === "O";
  // Benefits: the other-income code is sent, anything containing O as O.
  const typeOfIncome = employed ? income.source : income.secondarySource.includes("O") ? "O" : income.secondarySource;
  return {
    TransactionInfo: {
      ExtTransactionID: meta.extTransactionId,
      RequestIPAddress: meta.client.ip,
      UserAgent: meta.client.userAgent.slice(0, 512),
    },
    ExtTransactionData: {
      Customer: {
        CustSSN: personal.ssn,
        CustFName: personal.firstName,
        CustLName: personal.lastName,
        CustAddress1: address.streetAddress,
        CustAddress2: address.apt,
        CustCity: address.city,
        CustState: address.state,
        CustZip: address.zip,
        CustHomePhone: address.mainPhone,
        CustWorkPhone: employed ? income.workPhone : "",
        CustWorkPhoneExt: employed ? income.workPhoneExt : "",
        CustMobilePhone: address.mainIsCell ? address.mainPhone : address.cellPhone,
        CustEmail: personal.email.toLowerCase(),
        CustDOB: personal.birthdate,
        Cust18YrsOld: true,
      },
      Bank: { AbaNo: banking.routing, AcctNo: banking.account },
      Employer: {
        TypeOfIncome: typeOfIncome as "P",
        EmployerName: employed ? income.employerName : "Benefits",
        BenefitsStartDate: addDays(meta.today, -365),
        phone: employed ? income.workPhone : "",
        phoneExt: employed ? income.workPhoneExt : "",
        AvgSalary: income.takeHomeCents,
        TypeOfPayroll: income.paymentMethod,
        Periodicity: payFrequency.interval,
        LastPayDate: payFrequency.lastPayDate,
        NextPayDate: payFrequency.firstPayDate,
        SecondPayDate: payFrequency.secondPayDate,
      },
      Application: {
        RequestedAmount: creditLine.requestedAmountCents,
        RequestedDueDate: addDays(meta.today, creditLine.requestedDueDateOffsetDays),
        ApplicationDate: meta.today,
        PaymentMethod: banking.repaymentMethod,
        pdLoanRcvdFrom: meta.leadSource,
      },
    },
  };
}

/** A kept phone's 10 digits by the one phone rule ("1-937-555-0123" is 937…, never 11 digits). */
const phone = (text = "") => phoneDigits(text) ?? "";

/**
 * The wizard's draft (the strings each step accepted, sensitive numbers
 * sealed) as answers. The steps validated these values when they were typed;
 * dates and pay were parsed by the caller.
 */
export function draftAnswers(
  draft: ApplicationDraft,
  sealed: Required<SealedFields>,
  parsed: {
    birthdate: string;
    lastPayDate: string;
    firstPayDate: string;
    secondPayDate: string;
    takeHomeCents: number;
  },
): ApplicationAnswers {
  const personal = draft.values.personal ?? {};
  const address = draft.values.address ?? {};
  const income = draft.values.income ?? {};
  const pay = draft.values.payfrequency ?? {};
  const work = workPhoneParts(income.workPhone ?? "") ?? { phone: "", ext: "" };
  return {
    personal: {
      firstName: personal.firstName ?? "",
      lastName: personal.lastName ?? "",
      birthdate: parsed.birthdate,
      ssn: sealed.ssn,
      email: personal.email ?? "",
    },
    address: {
      streetAddress: address.streetAddress ?? "",
      apt: address.apt ?? "",
      city: address.city ?? "",
      state: address.state ?? "",
      zip: address.zip ?? "",
      mainPhone: phone(address.mainPhone),
      mainIsCell: address.mainIsCell === "on" || address.mainIsCell === "true",
      cellPhone: phone(address.cellPhone),
    },
    income: {
      source: (income.source ?? "W") as Income["source"],
      secondarySource: income.secondarySource ?? "O",
      employerName: income.employerName ?? "",
      workPhone: work.phone,
      workPhoneExt: work.ext,
      paymentMethod: (income.paymentMethod ?? "D") as Income["paymentMethod"],
      takeHomeCents: parsed.takeHomeCents,
    },
    payFrequency: {
      interval: (pay.interval ?? "B") as PayFrequencyStep["interval"],
      lastPayDate: parsed.lastPayDate,
      firstPayDate: parsed.firstPayDate,
      secondPayDate: parsed.secondPayDate,
    },
    banking: {
      repaymentMethod: (draft.values.banking?.repaymentMethod ?? "A") as Banking["repaymentMethod"],
      routing: sealed.routing,
      account: sealed.account,
    },
  };
}

/** Wizard values to the ProcessApplication body. */
export function applicationPayload(
  draft: ApplicationDraft,
  sealed: Required<SealedFields>,
  client: { ip: string; userAgent: string },
  today: string,
  parsed: {
    birthdate: string;
    lastPayDate: string;
    firstPayDate: string;
    secondPayDate: string;
    takeHomeCents: number;
  },
): ApplicationPayload {
  return processApplicationBody(draftAnswers(draft, sealed, parsed), {
    extTransactionId: draft.extTransactionId,
    leadSource: draft.leadSource,
    client,
    today,
  });
}
