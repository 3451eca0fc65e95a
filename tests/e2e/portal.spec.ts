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

test("the glossary opens from the portal navigation", async ({ page }) => {
  await logIn(page, "washington@demo.ridgeline.test");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Glossary of Terms" }).click();
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeHidden();
});

const PORTAL_ROUTES = ["/account", "/transactions", "/documents", "/documents/agreement", "/draw", "/payments", "/preferences", "/accountclosed", "/accountcredit"];

test("guests are sent to login from every portal route", async ({ page }) => {
  for (const path of PORTAL_ROUTES) {
    await page.goto(path);
    await expect(page, `guest on ${path}`).toHaveURL(/\/login$/);
  }
});

test("a closed account lands on the closed-account interrupter, from the portal pages too", async ({ page }) => {
  await logIn(page, "closed@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/accountclosed$/);
  await expect(page.getByText("Your account became inactive and was closed.")).toBeVisible();
  await expect(page.getByText(/reopen a line of credit by completing the application/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeDisabled();
  await axe(page);
  for (const path of ["/account", "/transactions", "/documents"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/accountclosed$/);
  }
});

test("a line never finalized lands on the finalize-credit interrupter with Call Now", async ({ page }) => {
  await logIn(page, "withdrawn@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/accountcredit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You never finalized your Line of Credit");
  await expect(page.getByText(/call Customer Service/)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call Now/ })).toHaveAttribute("href", "tel:+18005550142");
  await axe(page);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/accountcredit$/);
});

test("a signed-in borrower on an unknown path gets the 404 page with a 404 status", async ({ page }) => {
  await logIn(page, "current@demo.ridgeline.test");
  for (const path of ["/account/nothing-here", "/statements"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404");
    await expect(page.getByText("We couldn't find that page!.")).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");
  await axe(page);
});

test("a portal page logs out by itself after 30 idle minutes", async ({ page }) => {
  await page.clock.install();
  await logIn(page, "current@demo.ridgeline.test");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.clock.runFor("29:00");
  await expect(page).toHaveURL(/\/account$/);
  await page.clock.runFor("01:01");
  await expect(page).toHaveURL(/\/login\?logout=idle$/);
  await expect(page.getByText("For your security, you were logged out after 30 minutes without activity.")).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login$/);
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
