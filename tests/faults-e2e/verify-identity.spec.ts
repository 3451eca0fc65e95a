import type { Page } from "@playwright/test";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { type ApprovedApplicant, approvedApplicant } from "./fixtures/applicants";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { expect, test } from "./fixtures/faults";

/**
 * Verify identity (spec file 2, section 2.2, the start of create password)
 * with the platform failing under it: the page's retry text, the e-mail,
 * last four and birthdate still in their fields, and NEXT again continues
 * to create password's channel step.
 */

const TRY_AGAIN = "We're sorry, please try again.";

async function fillIdentity(page: Page, a: ApprovedApplicant) {
  await gotoHydrated(page, "/verify-identity");
  await page.getByLabel("Email Address").fill(a.email);
  await page.getByLabel("Last 4 of SSN").fill(a.last4);
  await page.getByLabel("Birthdate", { exact: true }).fill(a.birthdate);
}

async function expectKept(page: Page, a: ApprovedApplicant) {
  const b = a.birthdate;
  await expect(page).toHaveURL(/\/verify-identity$/);
  await expect(page.getByLabel("Email Address")).toHaveValue(a.email);
  await expect(page.getByLabel("Last 4 of SSN")).toHaveValue(a.last4);
  await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue(
    `${b.slice(0, 2)}/${b.slice(2, 4)}/${b.slice(4)}`,
  );
}

/** Create password at its channel step: the e-mail, last four and birthdate are not asked again (issue 15). */
async function expectCreatePassword(page: Page, _email: string) {
  await expect(page).toHaveURL(/\/create-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
}

test("the identity check answered 500 says 'We're sorry, please try again.' and keeps the e-mail, last four and birthdate; NEXT again continues to create password", async ({
  page,
  faults,
}) => {
  // An approved applicant without a password.
  const a = await approvedApplicant(page.request);
  await fillIdentity(page, a);

  await faults.arm("Auth/VerifyIdentity", "answer500");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(TRY_AGAIN);
  await expectKept(page, a);

  await faults.clear();
  await page.getByRole("button", { name: "NEXT" }).click();
  await expectCreatePassword(page, a.email);
});

test("the e-mail look-up after a matched identity hanging says 'We're sorry, please try again.' after the upstream timeout and keeps the fields; NEXT again continues", async ({
  page,
  faults,
}) => {
  // An approved applicant without a password.
  const a = await approvedApplicant(page.request);
  await fillIdentity(page, a);

  // VerifyIdentity answers (a match without a password); the look-up that follows never does.
  await faults.arm("Auth/ValidateEmail", "hang");
  const started = Date.now();
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(TRY_AGAIN, { timeout: FAULTS_TIMEOUT_MS + 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(FAULTS_TIMEOUT_MS);
  await expectKept(page, a);

  await faults.clear();
  await page.getByRole("button", { name: "NEXT" }).click();
  await expectCreatePassword(page, a.email);
});
