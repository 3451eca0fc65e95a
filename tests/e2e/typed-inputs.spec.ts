import { TWICE_MONTHLY_DATES } from "#domain/application/schemas/payfrequency";
import { DRAW_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import { type Applicant, applicant, fillAddress, fillIncome, fillPersonal, usDate } from "./fixtures/applicant";
import { gotoHydrated } from "./fixtures/hydrated";
import { logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * Every field that takes typed text, in the forms people type it (decision
 * "inputs accepted as people type them", issue 15): phones with dashes,
 * dots, spaces, parentheses and +1; money with $ and commas; dates with
 * slashes. With JavaScript the box shows the value it will send, never a
 * different one; without it the server reads the same forms. What is not a
 * value (-500, 1e3, 02/30/2000) gets the field's message and is never
 * turned into another value.
 */

const TAKE_HOME = "Please enter the dollar amount of your take-home pay";
const BIRTHDATE = "Please enter your birthdate. You must be at least 18 to apply.";

/** Types key by key (the mask runs after each), then leaves the field. */
async function typeAndLeave(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.fill("");
  await box.pressSequentially(text);
  await box.blur();
  return box;
}

/** Pastes the whole text at once (one input event), then leaves the field. */
async function pasteAndLeave(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.focus();
  await box.fill("");
  await page.evaluate((t) => document.execCommand("insertText", false, t), text);
  await box.blur();
  return box;
}

async function toAddress(page: Page, a: Applicant = applicant()) {
  await gotoHydrated(page, "/apply/personal?start=1");
  await fillPersonal(page, a);
  await expect(page).toHaveURL(/\/apply\/address$/);
  return a;
}

test.describe("with JavaScript", () => {
  test("birthdate: 1/5/1990 typed with slashes stays that date; 02/30/2000 is cleared with the field's message", async ({
    page,
  }) => {
    await gotoHydrated(page, "/apply/personal?start=1");
    const box = await typeAndLeave(page, "Birthdate", "1/5/1990");
    await expect(box).toHaveValue("01/05/1990");
    await expect(page.locator("#birthdate-error")).toHaveText("");
    await typeAndLeave(page, "Birthdate", "02/30/2000");
    await expect(box).toHaveValue("");
    await expect(page.locator("#birthdate-error")).toHaveText(BIRTHDATE);
    await typeAndLeave(page, "Birthdate", "05171990");
    await expect(box).toHaveValue("05/17/1990");
  });

  test("phones typed or pasted in every usual form become the same number (main and cell)", async ({ page }) => {
    await toAddress(page);
    for (const [how, text] of [
      ["typed", "1-512-555-0100"],
      ["typed", "(512) 555-0100"],
      ["typed", "512.555.0100"],
      ["pasted", "+1 512 555 0100"],
      ["pasted", "+1 (512) 555-0100"],
      ["pasted", "512 555 0100"],
    ] as const) {
      const box =
        how === "typed" ? await typeAndLeave(page, "Main Phone", text) : await pasteAndLeave(page, "Main Phone", text);
      await expect(box, `${how} ${text}`).toHaveValue("512-555-0100");
      await expect(page.locator("#mainPhone-error")).toHaveText("");
    }
    await page.getByLabel("This is my cell phone").uncheck();
    await expect(await pasteAndLeave(page, "Cell Phone (optional)", "+1 614 555 0123")).toHaveValue("614-555-0123");
    await expect(await typeAndLeave(page, "Main Phone", "512-555-010")).toHaveValue("512-555-010");
    await expect(page.locator("#mainPhone-error")).toHaveText("Please enter your 10-digit main phone number");
  });

  test("take-home pay keeps what was pasted: $12,345.67 is 12345.67; -500 and 1e3 are refused with the field's message, unchanged", async ({
    page,
  }) => {
    const a = await toAddress(page);
    await fillAddress(page, a);
    await expect(page).toHaveURL(/\/apply\/income$/);
    await page.getByLabel("Main Income Source").selectOption("P");
    await expect(await pasteAndLeave(page, "Take-Home Pay per Paycheck ($)", "$12,345.67")).toHaveValue("12345.67");
    await expect(page.locator("#takeHomePay-error")).toHaveText("");
    for (const bad of ["-500", "1e3", "12.345", "12,34"]) {
      await expect(await pasteAndLeave(page, "Take-Home Pay per Paycheck ($)", bad), bad).toHaveValue(bad);
      await expect(page.locator("#takeHomePay-error"), bad).toHaveText(TAKE_HOME);
    }
    await expect(await typeAndLeave(page, "Take-Home Pay per Paycheck ($)", "$2,000")).toHaveValue("2000.00");
    await expect(await pasteAndLeave(page, "Work Phone", "+1 (614) 555-0199 ext 12")).toHaveValue("614-555-0199x12");
    await expect(page.locator("#workPhone-error")).toHaveText("");
  });

  test("pay frequency: pictures for the four choices, Twice Monthly clears monthly dates and says so, the calendar reaches about 10 days back", async ({
    page,
  }) => {
    const a = await toAddress(page);
    await fillAddress(page, a);
    await fillIncome(page, a);
    await expect(page).toHaveURL(/\/apply\/payfrequency$/);
    const pictures = page.locator(".pay-options svg[role=img]");
    await expect(pictures).toHaveCount(4);
    for (const picture of await pictures.all()) await expect(picture).toHaveAttribute("aria-label", /^Calendar: /);
    await page.getByLabel("Monthly", { exact: true }).check();
    await typeAndLeave(page, "Last Pay Date", usDate(-3));
    await expect(page.getByLabel("1st Upcoming Pay Date", { exact: true })).not.toHaveValue("");
    await page.getByLabel("Twice Monthly").check();
    await expect(page.getByLabel("1st Upcoming Pay Date", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("2nd Upcoming Pay Date", { exact: true })).toHaveValue("");
    await expect(page.getByRole("status").filter({ hasText: TWICE_MONTHLY_DATES })).toBeVisible();
    // The four pictures and the sample check fit a 360 px phone (nothing wider than the page).
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const check = await page.locator(".sample-check svg").boundingBox();
    expect(check!.x + check!.width).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The Last Pay Date calendar: 10 days back can be picked, 45 cannot.
    await page.getByRole("button", { name: "Choose Last Pay Date from a calendar" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const min = await page.evaluate(() => document.querySelector(".date-picker")?.getAttribute("data-min") ?? null);
    if (min) expect(min >= new Date(Date.now() - 11 * 86_400_000).toISOString().slice(0, 10)).toBe(true);
  });

  test("the Apply Now campaign outlives page views: /?utm_campaign=XYZ, then FAQs, then Apply Now carries it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/?utm_campaign=XYZ");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: /apply now/i })
        .first(),
    ).toHaveAttribute("href", /utm_campaign=XYZ/);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /apply now/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/apply\/personal\?utm_campaign=XYZ$/);
    // A page load of its own (a new address typed in the same tab) keeps it too.
    await gotoHydrated(page, "/how-it-works");
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: /apply now/i })
        .first(),
    ).toHaveAttribute("href", /utm_campaign=XYZ/);
  });

  test("portal draw: $1,000 is read as $1,000; 1e3 and -500 say they are not amounts; 99999999 is not 'the minimum'", async ({
    page,
  }) => {
    await logInFresh(page, "current");
    await gotoHydrated(page, "/draw");
    const box = page.getByLabel("Amount ($)");
    await expect(box).toHaveAttribute("inputmode", "decimal");
    // 16 px or more: iOS does not zoom into the field.
    expect(parseFloat(await box.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
    for (const bad of ["1e3", "-500", "12.345"]) {
      await box.fill(bad);
      await expect(page.locator("#amount-error"), bad).toHaveText(DRAW_NOT_AN_AMOUNT);
      await expect(box).toHaveValue(bad);
    }
    await box.fill("99999999");
    await expect(page.locator("#amount-error")).not.toHaveText("The minimum draw is $100.");
    await box.fill("$100.00");
    await expect(page.locator("#amount-error")).toHaveText("");
    await expect(page.locator("#draw-fee")).toContainText("you will receive $95.00");
  });

  test("e-sign first draw: 150.00 is $150 (fee $7.50), -500 says it is not an amount; the field has the site's input styling", async ({
    page,
  }) => {
    await logInFresh(page, "esign");
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    await expect(page).toHaveURL(/\/esign\/consent$/);
    await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
    const box = page.getByLabel("Draw amount ($)");
    await expect(box).toHaveAttribute("type", "text");
    await expect(box).toHaveAttribute("inputmode", "decimal");
    // 16 px or more: iOS does not zoom into the field.
    expect(parseFloat(await box.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
    await box.fill("150.00");
    await expect(page.getByText("Cash advance fee: $7.50; you receive $142.50.")).toBeVisible();
    await box.fill("$1,50");
    await expect(page.locator("#drawAmount-error")).toHaveText(DRAW_NOT_AN_AMOUNT);
    await box.fill("-500");
    await expect(box).toHaveValue("-500");
    await expect(page.locator("#drawAmount-error")).toHaveText(DRAW_NOT_AN_AMOUNT);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an application with names, phones, money and dates as people type them reaches a decision", async ({
    page,
  }) => {
    const a = applicant();
    const email = `jordan.${a.ssn}@example.com`;
    await page.goto("/apply/personal?start=1");
    // No mask runs: the server reads the accent, the phone's apostrophe, a dashed date and nine bare digits.
    await page.getByLabel("First Name").fill("José");
    await page.getByLabel("Last Name").fill("O\u2019Brien");
    await page.getByLabel("Birthdate", { exact: true }).fill("5-17-1990");
    await page.getByLabel("Social Security Number").fill(a.ssn);
    await page.getByLabel("Email Address", { exact: true }).fill(email);
    await page.getByLabel("Confirm Email Address").fill(email);
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page).toHaveURL(/\/apply\/address$/);
    await page.getByLabel("Street Address").fill("12 Elm Street");
    await page.getByLabel("City").fill("Columbus");
    await page.getByLabel("State").selectOption("OH");
    await page.getByLabel("Zip Code").fill("43004");
    // Issue 33: a +1 phone used to pass this step and then fail the decision ("an error occurred") every time.
    await page.getByLabel("Main Phone").fill("+1 (512) 555-0142");
    await page.getByLabel("This is my cell phone").uncheck();
    await page.getByLabel("Cell Phone (optional)").fill("1-614-555-0123");
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page).toHaveURL(/\/apply\/income$/);
    await page.getByLabel("Main Income Source").selectOption("P");
    await page.getByLabel("Employer Name").fill("Acme Tools");
    await page.getByLabel("Work Phone").fill("+1 937.555.0123 x12");
    await page.getByLabel("Take-Home Pay per Paycheck ($)").fill("1e3");
    await page.getByLabel("Direct Deposit", { exact: true }).check();
    await page.getByRole("button", { name: "CONTINUE" }).click();
    // Refused with the field's message, kept as typed: never read as 13 or 1000.
    await expect(page.locator("#takeHomePay-error")).toHaveText(TAKE_HOME);
    await expect(page.getByLabel("Take-Home Pay per Paycheck ($)")).toHaveValue("1e3");
    await page.getByLabel("Take-Home Pay per Paycheck ($)").fill("$2,000");
    await page.getByLabel("Direct Deposit", { exact: true }).check();
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page).toHaveURL(/\/apply\/payfrequency$/);
    await page.getByLabel("Every 2 Weeks").check();
    await page.getByLabel("Last Pay Date", { exact: true }).fill(usDate(-3).replace(/^0/, "").replace(/\/0/, "/"));
    await page.getByLabel("1st Upcoming Pay Date", { exact: true }).fill("02/30/2000");
    await page.getByLabel("2nd Upcoming Pay Date", { exact: true }).fill(usDate(25));
    await page.getByRole("button", { name: "CONTINUE" }).click();
    // An impossible date is cleared, with the field's own message.
    await expect(page.getByLabel("1st Upcoming Pay Date", { exact: true })).toHaveValue("");
    await expect(page.locator("#firstPayDate-error")).toHaveText("Please enter your 1st upcoming pay date");
    await page.getByLabel("Every 2 Weeks").check();
    await page.getByLabel("1st Upcoming Pay Date", { exact: true }).fill(usDate(11));
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page).toHaveURL(/\/apply\/banking$/);
    // Grouped as printed on a check: the server reads the digits, as the mask would.
    await page.getByLabel("ABA Routing Number").fill("021 000 021");
    await expect(page.getByLabel("ABA Routing Number")).toHaveValue("021 000 021");
    await page.getByLabel("Bank Account Number").fill("1234-56789");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await expect(page).toHaveURL(/\/apply\/approved$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("José");
  });

  test("birthdate 02/30/2000 is cleared with the field's message", async ({ page }) => {
    await page.goto("/apply/personal?start=1");
    await page.getByLabel("Birthdate", { exact: true }).fill("02/30/2000");
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await expect(page.getByLabel("Birthdate", { exact: true })).toHaveValue("");
    await expect(page.locator("#birthdate-error")).toHaveText(BIRTHDATE);
  });

  test("portal draw: $1,000.00 goes to review; 1e3 says it is not an amount", async ({ page, browser }) => {
    // Signing in needs scripts-free forms too, but a hydrated login is quicker to reach here.
    const signedIn = await browser.newContext({ javaScriptEnabled: true });
    const scripted = await signedIn.newPage();
    await logInFresh(scripted, "current");
    await page.context().addCookies(await signedIn.cookies());
    await signedIn.close();
    await page.goto("/draw");
    await page.getByLabel("Amount ($)").fill("1e3");
    await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
    await expect(page.locator("#amount-error")).toHaveText(DRAW_NOT_AN_AMOUNT);
    await page.getByLabel("Amount ($)").fill("$100.00");
    await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
    await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeVisible();
  });

  test("e-sign first draw: 150.00 is stored as $150, -500 is refused with a message", async ({ page, browser }) => {
    const signedIn = await browser.newContext({ javaScriptEnabled: true });
    const scripted = await signedIn.newPage();
    await logInFresh(scripted, "esign");
    await page.context().addCookies(await signedIn.cookies());
    await signedIn.close();
    await page.goto("/esign/consent");
    await page.getByLabel("Draw amount ($)").fill("-500");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.locator("#drawAmount-error")).toHaveText(DRAW_NOT_AN_AMOUNT);
    await page.getByLabel("Draw amount ($)").fill("150.00");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.getByLabel("Draw amount ($)")).toHaveValue("150");
    await expect(page.getByText("Cash advance fee: $7.50; you receive $142.50.")).toBeVisible();
  });
});
