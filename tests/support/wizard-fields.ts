import { addDays, easternDateTime } from "#domain/calendar";
import { uniqueSsn } from "../contract/applicants";
import { addressStep } from "./address-step";

/** mm/dd/yyyy of an Eastern day some days from today. */
function usDate(daysFromToday: number): string {
  const [y, m, d] = addDays(easternDateTime(new Date()).date, daysFromToday).split("-");
  return `${m}/${d}/${y}`;
}

export interface WizardApplicant {
  firstName: string;
  email: string;
  ssn: string;
  birthdate: string;
}

export function wizardApplicant(): WizardApplicant {
  const ssn = uniqueSsn();
  return { firstName: "Marisol", email: `marisol.${ssn}@example.com`, ssn, birthdate: "05/17/1990" };
}

export type WizardStep = "personal" | "address" | "income" | "payfrequency" | "banking";

/**
 * The five steps' fields as the wizard's forms post them (approved for an
 * Ohio applicant): shared by the worker tests and the smoke check
 * (scripts/smoke.ts), which changes what it needs.
 */
export function stepFields(a: WizardApplicant): Record<WizardStep, Record<string, string>> {
  return {
    personal: {
      firstName: a.firstName,
      lastName: "Quintero",
      birthdate: a.birthdate,
      ssn: `${a.ssn.slice(0, 3)}-${a.ssn.slice(3, 5)}-${a.ssn.slice(5)}`,
      email: a.email,
      confirmEmail: a.email,
    },
    address: { ...addressStep },
    income: {
      source: "P",
      employerName: "Acme Tools",
      workPhone: "614-555-0199",
      takeHomePay: "1500.00",
      paymentMethod: "D",
      secondarySource: "",
    },
    payfrequency: { interval: "B", lastPayDate: usDate(-3), firstPayDate: usDate(11), secondPayDate: usDate(25) },
    banking: { repaymentMethod: "A", routing: "021000021", account: "123456789" },
  };
}
