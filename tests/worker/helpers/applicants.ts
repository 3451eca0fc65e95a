import { expect } from "vitest";
import { addDays, easternDateTime } from "#domain/calendar";
import { uniqueSsn } from "../../contract/applicants";
import { addressStep } from "../../support/address-step";
import { postForm, redirectPath, send, sessionCookieOf } from "./http";

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

/** The five steps' fields as the wizard's forms post them (approved for an Ohio applicant). */
export function stepFields(
  a: WizardApplicant,
): Record<"personal" | "address" | "income" | "payfrequency" | "banking", Record<string, string>> {
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

export interface WizardWalk {
  /** The session cookie after each step's post (what the browser holds then). */
  cookies: Record<string, string | null>;
  /** Where the banking step sent the applicant. */
  landing: string | null;
  cookie: string | null;
}

/**
 * An applicant through the wizard by form posts, as a browser without
 * JavaScript would go: the cookie a response sets replaces the one held.
 * Stops after `until` (banking by default).
 */
export async function walkWizard(
  a: WizardApplicant = wizardApplicant(),
  until: keyof ReturnType<typeof stepFields> = "banking",
  ip?: string,
): Promise<WizardWalk> {
  const fields = stepFields(a);
  const entry = await send("/apply/personal?start=1", { ip });
  let cookie = sessionCookieOf(entry);
  const cookies: Record<string, string | null> = { entry: cookie };
  let landing: string | null = null;
  for (const step of ["personal", "address", "income", "payfrequency", "banking"] as const) {
    const res = await postForm(`/apply/${step}`, fields[step], { cookie, ip });
    expect(
      res.status,
      `${step}: ${await res
        .clone()
        .text()
        .then((t) => t.slice(0, 300))}`,
    ).toBe(302);
    cookie = sessionCookieOf(res) ?? cookie;
    cookies[step] = cookie;
    landing = redirectPath(res);
    if (step === until) break;
  }
  return { cookies, landing, cookie };
}
