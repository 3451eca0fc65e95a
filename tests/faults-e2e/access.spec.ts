import type { Page } from "@playwright/test";
import { applicant, applyToTheEnd } from "../e2e/fixtures/applicant";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { expect, type Platform, test } from "./fixtures/faults";

/** Log in, create password and forgot password with the platform failing under them (spec file 2, section 8). */

const SERVICE_DOWN = "We're sorry, we could not sign you in just now. Please try again.";
const CALL_FAILED = /^Call failed\./;

test("login: an e-mail check that never answers shows CONTINUE busy, then the service text after the configured timeout, and keeps the e-mail", async ({
  page,
  faults,
  platform,
}) => {
  const b = await platform.freshBorrower("current");
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(b.email);

  await faults.arm("Auth/ValidateEmail", "hang");
  const started = Date.now();
  const button = page.getByRole("button", { name: "CONTINUE" });
  await button.click();
  // While the answer is on the way the button shows it is busy (app/lib/use-busy-submitter.ts), and stops once answered.
  await expect(button).toHaveAttribute("aria-busy", "true");
  await expect(page.locator(".step-alert")).toHaveText(SERVICE_DOWN, { timeout: FAULTS_TIMEOUT_MS + 10_000 });
  await expect(button).not.toHaveAttribute("aria-busy", /.*/);
  // The text came from the site's own timeout (PLATFORM_TIMEOUT_MS), not an answer.
  expect(Date.now() - started).toBeGreaterThanOrEqual(FAULTS_TIMEOUT_MS);
  await expect(page.getByLabel("Email Address")).toHaveValue(b.email);

  await faults.clear();
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
});

test("login: a password check answered 500 shows the service text and keeps the e-mail; LOG IN again signs in", async ({
  page,
  faults,
  platform,
}) => {
  const b = await platform.freshBorrower("current");
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(b.email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill(b.password);

  await faults.arm("Auth/Login", "answer500");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page.locator(".step-alert")).toHaveText(SERVICE_DOWN);
  await expect(page.getByText(`Signing in as ${b.email}.`)).toBeVisible();

  await faults.clear();
  await page.getByLabel("Password").fill(b.password);
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

/** An approved applicant (no password yet) for create password; a borrower with one for forgot password. */
async function emailFor(kind: "create" | "forgot", page: Page, platform: Platform): Promise<string> {
  if (kind === "forgot") return (await platform.freshBorrower("current")).email;
  const a = applicant();
  const applying = await page.context().browser()!.newPage();
  await gotoHydrated(applying, "/apply/personal?start=1");
  await applyToTheEnd(applying, a);
  await expect(applying).toHaveURL(/\/apply\/approved$/);
  await applying.close();
  return `jordan.${a.ssn}@example.com`;
}

for (const kind of ["create", "forgot"] as const) {
  test(`${kind} password: a passcode send answered 500 says 'Call failed', keeps the chosen channel, and SEND CODE again sends`, async ({
    page,
    faults,
    platform,
  }) => {
    const email = await emailFor(kind, page, platform);
    await gotoHydrated(page, `/${kind}-password?restart`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "NEXT" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
    await page.getByLabel(/^Email /).check();

    await faults.arm("Communications/SendEmailOTP", "answer500");
    await page.getByRole("button", { name: "SEND CODE" }).click();
    await expect(page.locator(".step-alert")).toHaveText(CALL_FAILED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
    await expect(page.getByLabel(/^Email /)).toBeChecked();

    await faults.clear();
    await page.getByRole("button", { name: "SEND CODE" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");
  });
}
