import type { Page } from "@playwright/test";
import {
  type Applicant,
  applicant,
  fillAddress,
  fillBanking,
  fillIncome,
  fillPayFrequency,
  fillPersonal,
} from "../e2e/fixtures/applicant";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { expect, test } from "./fixtures/faults";

/**
 * The application, every state and every answer (issue 15): each step that
 * asks the platform something (personal: the SSN check; banking: the
 * decision) gets each answer the platform can give there: success, refusal
 * (an existing customer; a declined application), 500, no answer (hang),
 * a lost answer, and the per-connection limit. The steps between ask the
 * platform nothing, so a platform that is down must not touch them. Every
 * row: a spec text or a clear message, what was typed still there, a way
 * forward, and never a 5xx.
 */

const SSN_CHECK_FAILED = "We're sorry, we could not check your information just now. Please try again.";
const DECISION_FAILED = /^We're sorry, an error occurred and your application was not processed\./;
const TOO_MANY =
  "We've received too many attempts from your connection. Please wait an hour and try again, or call us.";
const EXISTING = "It looks like you already have an account with us. Please log in to continue.";
const DECLINED = "We're sorry, we cannot approve your line of credit at this time.";

type PlatformFault = "answer500" | "hang" | "lostAnswer";

/** Every answer the site sends the browser is below 500. */
function watchFor5xx(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (res) => {
    if (res.status() >= 500) seen.push(`${res.status()} ${res.url()}`);
  });
  return seen;
}

