import { achEffectiveDate } from "#domain/calendar";
import { formatDate } from "#domain/format";
import { fitProblems } from "./fixtures/fit";
import { paymentsInProcess, us } from "./fixtures/payments";
import { expectAccessible, freshBorrower, logIn } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * The servicing desk (issue 20) in Chromium, as staff use it: no JavaScript
 * runs on its pages, so every step is a plain form. Development sign-in
 * stands in for Cloudflare Access (decision record 021).
 */
test.describe.configure({ timeout: 90_000 });

async function signInToDesk(page: Page, role: "Agent" | "Supervisor" | "Auditor (read-only)") {
  await page.goto("/dev/desk");
  await page.getByRole("button", { name: `Sign in as ${role}` }).click();
  await expect(page.getByRole("heading", { name: "Find a borrower" })).toBeVisible();
}

test("an agent finds a delinquent borrower, takes a payment by phone, and the borrower's portal shows it", async ({
  page,
  browser,
}) => {
  const b = await freshBorrower(page.request, "pastDue");
  await page.setViewportSize({ width: 360, height: 800 });
  await signInToDesk(page, "Agent");
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
  await page.getByLabel("E-mail").fill(b.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("row").filter({ hasText: b.email });
  await expect(found).toContainText("delinquent");
  await found.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Take a payment by phone" })).toBeVisible();
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);

  // Wrong first: no tick, then too little.
  const date = us(achEffectiveDate(new Date(), false));
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Take payment" }) });
  await form.getByLabel("Amount ($)").fill("20");
  await form.getByLabel("Payment date (MM/DD/YYYY)").fill(date);
  await form.getByLabel("Reason (for the audit log)").fill("Borrower called to catch up");
  await form.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByText("Read the authorization to the borrower and tick that they agreed.")).toBeVisible();
  await expect(form.getByLabel("Amount ($)")).toHaveValue("20");
  await form.getByLabel("Amount ($)").fill("5");
  await form.getByRole("checkbox", { name: /heard the authorization/ }).check();
  await form.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByText("The minimum payment is $10.")).toBeVisible();

  await form.getByLabel("Amount ($)").fill("$20.00");
  await form.getByRole("checkbox", { name: /heard the authorization/ }).check();
  await form.getByRole("button", { name: "Take payment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment scheduled: $20.00" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Desk actions on this borrower" })).toContainText("payment by phone");
  await expect(page.getByRole("region", { name: "Scheduled payments and draw requests" })).toContainText("$20.00");

  // The borrower sees it in their own portal.
  const portal = await browser.newPage();
  await logIn(portal, b.email, b.password);
  expect(await paymentsInProcess(portal)).toContain(
    `${formatDate(achEffectiveDate(new Date(), false))} · $20.00 · EFT Payment`,
  );
  await portal.close();
});

