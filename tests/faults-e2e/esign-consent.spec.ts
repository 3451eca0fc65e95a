import type { Page } from "@playwright/test";
import { agree, REQUIRED_AGREEMENTS } from "../e2e/fixtures/esign";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { approvedApplicant } from "./fixtures/applicants";
import { expect, type Platform, test } from "./fixtures/faults";

/**
 * E-sign consent (spec file 2, sections 2.6 and 4, 'Consent submit') with the
 * platform failing under its Save and Continue. The post reads the account
 * summary (Account/GetSummary), the application (GET Applications) and the
 * login (Auth/ValidateEmail), then saves the first draw (POST Applications).
 * The proxy arms by path, so "Applications" fails the read and the save alike;
 * the save cannot be failed alone.
 */

const SIGNATURE = /\/esign\/signature$/;

/** An approved applicant (from a partner lead) on the consent page, every section answered and a $150 first draw typed. */
async function readyToSave(page: Page): Promise<string> {
  const a = await approvedApplicant(page.request);
  await page.goto(a.link);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  for (const label of REQUIRED_AGREEMENTS) await agree(page, label);
  await page.getByLabel("Yes").first().check();
  await page.getByLabel("Draw amount ($)").fill("150");
  return a.email;
}

/** On the signature step, one application on the platform, and the consent page (BACK) holding the typed $150. */
async function expectSavedOnce(page: Page, platform: Platform, email: string) {
  await expect(page).toHaveURL(SIGNATURE);
  expect(await platform.records(email)).toMatchObject({ customers: 1, applications: 1, signatures: 0, draws: 0 });
  await page.goto("/esign/consent");
  await expect(page.getByLabel("Draw amount ($)")).toHaveValue("150");
}

/** Clicks Save and Continue and waits for its post to be answered, wherever it leads. */
async function saveAndContinue(page: Page) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/esign/consent"));
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await answered;
}

test("a Save and Continue that meets a 500 leaves the agreements agreed; Save and Continue again reaches the signature with the typed draw", async ({ page, faults, platform }) => {
  const email = await readyToSave(page);

  await faults.arm("Account/GetSummary", "answer500");
  await saveAndContinue(page);

  // The e-sign session and the agreements survive the failure.
  await faults.clear();
  await page.goto("/esign/consent");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  for (const label of REQUIRED_AGREEMENTS) await expect(page.locator(".agreement-row", { hasText: label }).locator(".agreed")).toBeVisible();
  await page.getByLabel("Yes").first().check();
  await page.getByLabel("Draw amount ($)").fill("150");
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expectSavedOnce(page, platform, email);
});

// A platform failure while the post reads the summary, the application or the login stays on consent with the spec's
// 'Unable to Save Consent Data.' and keeps the typed draw and choices (it once sent the applicant to /login).
for (const [path, fault] of [["Account/GetSummary", "answer500"], ["Auth/ValidateEmail", "hang"], ["Applications", "answer500"]] as const) {
  test(`a Save and Continue whose ${path} meets '${fault}' stays on consent with an error and keeps the draw and choices; Save and Continue again saves once`, async ({ page, faults, platform }) => {
    const email = await readyToSave(page);

    await faults.arm(path, fault);
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.locator(".step-alert")).toHaveText("Unable to Save Consent Data.", { timeout: FAULTS_TIMEOUT_MS + 10_000 });
    await expect(page).toHaveURL(/\/esign\/consent$/);
    await expect(page.getByLabel("Draw amount ($)")).toHaveValue("150");
    await expect(page.getByLabel("Yes").first()).toBeChecked();

    await faults.clear();
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expectSavedOnce(page, platform, email);
  });
}

// BUG (app/routes/esign/consent.tsx:45-55, inline-password.server.ts:23): the optional create-password section's posts do
// not catch a PlatformError, so a passcode send that fails is the generic "Something went wrong" page.
test.fail("BUG: the optional password's passcode send answered 500 stays on consent with an error and keeps the password", async ({ page, faults }) => {
  await readyToSave(page);
  await page.getByLabel("Password", { exact: true }).fill("Inline!pass61");
  await page.getByLabel("Confirm Password").fill("Inline!pass61");

  await faults.arm("Communications/SendEmailOTP", "answer500");
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/esign/consent"));
  await page.getByRole("button", { name: "Create Password" }).click();
  await answered;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Your Line of Credit has been conditionally approved/);
  await expect(page.locator(".inline-password").getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Inline!pass61");
});