/** A visitor of its own (a per-connection limit must not leak into other tests); the address it comes from. */
async function ownConnection(page: Page): Promise<string> {
  const ip = `10.99.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
  return ip;
}

async function expectPersonalKept(page: Page, a: Applicant) {
  await expect(page).toHaveURL(/\/apply\/personal$/);
  await expect(page.getByLabel("First Name")).toHaveValue(a.firstName);
  await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue("05/17/1990");
  await expect(page.getByLabel("Social Security Number")).toHaveValue(
    `${a.ssn.slice(0, 3)}-${a.ssn.slice(3, 5)}-${a.ssn.slice(5)}`,
  );
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(`jordan.${a.ssn}@example.com`);
  await expect(page.getByRole("button", { name: "CONTINUE" })).toBeEnabled();
}

test.describe("personal step: the SSN check (Account/Validate)", () => {
  for (const fault of ["answer500", "hang", "lostAnswer"] as PlatformFault[]) {
    test(`${fault}: the step's text, every value kept, CONTINUE again moves on`, async ({ page, faults }) => {
      const errors = watchFor5xx(page);
      await ownConnection(page);
      const a = applicant();
      await gotoHydrated(page, "/apply/personal?start=1");
      await faults.arm("Account/Validate", fault);
      await fillPersonal(page, a);
      await expect(page.locator(".step-alert")).toHaveText(SSN_CHECK_FAILED, { timeout: 30_000 });
      await expectPersonalKept(page, a);
      await faults.clear();
      await page.getByRole("button", { name: "CONTINUE" }).click();
      await expect(page).toHaveURL(/\/apply\/address$/);
      expect(errors).toEqual([]);
    });
  }

  test("success moves on; refusal (an existing customer) goes to login with the spec's text", async ({ page }) => {
    const errors = watchFor5xx(page);
    await ownConnection(page);
    await gotoHydrated(page, "/apply/personal?start=1");
    await fillPersonal(page, applicant());
    await expect(page).toHaveURL(/\/apply\/address$/);
    // A demo borrower's SSN: the platform says the customer exists. The first
    // application is in progress, so Apply Now asks before starting over.
    await gotoHydrated(page, "/apply/personal?start=1");
    await expect(page).toHaveURL(/\/apply\/start$/);
    await page.getByRole("button", { name: "START A NEW APPLICATION" }).click();
    await expect(page).toHaveURL(/\/apply\/personal$/);
    await fillPersonal(page, applicant({ ssn: "123450001" }));
    await expect(page).toHaveURL(/\/login\?CalledFrom=ExistingCustomer$/);
    await expect(page.getByText(EXISTING)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("limit reached: the connection's limit text, values kept, no 5xx", async ({ page }) => {
    const errors = watchFor5xx(page);
    const ip = await ownConnection(page);
    await gotoHydrated(page, "/apply/personal?start=1");
    // Spend the connection's SSN checks (30 an hour) with form posts from the same visitor.
    for (let i = 0; i < 30; i++) {
      const a = applicant();
      const res = await page.request.post("/apply/personal", {
        form: {
          firstName: "Jordan",
          lastName: "Rivera",
          birthdate: "05/17/1990",
          ssn: `${a.ssn.slice(0, 3)}-${a.ssn.slice(3, 5)}-${a.ssn.slice(5)}`,
          email: `jordan.${a.ssn}@example.com`,
          confirmEmail: `jordan.${a.ssn}@example.com`,
        },
        // The page's own connection (page.request does not carry the page's extra headers).
        headers: { Origin: new URL(page.url()).origin, "CF-Connecting-IP": ip },
        maxRedirects: 0,
      });
      // Each a valid post: it counts, and moves on to the address step.
      expect(res.status()).toBe(302);
    }
    const a = applicant();
    await fillPersonal(page, a);
    await expect(page.locator(".step-alert")).toHaveText(TOO_MANY);
    await expectPersonalKept(page, a);
    expect(errors).toEqual([]);
  });
});

test.describe("address, income and pay frequency: no platform call, so a failing platform changes nothing", () => {
  for (const fault of ["answer500", "hang"] as PlatformFault[]) {
    test(`every platform path ${fault}: the three steps still move on`, async ({ page, faults }) => {
      const errors = watchFor5xx(page);
      await ownConnection(page);
      const a = applicant();
      await gotoHydrated(page, "/apply/personal?start=1");
      await fillPersonal(page, a);
      await expect(page).toHaveURL(/\/apply\/address$/);
      for (const path of ["Account/Validate", "Account/ProcessApplication", "Account/GetSummary", "Auth/Login"])
        await faults.arm(path, fault);
      await fillAddress(page, a);
      await fillIncome(page, a);
      await fillPayFrequency(page);
      await expect(page).toHaveURL(/\/apply\/banking$/);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("banking step: the decision (Account/ProcessApplication)", () => {
  async function toBanking(page: Page, a: Applicant) {
    await ownConnection(page);
    await gotoHydrated(page, "/apply/personal?start=1");
    await fillPersonal(page, a);
    await fillAddress(page, a);
    await fillIncome(page, a);
    await fillPayFrequency(page);
    await expect(page).toHaveURL(/\/apply\/banking$/);
  }

  for (const fault of ["answer500", "hang", "lostAnswer"] as PlatformFault[]) {
    test(`${fault}: the step's text, the numbers kept, SUBMIT again gives one application`, async ({
      page,
      faults,
      platform,
    }) => {
      const errors = watchFor5xx(page);
      const a = applicant();
      await toBanking(page, a);
      await faults.arm("Account/ProcessApplication", fault);
      await fillBanking(page);
      await expect(page.locator(".step-alert")).toHaveText(DECISION_FAILED, { timeout: 30_000 });
      await expect(page.getByLabel("ABA Routing Number")).toHaveValue("021000021");
      await expect(page.getByLabel("Bank Account Number")).toHaveValue("123456789");
      await expect(page.getByRole("button", { name: "SUBMIT" })).toBeEnabled();
      await faults.clear();
      await page.getByRole("button", { name: "SUBMIT" }).click();
      await expect(page).toHaveURL(/\/apply\/approved$/);
      expect((await platform.records(`jordan.${a.ssn}@example.com`)).applications).toBe(1);
      expect(errors).toEqual([]);
    });
  }

  test("success: approved; refusal: the review page's spec text", async ({ page, browser }) => {
    const errors = watchFor5xx(page);
    await toBanking(page, applicant());
    await fillBanking(page);
    await expect(page).toHaveURL(/\/apply\/approved$/);
    const declined = await (await browser.newContext()).newPage();
    const declinedErrors = watchFor5xx(declined);
    await toBanking(declined, applicant({ takeHomePay: "300.00" }));
    await fillBanking(declined);
    await expect(declined).toHaveURL(/\/apply\/review$/);
    await expect(declined.getByText(DECLINED)).toBeVisible();
    expect([...errors, ...declinedErrors]).toEqual([]);
  });
});
