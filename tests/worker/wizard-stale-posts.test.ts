import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { REOPENED_NOTICE } from "#domain/application/steps";
import { stepFields } from "../support/wizard-fields";
import { walkWizard, wizardApplicant } from "./helpers/applicants";
import { postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";

/**
 * A step posted from a page another tab has overtaken (the second tab of
 * issue 15's paths): the application decided meanwhile is never changed
 * after, and one whose earlier step was reopened from the step bar is not
 * decided past it. Posts as a browser without JavaScript makes them.
 */
const customersWith = async (email: string) =>
  (await env.DB.prepare("SELECT first_name, last_name FROM customers WHERE email = ?").bind(email).all()).results;

describe("a step posted from a page another tab overtook", { timeout: 30_000 }, () => {
  it("after the decision: every step's post goes to the approval and changes nothing", async () => {
    const a = wizardApplicant();
    const walk = await walkWizard(a);
    expect(walk.landing).toBe("/apply/approved");
    const fields = stepFields(a);
    const before = await customersWith(a.email);
    expect(before).toHaveLength(1);
    for (const [step, values] of [
      ["personal", { ...fields.personal, lastName: "Changed" }],
      ["address", fields.address],
      ["banking", fields.banking],
    ] as const) {
      const res = await postForm(`/apply/${step}`, values, { cookie: walk.cookie });
      expect([step, res.status, redirectPath(res)]).toEqual([step, 302, "/apply/approved"]);
    }
    expect(await customersWith(a.email)).toEqual(before);
  });

  it("an earlier step reopened from the step bar: SUBMIT on banking goes back to it and decides nothing; once it is done again the decision reads the edit", async () => {
    const a = wizardApplicant();
    const walk = await walkWizard(a, "payfrequency");
    const fields = stepFields(a);
    const reopened = await postForm("/apply/back", { step: "personal" }, { cookie: walk.cookie });
    expect(redirectPath(reopened)).toBe("/apply/personal");

    const stale = await postForm("/apply/banking", fields.banking, { cookie: walk.cookie });
    expect([stale.status, redirectPath(stale)]).toEqual([302, "/apply/personal?reopened"]);
    expect(await customersWith(a.email)).toHaveLength(0);
    // The page it lands on says why: nothing was submitted, and what the person does next.
    const landed = await send("/apply/personal?reopened", { cookie: walk.cookie });
    expect(await landed.text()).toContain(REOPENED_NOTICE.replace("'", "&#x27;"));
    // A page opened directly says no such thing.
    expect(await (await send("/apply/personal", { cookie: walk.cookie })).text()).not.toContain("another window");

    let cookie = walk.cookie;
    for (const step of ["personal", "address", "income", "payfrequency", "banking"] as const) {
      const values = step === "personal" ? { ...fields.personal, lastName: "Edited" } : fields[step];
      const res = await postForm(`/apply/${step}`, values, { cookie });
      expect(res.status, step).toBe(302);
      cookie = sessionCookieOf(res) ?? cookie;
    }
    expect(await customersWith(a.email)).toEqual([{ first_name: a.firstName, last_name: "Edited" }]);
  });
});
