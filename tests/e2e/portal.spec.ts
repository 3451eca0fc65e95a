import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./fixtures/hydrated";

async function logIn(page: Page, email: string) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill("Demo!pass1");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page).toHaveURL(/\/account(closed|credit)?$/);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

test("a current borrower sees the summary, transactions, statements and the signed agreement", async ({ page }) => {
  await logIn(page, "current@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Casey");
  await expect(page.getByRole("img", { name: /^Available credit \$/ })).toBeVisible();
  await expect(page.getByText("Account Balance")).toBeVisible();
  await expect(page.locator(".help-box")).toContainText("Questions? Call Us");
  await expect(page.locator(".past-due-banner")).toHaveCount(0);
  await axe(page);

  await page.getByRole("link", { name: "View all transactions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions");
  await page.getByRole("link", { name: "Payments" }).last().click();
  await expect(page.locator(".data-table tbody tr").first()).toContainText("Payment");
  await expect(page.locator(".data-table tbody tr").first()).toContainText(/\(\$\d/);
  await axe(page);

  await gotoHydrated(page, "/documents");
  const statement = page.getByRole("link", { name: /Download\/View statement of/ }).first();
  const href = await statement.getAttribute("href");
  const pdf = await page.request.get(href!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await axe(page);

  // Another borrower cannot open it.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, "washington@demo.ridgeline.test");
  await expect(otherPage).toHaveURL(/\/account$/);
  const refused = await otherPage.request.get(href!, { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  await other.close();
});

test("a delinquent borrower sees the past-due banner and the Account Specialist line", async ({ page }) => {
  await logIn(page, "pastdue@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.locator(".past-due-banner")).toContainText("YOUR ACCOUNT IS PAST DUE.");
  await expect(page.locator(".help-box")).toContainText("Talk to an Account Specialist 1.800.555.0143");
  await expect(page.getByRole("img", { name: "YOUR ACCOUNT IS Past Due" })).toBeVisible();
  await axe(page);
});

test("a charged-off borrower is treated as past due", async ({ page }) => {
  await logIn(page, "chargedoff@demo.ridgeline.test");
  await expect(page.locator(".past-due-banner")).toBeVisible();
  await expect(page.locator(".help-box")).toContainText("Account Specialist");
});

test("the glossary opens from the portal navigation", async ({ page }) => {
  await logIn(page, "washington@demo.ridgeline.test");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Glossary of Terms" }).click();
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeHidden();
});

test("guests are sent to login from portal pages", async ({ page }) => {
  for (const path of ["/account", "/transactions", "/documents", "/documents/agreement"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

async function pendingCount(page: Page): Promise<number> {
  await gotoHydrated(page, "/transactions");
  const text = await page.locator(".pending summary").innerText();
  return Number(text.match(/\((\d+)\)/)![1]);
}

async function firstPaymentDay(page: Page): Promise<string> {
  return (await page.locator("#date-window").innerText()).match(/from (\d{2}\/\d{2}\/\d{4})/)![1]!;
}

test("a one-time payment is scheduled once, even when SUBMIT PAYMENT is double-clicked", async ({ page }) => {
  await logIn(page, "washington@demo.ridgeline.test");
  // This borrower owes nothing: no upcoming payments.
  await gotoHydrated(page, "/payments");
  await expect(page.getByText("You don't have any upcoming payments at this time.")).toBeVisible();

  const other = await (await page.context().browser()!.newContext()).newPage();
  await logIn(other, "current@demo.ridgeline.test");
  const before = await pendingCount(other);
  await gotoHydrated(other, "/payments");
  await axe(other);
  await other.getByRole("radio", { name: "Other Amount" }).check();
  await other.getByLabel("Other Amount ($)").fill("5");
  await other.getByLabel("Payment Date", { exact: true }).fill(await firstPaymentDay(other));
  await other.getByRole("button", { name: "CONTINUE" }).click();
  await expect(other.locator("#other-error")).toHaveText("The minimum payment is $10. Please enter $10 or more.");
  await other.getByLabel("Other Amount ($)").fill("20");
  await other.getByRole("button", { name: "CONTINUE" }).click();
  await expect(other.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
  await axe(other);
  await other.getByRole("button", { name: "SUBMIT PAYMENT" }).dblclick();
  await expect(other.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
  expect(await pendingCount(other)).toBe(before + 1);
});

test("a past-due borrower must authorize the payment", async ({ page }) => {
  await logIn(page, "pastdue@demo.ridgeline.test");
  await gotoHydrated(page, "/payments");
  await expect(page.getByText("Your account is past due. Please set up a payment below.", { exact: false })).toBeVisible();
  // The minimum option pays the past-due amount the header names.
  const pastDue = (await page.getByText(/this does not include your Past Due amount of/).innerText()).match(/Past Due amount of (\$[\d,]+\.\d{2})/)![1]!;
  await expect(page.getByRole("radio", { name: `Past Due ${pastDue}` })).toBeChecked();
  await page.getByLabel("Payment Date", { exact: true }).fill(await firstPaymentDay(page));
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.getByText("Please authorize this payment.")).toBeVisible();
  await page.getByLabel(/I authorize/).check();
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
});
