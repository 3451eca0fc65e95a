import { addDays, easternDateTime } from "#domain/calendar";
import { enterCode } from "./fixtures/borrower";
import { fitProblems } from "./fixtures/fit";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestPasscode } from "./fixtures/outbox";
import { us } from "./fixtures/payments";
import { expectAccessible, freshBorrower } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * The servicing desk's calls that are not about money moving today (issue
 * 20, decision records 026-028), in Chromium as an agent takes them: a
 * passcode that never came, a new pay schedule, a closure regretted. Wrong
 * inputs first, at 360 px and 1280 px; axe and the fit check on each page.
 */
test.describe.configure({ timeout: 120_000 });

async function openFile(page: Page, email: string) {
  await page.goto("/dev/desk");
  await page.getByRole("button", { name: "Sign in as Agent" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row").filter({ hasText: email }).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Passcode" })).toBeVisible();
}

async function checked(page: Page) {
  await expectAccessible(page);
  expect(await fitProblems(page)).toEqual([]);
}

test("a borrower whose passcode never came gets one resent by e-mail and resets their password with it", async ({
  page,
  browser,
}) => {
  const b = await freshBorrower(page.request, "current");
  const borrower = await (await browser.newContext()).newPage();
  await gotoHydrated(borrower, "/forgot-password?restart");
  await borrower.getByLabel("Email Address").fill(b.email);
  await borrower.getByRole("button", { name: "NEXT" }).click();
  await borrower.getByLabel(`Text (xxx) xxx-${b.mobilePhone.slice(-4)}`).check();
  await borrower.getByRole("button", { name: "SEND CODE" }).click();
  await expect(borrower.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");

  await page.setViewportSize({ width: 360, height: 800 });
  await openFile(page, b.email);
  const section = page.getByRole("region", { name: "Passcode" });
  await expect(section).toContainText(/Forgot Password passcode, first sent by text .* Resends used: 0 of 3/);
  await checked(page);
  await section.getByLabel("Send by").selectOption({ label: "E-mail the address on file" });
  await section.getByRole("button", { name: "Resend the passcode" }).click();
  await expect(page.getByText("Give the reason for resending the passcode.")).toBeVisible();
  await section.getByLabel("Reason (for the audit log)").fill("The text never arrived");
  await section.getByRole("button", { name: "Resend the passcode" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A new passcode was sent by e-mail" })).toContainText(
    "(resend 1 of 3)",
  );
  await expect(section).toContainText("Resends used: 1 of 3.");
  await checked(page);
  // A reload after the resend shows the file again; it never posts twice.
  await page.reload();
  await expect(page.getByRole("region", { name: "Passcode" })).toContainText("Resends used: 1 of 3.");

  await enterCode(borrower, await latestPasscode(borrower, b.email));
  await borrower.getByRole("button", { name: "NEXT" }).click();
  await expect(borrower.getByRole("heading", { level: 1 })).toHaveText("Reset your password", { timeout: 8_000 });
  await page.reload();
  await expect(page.getByRole("region", { name: "Passcode" })).toContainText("used: the borrower entered it.");
  await expect(page.getByRole("region", { name: "Passcode" }).getByRole("button")).toHaveCount(0);
});

test("an agent moves a borrower to monthly pay: wrong dates are refused, then the file shows the new schedule", async ({
  page,
}) => {
  const b = await freshBorrower(page.request, "current");
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFile(page, b.email);
  const form = page.getByRole("region", { name: "Change the pay schedule" });
  await checked(page);
  const today = easternDateTime(new Date()).date;
  await form.getByLabel("Pay frequency").selectOption({ label: "Monthly" });
  await form.getByLabel("Most recent pay date (MM/DD/YYYY)").fill("13/45/2026");
  await form.getByLabel("Reason (for the audit log)").fill("New job, paid monthly");
  await form.getByRole("button", { name: "Change pay schedule" }).click();
  await expect(form.getByText("Enter the borrower's most recent pay date, like 11/20/2026.")).toBeVisible();
  await expect(form.getByLabel("Pay frequency")).toHaveValue("M");
  await form.getByLabel("Most recent pay date (MM/DD/YYYY)").fill(us(addDays(today, 2)));
  await form.getByRole("button", { name: "Change pay schedule" }).click();
  await expect(form.getByText("The most recent pay date cannot be in the future.")).toBeVisible();
  await expect(form.getByLabel("Reason (for the audit log)")).toHaveValue("New job, paid monthly");
  await checked(page);
  await form.getByLabel("Most recent pay date (MM/DD/YYYY)").fill(us(addDays(today, -2)));
  await form.getByRole("button", { name: "Change pay schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pay schedule changed: Monthly." })).toContainText(
    "The first due date on it is",
  );
  await expect(page.getByRole("region", { name: /^Line / })).toContainText("Monthly, next paid on");
  await expect(page.getByRole("region", { name: "Desk actions on this borrower" })).toContainText(
    "change pay schedule",
  );
  await checked(page);
});

test("a line closed at the borrower's request is reopened when they change their mind", async ({ page }) => {
  const b = await freshBorrower(page.request, "washington"); // nothing owed: it closes at once
  await page.setViewportSize({ width: 360, height: 800 });
  await openFile(page, b.email);
  // What the borrower signed, exactly as signed, before anything changes.
  await page.getByRole("region", { name: "Signed agreements" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Signed agreements", level: 1 })).toBeVisible();
  await expect(page.getByText("Electronic signature").first()).toBeVisible();
  await checked(page);
  await page.getByRole("link", { name: "Back to the borrower's file" }).click();
  const closure = page.getByRole("region", { name: "Close the line" });
  await closure.getByLabel("Reason (for the audit log)").fill("Borrower asked to close");
  await closure.getByRole("button", { name: "Close the line" }).click();
  const reopen = page.getByRole("region", { name: "Reopen the line" });
  await expect(reopen).toContainText("If the borrower asks, it can be reopened until");
  await checked(page);
  await reopen.getByRole("button", { name: "Reopen the line" }).click();
  await expect(page.getByText("Give the reason for this change.")).toBeVisible();
  await reopen.getByLabel("Reason (for the audit log)").fill("Changed their mind");
  await reopen.getByRole("button", { name: "Reopen the line" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Line reopened" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Close the line" })).toBeVisible();
  await checked(page);
});
