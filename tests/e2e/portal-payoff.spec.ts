import { fixedPaymentMessages } from "#domain/catalogue/account";
import { PAYMENT_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import { problemsAtWidths } from "./fixtures/fit";
import { gotoHydrated } from "./fixtures/hydrated";
import { expectAccessible, freshBorrower, logIn, noScriptPortal } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * The payments page's minimum-payment warning (issue 35; 0-decisions.md, "Notices and records the
 * law requires"): the latest statement's payoff figure paying only the minimum, beside the same for
 * a fixed payment the borrower enters, and a chart of both, with JavaScript on and off, at 360 px.
 */
const MINIMUM_SENTENCE =
  /^If you make only the minimum payment each period, you will pay off the balance shown on your statement in about (\d+ years?)?( and )?(\d+ months?)? and pay an estimated total of \$[\d,]+\.\d\d in carried balance fees\.$/;

const warning = (page: Page) => page.getByRole("region", { name: "Minimum Payment Warning" });
const field = (page: Page) => page.getByLabel("Try a fixed payment each period");
const show = (page: Page) => page.getByRole("button", { name: "SHOW ESTIMATE" });

async function seesTheChosenAmount(page: Page) {
  await expect(page).toHaveURL(/[?&]payment=100(\.00)?$/);
  await expect(page.getByTestId("payoff-fixed")).toHaveText(
    /^If you pay \$100\.00 each period, you will pay off the balance shown on your statement in about .+ and pay an estimated total of \$[\d,]+\.\d\d in carried balance fees\.$/,
  );
  // Still the minimum's figure beside it, and both lines in the chart, told apart by more than colour.
  await expect(page.getByTestId("payoff-minimum")).toHaveText(MINIMUM_SENTENCE);
  const chart = warning(page).getByRole("img");
  await expect(chart).toHaveAccessibleName(/Paying only the minimum: .* Paying \$100\.00: the balance falls from/);
  await expect(warning(page).locator("path.payoff-line-minimum")).toHaveAttribute("d", /^M[\d.,]+L/);
  await expect(warning(page).locator("path.payoff-line-fixed")).toHaveAttribute("d", /^M[\d.,]+L/);
  await expect(warning(page).getByText("Paying $100.00 each period (dashed line)")).toBeVisible();
  await warning(page).getByText("The chart's figures as a table").click();
  await expect(warning(page).getByRole("columnheader", { name: "Paying $100.00" })).toBeVisible();
  await expect(warning(page).getByRole("rowheader", { name: "Your statement" })).toBeVisible();
}

test("the warning, a chosen amount's figure and the chart, with JavaScript; the field speaks as it is left", async ({
  page,
}) => {
  const b = await freshBorrower(page.request, "owing");
  await logIn(page, b.email, b.password);
  await gotoHydrated(page, "/payments");
  await expect(page.getByTestId("payoff-minimum")).toHaveText(MINIMUM_SENTENCE);
  await expect(warning(page).locator("path.payoff-line-fixed")).toHaveCount(0);

  await field(page).fill("5");
  await field(page).blur();
  await expect(page.locator("#payment-error")).toHaveText(fixedPaymentMessages.minimum);
  await expect(page).toHaveURL(/\/payments$/);
  await field(page).fill("1e3");
  await expect(page.locator("#payment-error")).toHaveText(PAYMENT_NOT_AN_AMOUNT);
  await show(page).click();
  await expect(field(page)).toBeFocused();
  await expect(page).toHaveURL(/\/payments$/);

  await field(page).fill("100");
  await expect(page.locator("#payment-error")).toHaveText("");
  await show(page).click();
  await seesTheChosenAmount(page);
  await expectAccessible(page);
  expect(await problemsAtWidths(page, "payments with the payoff chart", [360])).toEqual([]);
});

test.describe("without JavaScript", () => {
  test("the GET form shows the chosen amount's figure and chart; the server refuses bad amounts with the same messages", async ({
    page,
  }) => {
    const p = await noScriptPortal(page, await freshBorrower(page.request, "owing"), "/payments");
    await expect(p.getByTestId("payoff-minimum")).toHaveText(MINIMUM_SENTENCE);
    await field(p).fill("5");
    await show(p).click();
    await expect(p.locator("#payment-error")).toHaveText(fixedPaymentMessages.minimum);
    await expect(p.getByTestId("payoff-minimum")).toHaveText(MINIMUM_SENTENCE);
    // Above the statement's balance: only the platform knows that balance before its first answer.
    await field(p).fill("999999");
    await show(p).click();
    await expect(p.locator("#payment-error")).toHaveText(
      /^The fixed payment cannot be more than your statement balance of \$/,
    );
    await field(p).fill("100");
    await show(p).click();
    await seesTheChosenAmount(p);
    // axe needs the page's scripts: the test with JavaScript checks the same server-rendered section.
    // 360 px with no sideways scroll (the fit helper waits on animation frames, which need scripts).
    await p.setViewportSize({ width: 360, height: 800 });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await p.context().close();
  });
});
