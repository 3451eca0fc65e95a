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

test("a current borrower draws once, even when SUBMIT REQUEST is double-clicked", async ({ page }) => {
  await logIn(page, "current@demo.ridgeline.test");
  const balance = async () => Number((await page.locator(".figures dd").first().innerText()).replace(/[$,]/g, ""));
  const before = await balance();
  await gotoHydrated(page, "/draw");
  await axe(page);
  await page.getByLabel("Amount ($)").fill("90");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.locator("#amount-error")).toHaveText("The minimum draw is $100.");
  await page.getByLabel("Amount ($)").fill("110");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.locator("#amount-error")).toHaveText("Draws must be in $25 increments.");
  await page.getByLabel("Amount ($)").fill("125");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.getByText("Total Draw Amount")).toBeVisible();
  await expect(page.locator(".figures")).toContainText("$6.25");
  await expect(page.locator(".figures")).toContainText("$118.75");
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).dblclick();
  await expect(page.getByRole("heading", { name: "Thank you! Your draw request was received." })).toBeVisible();
  await gotoHydrated(page, "/account");
  expect(await balance()).toBeCloseTo(before + 125, 2);
});

test("draw blocks: Washington residents and past-due accounts", async ({ page, browser }) => {
  await logIn(page, "washington@demo.ridgeline.test");
  await gotoHydrated(page, "/draw");
  await expect(page.getByRole("alert").filter({ hasText: "Draws are unavailble in your state." })).toBeVisible();
  const other = await (await browser.newContext()).newPage();
  await logIn(other, "pastdue@demo.ridgeline.test");
  await gotoHydrated(other, "/draw");
  await expect(other.getByText("Your ability to draw funds is temporarily suspended because your account is past due.")).toBeVisible();
});
