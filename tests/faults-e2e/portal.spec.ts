import type { Page } from "@playwright/test";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { drawThroughPortal, reachReview } from "../e2e/fixtures/payments";
import { expect, logIn, type Platform, test } from "./fixtures/faults";

/**
 * The portal with the platform failing under it (spec file 3, section 8):
 * each screen shows its text, keeps what was entered, and a retry after a
 * lost answer (the platform acted, the site got a 500) records nothing twice.
 */

const SUMMARY_FAILED = "Get Account Summary Call failed";
const DRAW_FAILED = "Post Draw transaction failed Call failed";
const PAYMENT_FAILED = "Post Payment transaction failed Call failed";
const SAVE_FAILED = "Unable to Save Preferences.";

/** A fresh current borrower of the platform behind the proxy, signed in through the site. */
async function signedIn(page: Page, platform: Platform) {
  const borrower = await platform.freshBorrower("current");
  await logIn(page, borrower.email, borrower.password);
  return borrower;
}

test("the account page says 'Get Account Summary Call failed' while the summary fails, and shows the account once it answers", async ({
  page,
  faults,
  platform,
}) => {
  await signedIn(page, platform);
  await faults.arm("Account/GetSummary", "answer500");
  await page.reload();
  await expect(page.locator(".service-error")).toHaveText(SUMMARY_FAILED);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We're sorry.");

  await faults.clear();
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome back, /);
});

// Every other portal page reads the same summary: each says so when it fails or hangs, and comes back.
const SUMMARY_PAGES = [
  ["/transactions", "Transactions"],
  ["/documents", "Documents"],
  ["/draw", "Request a Cash Advance"],
  ["/payments", "Make a One-Time Payment"],
  ["/preferences", "Select Your Account Preferences"],
] as const;

// Pages alternate between a 500 and a hang (the site's upstream timeout), so both reach every kind of page.
for (const [i, [path, heading]] of SUMMARY_PAGES.entries()) {
  const fault = i % 2 === 0 ? "answer500" : "hang";
  test(`${path} says 'Get Account Summary Call failed' when the summary meets '${fault}', and shows the page once it answers`, async ({
    page,
    faults,
    platform,
  }) => {
    await signedIn(page, platform);
    await faults.arm("Account/GetSummary", fault);
    await page.goto(path);
    await expect(page.locator(".service-error")).toHaveText(SUMMARY_FAILED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We're sorry.");

    await faults.clear();
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}

test("a draw whose answer is lost says 'Post Draw transaction failed Call failed', stays on the review, and SUBMIT again draws once", async ({
  page,
  faults,
  platform,
}) => {
  const b = await signedIn(page, platform);
  const before = await platform.records(b.email);
  await gotoHydrated(page, "/draw");
  await page.getByLabel("Amount ($)").fill("125");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeVisible();

  await faults.arm("Account/PostTransaction", "lostAnswer");
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.locator(".draw-error")).toHaveText(DRAW_FAILED);
  // The review keeps the amount, and the platform did record the draw.
  await expect(page.locator(".draw-review .figures")).toContainText("$125.00");
  expect((await platform.records(b.email)).draws).toBe(before.draws + 1);

  await faults.clear();
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your draw request was received." })).toBeVisible();
  expect((await platform.records(b.email)).draws).toBe(before.draws + 1);
});

test("a payment whose answer is lost says 'Post Payment transaction failed Call failed', keeps the review, and SUBMIT again schedules one", async ({
  page,
  faults,
  platform,
}) => {
  const b = await signedIn(page, platform);
  await drawThroughPortal(page, "300");
  const before = await platform.records(b.email);
  await gotoHydrated(page, "/payments");
  await reachReview(page, "23.45");

  await faults.arm("Account/PostTransaction", "lostAnswer");
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.locator(".payment-review [role=alert]")).toHaveText(PAYMENT_FAILED);
  await expect(page.locator(".payment-figures")).toContainText("$23.45");
  expect((await platform.records(b.email)).pendingPayments).toBe(before.pendingPayments + 1);

  await faults.clear();
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
  await expect(page.locator(".payment-thanks")).toContainText("$23.45");
  expect((await platform.records(b.email)).pendingPayments).toBe(before.pendingPayments + 1);
});

test("a preferences save that fails says 'Unable to Save Preferences.' and keeps what was typed; SAVE again saves", async ({
  page,
  faults,
  platform,
}) => {
  const borrower = await signedIn(page, platform);
  await gotoHydrated(page, "/preferences");
  const email = `faults-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await page.getByLabel("Email Address").fill(email);
  // A new e-mail (the sign-in name) needs the current password; it is kept for the retry after an outage.
  await page.getByLabel("Current Password").fill(borrower.password);
  await page.getByLabel("Main Phone").fill("6145550177");

  await faults.arm("Account/UpdateProfile", "answer500");
  await page.getByRole("button", { name: "SAVE CHANGES" }).last().click();
  await expect(page.locator("#preferences-form [role=alert]")).toHaveText(SAVE_FAILED);
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Main Phone")).toHaveValue("614-555-0177");

  await faults.clear();
  await page.getByRole("button", { name: "SAVE CHANGES" }).last().click();
  await expect(page.getByRole("dialog", { name: "Preferences Saved" })).toBeVisible();
});
