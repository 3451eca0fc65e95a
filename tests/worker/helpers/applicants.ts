import { expect } from "vitest";
import { stepFields, type WizardApplicant, wizardApplicant } from "../../support/wizard-fields";
import { postForm, redirectPath, send, sessionCookieOf } from "./http";

export { stepFields, type WizardApplicant, wizardApplicant };

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