test("an agent finds borrowers by last name and a first name's first letters, and by part of an e-mail", async ({
  page,
}) => {
  const b = await freshBorrower(page.request, "owing");
  const suffix = /\+([^@]+)@/.exec(b.email)![1]!;
  await page.setViewportSize({ width: 360, height: 800 });
  await signInToDesk(page, "Agent");
  const search = page.getByRole("button", { name: "Search" });
  const found = page
    .getByRole("region", { name: "Borrowers found" })
    .getByRole("row")
    .filter({ has: page.getByRole("link") });

  // Wrong first: a first name without the last name.
  await page.getByLabel("First name, or its first letters").fill("jor");
  await search.click();
  await expect(page.getByText("Enter the whole last name.")).toBeVisible();
  await expect(page.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Last name").fill("REYES");
  await search.click();
  await expect(found.first()).toContainText("Jordan Reyes");
  for (const text of await found.allInnerTexts()) expect(text).toContain("Jordan Reyes");
  await expect(page.getByLabel("First name, or its first letters")).toHaveValue("jor");
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);

  // Part of an e-mail: too short first, then the copy's own part in another case.
  await page.getByLabel("Last name").fill("");
  await page.getByLabel("First name, or its first letters").fill("");
  await page.getByLabel("E-mail").fill("ow");
  await search.click();
  await expect(page.getByText("Enter at least 3 characters of the e-mail address.")).toBeVisible();
  await page.getByLabel("E-mail").fill(`${suffix.toUpperCase()}@DEMO`);
  await search.click();
  await expect(page.getByRole("status")).toHaveText("1 borrower");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(b.email);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
  await found.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/desk/borrowers/demo-copy-${suffix}$`));
});

test("an auditor reads a borrower's file and can change nothing", async ({ page }) => {
  const b = await freshBorrower(page.request, "owing");
  await signInToDesk(page, "Auditor (read-only)");
  await page.getByLabel("E-mail").fill(b.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row").filter({ hasText: b.email }).getByRole("link").click();
  await expect(page.getByText("Your role can read this file and change nothing.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Take payment" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add note" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Ledger (newest first)" })).toBeVisible();
  await expectAccessible(page);
});

test("without a desk identity the desk says 'Staff only', and a borrower's session is no key", async ({ page }) => {
  const b = await freshBorrower(page.request, "current");
  await logIn(page, b.email, b.password);
  const res = await page.goto("/desk");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
  await expectAccessible(page);
});

test("an agent asks for a fee waiver, a supervisor approves it, the borrower's portal shows the credit, an auditor only reads", async ({
  page,
  browser,
}) => {
  const b = await freshBorrower(page.request, "owing");
  await page.setViewportSize({ width: 360, height: 800 });
  await signInToDesk(page, "Agent");
  await page.getByLabel("E-mail").fill(b.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row").filter({ hasText: b.email }).getByRole("link").click();
  const waive = page.locator("form").filter({ has: page.getByRole("button", { name: "Ask to waive this fee" }) });
  const fee = (await waive.getByLabel("Fee").locator("option").first().textContent()) ?? "";
  const amount = /\$\d+\.\d{2}/.exec(fee)![0];
  // Wrong first: no reason.
  await waive.getByRole("button", { name: "Ask to waive this fee" }).click();
  await expect(waive.getByText("Give the reason for this request.")).toBeVisible();
  await waive.getByLabel("Reason").fill("Hardship: first late fee this year");
  await waive.getByRole("button", { name: "Ask to waive this fee" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request sent to a supervisor" })).toBeVisible();
  // The agent cannot decide it; nothing has changed yet.
  await expect(page.getByText("Awaiting a supervisor.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Approve request/ })).toHaveCount(0);
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "Sign out" }).click();

  await signInToDesk(page, "Supervisor");
  await page.getByRole("link", { name: "Awaiting approval" }).click();
  const request = page.getByRole("listitem").filter({ hasText: "Hardship: first late fee this year" });
  await expect(request).toContainText(`Waive or refund a fee, ${amount}`);
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
  await request.getByRole("button", { name: /^Approve request/ }).click();
  await expect(request.getByText("Give the reason for your decision.")).toBeVisible();
  await request.getByLabel("Your reason").fill("Agreed: good history");
  await request.getByRole("button", { name: /^Approve request/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Request approved." })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Hardship: first late fee this year" })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();

  // The borrower sees the credit in their own transactions.
  const portal = await browser.newPage();
  await logIn(portal, b.email, b.password);
  await portal.goto("/transactions");
  await expect(portal.getByText("Carried Balance Fee Credit").first()).toBeVisible();
  await portal.close();

  // The auditor sees the decision in the log and can change nothing.
  await signInToDesk(page, "Auditor (read-only)");
  await page.getByRole("link", { name: "Audit log" }).click();
  await page.getByLabel("Action", { exact: true }).selectOption("approve fee waiver");
  await page.getByRole("button", { name: "Search the log" }).click();
  await expect(page.getByRole("region", { name: "Desk actions found" })).toContainText("Agreed: good history");
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
  await page.getByRole("link", { name: "Awaiting approval" }).click();
  await expect(page.getByRole("button", { name: /^Approve request/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Find a borrower" }).click();
  await page.getByLabel("E-mail").fill(b.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row").filter({ hasText: b.email }).getByRole("link").click();
  await expect(page.getByRole("region", { name: "Desk actions on this borrower" })).toContainText("approve fee waiver");
  await expect(page.getByRole("button", { name: "Ask to waive this fee" })).toHaveCount(0);
});
