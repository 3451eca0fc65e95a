import { addDays, daysBetween, easternDateTime, isBusinessDay } from "#domain/calendar";
import { gotoHydrated } from "./fixtures/hydrated";
import { demo, expectAccessible, type FreshBorrower, logIn } from "./fixtures/portal";
import { type APIRequestContext, expect, test } from "./fixtures/test";

/**
 * Returns in development (0-decisions.md, "Returns"): from /dev/clock a person
 * returns a borrower's payment; the borrower's pages then show it.
 *
 * The clock is global to the site's database and other tests run beside
 * this one, so it never moves here. Instead the borrower is an EFT copy of
 * "owing" opened 28 days before the latest business day: its first due date
 * is that day, its automatic payment posted then, and today is within two
 * business days of it (only weekends and holidays lie between).
 */
async function borrowerPaidByAutomaticPaymentToday(
  request: APIRequestContext,
): Promise<FreshBorrower & { dueDate: string }> {
  let dueDate = easternDateTime(new Date()).date;
  while (!isBusinessDay(dueDate)) dueDate = addDays(dueDate, -1);
  // The demo seed opens a copy on the UTC calendar day `openedDaysAgo` before today (functions/servicing/demo.ts).
  const utcToday = new Date().toISOString().slice(0, 10);
  const openedDaysAgo = daysBetween(addDays(dueDate, -28), utcToday);
  const res = await request.post("/api/dev/borrower", { data: { like: demo.owing, openedDaysAgo } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as FreshBorrower), dueDate };
}

test("the dev clock page returns a payment: /transactions shows Returned Payment and /account the past-due state", async ({
  page,
}) => {
  const borrower = await borrowerPaidByAutomaticPaymentToday(page.request);

  await gotoHydrated(page, "/dev/clock");
  await page.getByLabel("Borrower's e-mail address").fill(borrower.email);
  await page.getByRole("button", { name: "Show returnable payments" }).click();
  const listed = page.locator(".returnable li");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Automatic Payment of $40.00 posted");
  const returnButton = listed.getByRole("button", { name: /^Return payment \d+$/ });
  const transactionId = ((await returnButton.textContent()) ?? "").replace(/^\s*Return payment\s*/i, "").trim();
  await returnButton.click();
  await expect(page.getByRole("status")).toContainText(`Returned the payment of $40.00`);
  await expect(page.getByRole("status")).toContainText(`(Trans. ID ${transactionId})`);
  await expect(page.getByRole("status")).toContainText("The account is now delinquent: past due $40.00");
  // Returned once: nothing left to return.
  await expect(listed).toHaveCount(0);
  await expect(page.getByText(/^This borrower has no payment that can be returned now/)).toBeVisible();
  await expectAccessible(page);

  await logIn(page, borrower.email);
  await expect(page.locator(".past-due-banner")).toContainText("YOUR ACCOUNT IS PAST DUE.");
  await expect(page.getByRole("img", { name: /^YOUR ACCOUNT IS Past Due/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a Cash Advance" })).toHaveCount(0);
  const recent = page.getByRole("region", { name: "Recent Transactions" }).locator("tbody tr");
  await expect(recent.first()).toContainText("Returned Payment");

  await gotoHydrated(page, "/transactions?show=payments");
  const rows = page.locator(".data-table tbody tr");
  const returned = rows.filter({ hasText: "Returned Payment" });
  await expect(returned).toHaveCount(1);
  // A return reverses the payment's credit: a debit, so no parentheses.
  await expect(returned.locator("td").nth(1)).toHaveText("$40.00");
  await expect(returned.locator("td").nth(3)).toHaveText(/^\d+$/);
  await expect(rows.filter({ hasText: "Automatic Payment" }).locator("td").nth(3)).toHaveText(transactionId);
});

test("a payment that cannot be returned is refused with the engine's reason", async ({ page }) => {
  // The past-due demo borrower pays by paper check; its one payment posted weeks ago.
  const res = await page.request.post("/api/dev/return", { data: { email: demo.pastDue } });
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { error: string }).error).toMatch(
    /^This borrower has no payment that can be returned now/,
  );
  await gotoHydrated(page, `/dev/clock?email=${encodeURIComponent(demo.pastDue)}`);
  await expect(page.getByText(/^This borrower has no payment that can be returned now/)).toBeVisible();
  await gotoHydrated(page, "/dev/clock?email=nobody%40example.com");
  await expect(page.getByRole("alert")).toHaveText("No line of credit for this e-mail address.");
});
