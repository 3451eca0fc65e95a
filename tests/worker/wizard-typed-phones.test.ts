import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stepFields, wizardApplicant } from "../support/wizard-fields";
import { postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";

/**
 * Issue 33, item 1: without JavaScript a phone arrives as typed. Every form
 * the phone rule accepts ("+1 (512) 555-0142", "1-937-555-0123",
 * "+1 937.555.0123") must reach a decision, and the line's records must hold
 * its 10 digits, never the country code's 11. Posts as a browser without
 * JavaScript makes them.
 */
const FORMS = [
  ["+1 (512) 555-0142", "5125550142"],
  ["1-937-555-0123", "9375550123"],
  ["+1 937.555.0123", "9375550123"],
] as const;

async function storedPhones(email: string) {
  return env.DB.prepare(
    `SELECT c.home_phone, c.mobile_phone, a.work_phone, a.work_phone_ext
       FROM customers c JOIN applications a ON a.customer_id = c.id WHERE c.email = ?`,
  )
    .bind(email)
    .first();
}

describe("phones typed with a country code, without JavaScript", { timeout: 60_000 }, () => {
  for (const [typed, digits] of FORMS) {
    it(`${typed}: the application is decided and the records hold ${digits}`, async () => {
      const a = wizardApplicant();
      const fields = stepFields(a);
      fields.address = { ...fields.address, mainPhone: typed, mainIsCell: "", cellPhone: typed };
      fields.income = { ...fields.income, workPhone: `${typed} x12` };
      let cookie = sessionCookieOf(await send("/apply/personal?start=1"));
      let landing: string | null = null;
      for (const step of ["personal", "address", "income", "payfrequency", "banking"] as const) {
        const res = await postForm(`/apply/${step}`, fields[step], { cookie });
        expect(res.status, `${step}: ${(await res.clone().text()).slice(0, 200)}`).toBe(302);
        cookie = sessionCookieOf(res) ?? cookie;
        landing = redirectPath(res);
      }
      expect(landing).toBe("/apply/approved");
      expect(await storedPhones(a.email)).toEqual({
        home_phone: digits,
        mobile_phone: digits,
        work_phone: digits,
        work_phone_ext: "12",
      });
    });
  }

  it("the address step keeps the phone as the mask leaves it (###-###-####) for the step bar's way back", async () => {
    const a = wizardApplicant();
    const fields = stepFields(a);
    let cookie = sessionCookieOf(await send("/apply/personal?start=1"));
    for (const step of ["personal", "address"] as const) {
      const values = step === "address" ? { ...fields.address, mainPhone: "+1 (512) 555-0142" } : fields[step];
      const res = await postForm(`/apply/${step}`, values, { cookie });
      cookie = sessionCookieOf(res) ?? cookie;
    }
    await postForm("/apply/back", { step: "address" }, { cookie });
    const page = await (await send("/apply/address", { cookie })).text();
    expect(page).toMatch(/name="mainPhone"[^>]*value="512-555-0142"/);
  });
});
