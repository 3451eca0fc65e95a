import AxeBuilder from "@axe-core/playwright";
import {
  applicant,
  applyToTheEnd,
  fillAddress,
  fillIncome,
  fillPayFrequency,
  fillPersonal,
  usDate,
} from "./fixtures/applicant";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestMessage } from "./fixtures/outbox";
import { expect, test } from "./fixtures/test";

test("an approved application, end to end from the home page", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("link", { name: "APPLY NOW", exact: true }).click();
  await expect(page).toHaveURL(/\/apply\/personal$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Let's get started. Tell us about yourself.");
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("banner")).toContainText("Call Us");
  const a = applicant();
  await applyToTheEnd(page, a);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congratulations, Jordan! You're conditionally approved for a line of credit of $800.",
  );
  const html = await page.content();
  expect(html).not.toContain(`${a.ssn.slice(0, 3)}-`);
  expect(html).not.toContain("021000021");
  await expect(page.getByRole("link", { name: "Continue to eSign" })).toHaveAttribute("href", "/esign/consent");
});

test("an e-mail address with an apostrophe goes through every step to approval (one e-mail rule for the site and the platform)", async ({
  page,
}) => {
  await gotoHydrated(page, "/apply/personal?start=1");
  const a = applicant();
  await applyToTheEnd(page, { ...a, email: `O'Brien.${a.ssn}@Example.com` });
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congratulations, Jordan! You're conditionally approved for a line of credit of $800.",
  );
});

test("a denied application lands on the review page, and the promised e-mail with the reasons is in the outbox", async ({
  page,
}) => {
  await gotoHydrated(page, "/apply/personal?start=1");
  const base = applicant({ takeHomePay: "300.00" });
  const a = { ...base, email: `denied.${base.ssn}@example.com` };
  await applyToTheEnd(page, a);
  await expect(page).toHaveURL(/\/apply\/review$/);
  await expect(page.getByText("We're sorry, we cannot approve your line of credit at this time.")).toBeVisible();
  await expect(page.getByText("You will receive an e-mail with further details shortly.")).toBeVisible();
  // The adverse-action notice (Regulation B): the reason in plain words, the ECOA notice, the creditor.
  const mail = await latestMessage(page, a.email);
  expect(mail).toContain("About your Ridgeline Credit application");
  expect(mail).toContain("Your income is below our minimum of $1,000 a month.");
  expect(mail).toContain("The federal Equal Credit Opportunity Act prohibits creditors from discriminating");
  expect(mail).toContain("1200 Ridgeline Parkway, Suite 400");
});

test("an existing customer's SSN sends the person to login", async ({ page, browser }) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  const again = await (await browser.newContext()).newPage();
  await gotoHydrated(again, "/apply/personal?start=1");
  await fillPersonal(again, a);
  await expect(again).toHaveURL(/\/login\?CalledFrom=ExistingCustomer$/);
});

test("refreshing or submitting banking again never makes a second application", async ({ page }) => {
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, applicant());
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await page.goto("/apply/banking");
  await expect(page).toHaveURL(/\/apply\/approved$/);
});

test("the step bar goes back, keeps values, and later steps must be redone", async ({ page }) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await fillPersonal(page, a);
  await fillAddress(page, a);
  await fillIncome(page, a);
  await expect(page).toHaveURL(/\/apply\/payfrequency$/);
  await page
    .getByRole("navigation", { name: "Application steps" })
    .getByRole("button", { name: /ADDRESS/ })
    .click();
  await expect(page).toHaveURL(/\/apply\/address$/);
  await expect(page.getByLabel("City")).toHaveValue("Columbus");
  // Income was cleared with address: opening a later step sends the person back.
  await page.goto("/apply/payfrequency");
  await expect(page).toHaveURL(/\/apply\/address$/);
  await page
    .getByRole("navigation", { name: "Application steps" })
    .getByRole("button", { name: /PERSONAL/ })
    .click();
  await expect(page.getByLabel("First Name")).toHaveValue("Jordan");
});

test("opening a step before the earlier ones are complete redirects", async ({ page }) => {
  await page.goto("/apply/income");
  await expect(page).toHaveURL(/\/apply\/personal$/);
});

