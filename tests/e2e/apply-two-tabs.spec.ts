import { RESTARTED_NOTICE } from "#domain/application/steps";
import { applicant, fillAddress, fillPersonal } from "./fixtures/applicant";
import { gotoHydrated } from "./fixtures/hydrated";
import { expect, type Page, test } from "./fixtures/test";

/**
 * Issue 33, item 7: Apply Now in a second tab while the first is on Income
 * used to wipe the application without a word; the first tab's CONTINUE then
 * landed on blank fields under "changed in another window". Apply Now now
 * asks first, and continuing keeps every answer. With JavaScript and without.
 */
const ASK = "You have an application in progress";

async function onIncome(page: Page) {
  const a = applicant();
  await page.goto("/apply/personal?start=1");
  await fillPersonal(page, a);
  await fillAddress(page, a);
  await expect(page).toHaveURL(/\/apply\/income$/);
  return a;
}

async function fillIncomeWithoutSubmit(page: Page) {
  await page.getByLabel("Main Income Source").selectOption("P");
  await page.getByLabel("Employer Name").fill("Acme Tools");
  await page.getByLabel("Work Phone").fill("614-555-0199");
  await page.getByLabel("Take-Home Pay per Paycheck ($)").fill("1500.00");
  await page.getByLabel("Direct Deposit", { exact: true }).check();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("Apply Now in a second tab asks first; continuing keeps the first tab's application", async ({ page }) => {
      await onIncome(page);
      await fillIncomeWithoutSubmit(page);
      const second = await page.context().newPage();
      await second.goto("/");
      await second
        .getByRole("link", { name: /apply now/i })
        .first()
        .click();
      await expect(second.getByRole("heading", { level: 1 })).toHaveText(ASK);
      await expect(second.getByText("You've finished Personal and Address (2 of 5 steps).")).toBeVisible();
      await second.getByRole("link", { name: /CONTINUE MY APPLICATION/ }).click();
      await expect(second).toHaveURL(/\/apply\/income$/);
      // Nothing was cleared: the first tab's CONTINUE goes on with what it typed.
      await page.getByRole("button", { name: "CONTINUE" }).click();
      await expect(page).toHaveURL(/\/apply\/payfrequency$/);
      await page.goto("/apply/personal");
      await expect(page.getByLabel("First Name")).toHaveValue("Jordan");
    });

    test("starting a new application is a choice, and the old tab says what happened", async ({ page }) => {
      await onIncome(page);
      await fillIncomeWithoutSubmit(page);
      const second = await page.context().newPage();
      await second.goto("/apply/personal?start=1");
      await expect(second.getByRole("heading", { level: 1 })).toHaveText(ASK);
      await second.getByRole("button", { name: "START A NEW APPLICATION" }).click();
      await expect(second).toHaveURL(/\/apply\/personal$/);
      await expect(second.getByLabel("First Name")).toHaveValue("");
      // The first tab's post is refused with the true reason, not "changed" over blank fields.
      await page.getByRole("button", { name: "CONTINUE" }).click();
      await expect(page).toHaveURL(/\/apply\/personal\?restarted$/);
      await expect(page.getByRole("status")).toHaveText(RESTARTED_NOTICE);
      // A fresh visitor, with nothing under way, is never asked.
      await second.goto("/apply/personal?start=1");
      await expect(second).toHaveURL(/\/apply\/personal$/);
    });
  });
}

test("the question fits a phone and keeps the campaign", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await onIncome(page);
  await gotoHydrated(page, "/apply/personal?start=1&utm_campaign=spring");
  await expect(page).toHaveURL(/\/apply\/start\?utm_campaign=spring$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("button", { name: "START A NEW APPLICATION" }).click();
  await expect(page).toHaveURL(/\/apply\/personal\?utm_campaign=spring$/);
});
