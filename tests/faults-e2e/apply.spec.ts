import {
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
 * The application with the platform failing under it (spec file 1, section 8):
 * the step's text, every typed value still in the fields, and after a lost
 * decision answer the retry yields ONE application on the platform.
 */

const SSN_CHECK_FAILED = "We're sorry, we could not check your information just now. Please try again.";
const DECISION_FAILED = /^We're sorry, an error occurred and your application was not processed\./;

test("the SSN check answered 500 shows the step's text and keeps every typed value; CONTINUE again moves on", async ({
  page,
  faults,
}) => {
  const a = applicant();
  const email = `jordan.${a.ssn}@example.com`;
  await gotoHydrated(page, "/apply/personal?start=1");

  await faults.arm("Account/Validate", "answer500");
  await fillPersonal(page, a);
  await expect(page.locator(".step-alert")).toHaveText(SSN_CHECK_FAILED);
  await expect(page).toHaveURL(/\/apply\/personal$/);
  await expect(page.getByLabel("First Name")).toHaveValue(a.firstName);
  await expect(page.getByLabel("Last Name")).toHaveValue("Rivera");
  await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue("05/17/1990");
  await expect(page.getByLabel("Social Security Number")).toHaveValue(
    `${a.ssn.slice(0, 3)}-${a.ssn.slice(3, 5)}-${a.ssn.slice(5)}`,
  );
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Confirm Email Address")).toHaveValue(email);

  await faults.clear();
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page).toHaveURL(/\/apply\/address$/);
});

test("a decision whose answer is lost shows the banking step's text and keeps the numbers; SUBMIT again yields one application", async ({
  page,
  faults,
  platform,
}) => {
  const a = applicant();
  const email = `jordan.${a.ssn}@example.com`;
  await gotoHydrated(page, "/apply/personal?start=1");
  await fillPersonal(page, a);
  await fillAddress(page, a);
  await fillIncome(page, a);
  await fillPayFrequency(page);

  await faults.arm("Account/ProcessApplication", "lostAnswer");
  await fillBanking(page);
  await expect(page.locator(".step-alert")).toHaveText(DECISION_FAILED);
  await expect(page.getByLabel("ABA Routing Number")).toHaveValue("021000021");
  await expect(page.getByLabel("Bank Account Number")).toHaveValue("123456789");
  // The platform did decide: one application already.
  expect((await platform.records(email)).applications).toBe(1);

  await faults.clear();
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/apply\/approved$/);
  expect(await platform.records(email)).toMatchObject({ customers: 1, applications: 1 });
});