test("instant messages under each field, the step alert, masks and paste blocking", async ({ page }) => {
  await gotoHydrated(page, "/apply/personal?start=1");
  await page.getByLabel("First Name").focus();
  await page.getByLabel("Last Name").focus();
  await expect(page.locator("#firstName-error")).toHaveText("Please enter your first name");
  await page.getByLabel("Social Security Number").fill("900123456");
  await expect(page.getByLabel("Social Security Number")).toHaveValue("900-12-3456");
  await page.getByLabel("Email Address", { exact: true }).focus();
  await expect(page.locator("#ssn-error")).toHaveText("Please enter your 9-digit social security number");
  await page.getByLabel("Birthdate", { exact: true }).fill("01021899");
  await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue("01/02/1899");
  await page.getByLabel("First Name").fill("Jo3");
  await expect(page.getByLabel("First Name")).toHaveValue("Jo");
  const pasted = await page.getByLabel("Confirm Email Address").evaluate((input: HTMLInputElement) => {
    const event = new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
    input.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(pasted).toBe(true);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page.locator(".step-alert")).toHaveText("Please complete all sections");
  await expect(page.locator("#birthdate-error")).toHaveText("Year must be greater than or equal to 1900.");
  await expect(page).toHaveURL(/\/apply\/personal$/);
});

test("pay dates fill in from the last pay date, and a mismatch only warns", async ({ page }) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await fillPersonal(page, a);
  await fillAddress(page, a);
  await fillIncome(page, a);
  await expect(page).toHaveURL(/\/apply\/payfrequency$/);
  await page.getByLabel("Every 2 Weeks").check();
  await page.getByLabel("Last Pay Date", { exact: true }).fill(usDate(-3));
  await page.getByLabel("Last Pay Date", { exact: true }).blur();
  await expect(page.getByLabel("1st Upcoming Pay Date", { exact: true })).toHaveValue(usDate(11));
  await expect(page.getByLabel("2nd Upcoming Pay Date", { exact: true })).toHaveValue(usDate(25));
  await page.getByLabel("2nd Upcoming Pay Date", { exact: true }).fill(usDate(30));
  await page.getByLabel("2nd Upcoming Pay Date", { exact: true }).blur();
  await expect(
    page.getByText(
      "Your pay frequency and pay dates don't seem to match up. Please check to make sure they're correct.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page).toHaveURL(/\/apply\/banking$/);
  await expect(page.getByLabel("Electronic Funds Transfer (EFT)")).toBeChecked();
});

test("the calendar button opens an accessible date picker", async ({ page }) => {
  await gotoHydrated(page, "/apply/personal?start=1");
  await page.getByRole("button", { name: "Choose Birthdate from a calendar" }).click();
  const picker = page.getByRole("dialog", { name: "Choose Birthdate" });
  await expect(picker).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByRole("button", { name: "Choose Birthdate from a calendar" })).toBeFocused();
});

test("every step passes axe", async ({ page }) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  const check = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
  };
  await check();
  await fillPersonal(page, a);
  await check();
  await fillAddress(page, a);
  await check();
  await fillIncome(page, a);
  await check();
  await fillPayFrequency(page);
  await check();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole wizard works by plain form posts, with server-rendered messages", async ({ page }) => {
    await page.goto("/apply/personal?start=1");
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page.locator("#firstName-error")).toHaveText("Please enter your first name");
    await expect(page.locator(".step-alert")).toHaveText("Please complete all sections");
    await applyToTheEnd(page, applicant());
    await expect(page).toHaveURL(/\/apply\/approved$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("You're conditionally approved");
  });
});

test("the step bar names the step at 360 px, where it shows numbers alone (issue 33)", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const a = applicant();
  await page.goto("/apply/personal?start=1");
  await expect(page.getByText("Step 1 of 5 · Personal")).toBeVisible();
  await fillPersonal(page, a);
  await expect(page.getByText("Step 2 of 5 · Address")).toBeVisible();
  await fillAddress(page, a);
  await fillIncome(page, a);
  await expect(page.getByText("Step 4 of 5 · Pay Frequency")).toBeVisible();
  // Wide enough for the names in the bar: the line is not repeated under it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByText("Step 4 of 5 · Pay Frequency")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Application steps" })).toContainText("PAY FREQUENCY");
});
