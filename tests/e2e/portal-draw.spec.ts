import { drawFundingDate } from "#domain/calendar";
import { formatDate } from "#domain/format";
import { gotoHydrated } from "./fixtures/hydrated";
import { demo, expectAccessible, freshBorrower, logIn, logInFresh } from "./fixtures/portal";
import { expect, type Locator, type Page, test } from "./fixtures/test";

/**
 * Request a Cash Advance (/draw, spec file 3 sections 2, 4, 5, 8): every test
 * that draws uses a fresh borrower of its own (a copy of a demo borrower).
 */
const MINIMUM = "The minimum draw is $100.";
const INCREMENT = "Draws must be in $25 increments.";
const MAXIMUM = "Your draw amount cannot exceed your available credit.";
const THANKS = "Thank you! Your draw request was received.";

const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
const amountField = (page: Page) => page.getByLabel("Amount ($)");
const slider = (page: Page) => page.getByRole("slider", { name: "Draw amount" });

async function figure(page: Page, name: "balance" | "available"): Promise<number> {
  return money(await page.locator(`.draw-summary [data-figure=${name}]`).innerText());
}

/** Draw rows of the transactions table: one "Cash Advance" row per draw, its fee and deposit as the row's detail. */
async function cashAdvanceRows(page: Page): Promise<number> {
  await gotoHydrated(page, "/transactions?show=draws");
  return page.getByRole("table", { name: "Draws" }).locator("tbody tr").filter({ hasText: "Cash Advance" }).count();
}

async function review(page: Page, dollars: string) {
  await amountField(page).fill(dollars);
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeVisible();
}

test("a fresh borrower draws once with a double click; the ledger shows it and the balance rises by the draw", async ({
  page,
}) => {
  await logInFresh(page, "current");
  const draws = await cashAdvanceRows(page);
  await gotoHydrated(page, "/draw");
  await expectAccessible(page);
  const balance = await figure(page, "balance");
  const available = await figure(page, "available");

  await review(page, "125");
  await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeFocused();
  const figures = page.locator(".draw-review .figures");
  await expect(figures.getByRole("definition")).toHaveText(["$125.00", "$6.25", "$118.75"]);
  await expect(figures.getByRole("term")).toHaveText([
    "Total Draw Amount",
    "Cash Advance Fee",
    "Amount You Will Receive",
  ]);
  await expectAccessible(page);

  const before = formatDate(drawFundingDate(new Date()));
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).dblclick();
  const thanks = page.getByRole("heading", { name: THANKS });
  await expect(thanks).toBeFocused();
  const after = formatDate(drawFundingDate(new Date()));
  // The funding date of 0-decisions.md (cut-off 7:45 p.m. Eastern, Fridays, weekends, holidays), with the cut-off stated.
  const funding = await page.locator(".draw-funding strong").innerText();
  expect([before, after]).toContain(funding);
  await expect(page.locator(".draw-thanks")).toContainText("before 7:45 p.m. Eastern on a banking business day");
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectAccessible(page);

  // The summary beside the thank-you is reloaded: balance up by the draw, available down by it.
  await expect.poll(() => figure(page, "balance")).toBe(balance + 12_500);
  expect(await figure(page, "available")).toBe(available - 12_500);
  const confirmation = (await page.locator(".draw-thanks").innerText()).match(/Confirmation number: (\d+)/)![1]!;

  expect(await cashAdvanceRows(page)).toBe(draws + 1);
  // One row for the full draw, its Trans. ID the confirmation number, its fee and deposit as detail.
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: confirmation, exact: true }) });
  await expect(row).toContainText("Cash Advance");
  await expect(row).toContainText("$125.00");
  await expect(row).toContainText("Fee $6.25, $118.75 deposited");
});

test("a retried review form (refresh, second tab) posts the draw once", async ({ page, baseURL }) => {
  await logInFresh(page, "current");
  const draws = await cashAdvanceRows(page);
  await gotoHydrated(page, "/draw");
  await review(page, "100");
  const key = await page.locator("input[name=key]").inputValue();
  const post = () =>
    page.request.post("/draw", { form: { amount: "100", key, intent: "submit" }, headers: { Origin: baseURL! } });
  // Two at once (the second waits for the first's answer), then a third later: each gets the thank-you.
  const answers = [...(await Promise.all([post(), post()])), await post()];
  for (const answer of answers) {
    expect(answer.status()).toBe(200);
    expect(await answer.text()).toContain(THANKS);
  }
  expect(await cashAdvanceRows(page)).toBe(draws + 1);
});

const dollarsOf = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("two tabs: the largest draw reviewed, a draw in the other tab, SUBMIT: nothing drawn, the review again at the largest draw now allowed; SUBMIT again draws it", async ({
  page,
  context,
}) => {
  await logInFresh(page, "current");
  const draws = await cashAdvanceRows(page);
  await gotoHydrated(page, "/draw");
  const available = await figure(page, "available");
  const largest = Math.floor(available / 2_500) * 2_500;
  await review(page, String(largest / 100));
  const firstKey = await page.locator("input[name=key]").inputValue();

  const other = await context.newPage();
  await gotoHydrated(other, "/draw");
  await review(other, "100");
  await other.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(other.getByRole("heading", { name: THANKS })).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  const now = Math.floor((available - 10_000) / 2_500) * 2_500;
  await expect(page.locator(".draw-changed")).toHaveText(
    `Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is ${dollarsOf(now)}. Please check the draw below and submit it again.`,
  );
  await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeFocused();
  await expect(page.locator(".draw-review .figures dd").first()).toHaveText(dollarsOf(now));
  await expect(page.locator("input[name=key]")).not.toHaveValue(firstKey);
  await expect.poll(() => figure(page, "available")).toBe(available - 10_000);
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.getByRole("heading", { name: THANKS })).toBeVisible();
  await expect(page.locator(".draw-thanks .figures dd").first()).toHaveText(dollarsOf(now));
  expect(await cashAdvanceRows(page)).toBe(draws + 2);
});

test("two tabs: draws blocked since the review (the other tab drew the rest): nothing drawn, the amount view with the reason", async ({
  page,
  context,
}) => {
  await logInFresh(page, "current");
  const draws = await cashAdvanceRows(page);
  await gotoHydrated(page, "/draw");
  await review(page, "100");
  const other = await context.newPage();
  await gotoHydrated(other, "/draw");
  await slider(other).focus();
  await other.keyboard.press("End");
  await other.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await other.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(other.getByRole("heading", { name: THANKS })).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.locator("#amount-error")).toHaveText(
    "Nothing was drawn, because your account changed since you reviewed this draw.",
  );
  await expect(page.locator(".draw-block")).toHaveText(
    "You do not have enough available credit at this time to make a draw. You'll be able to draw again once you have enough available credit for the minimum draw.",
  );
  // The SUBMIT button is gone and the form disabled: the reason takes focus, so a keyboard goes on from it.
  await expect(page.locator(".draw-block-banner")).toBeFocused();
  await expectBlocked(page);
  expect(await cashAdvanceRows(page)).toBe(draws + 1);
});

test("Edit returns to the amount, keeping it; CANCEL REQUEST returns with the minimum", async ({ page }) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/draw");
  await review(page, "150");
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(amountField(page)).toHaveValue("150");
  await expect(slider(page)).toHaveValue("150");
  await review(page, "175");
  await expect(page.locator(".draw-review .figures")).toContainText("$175.00");
  await page.getByRole("button", { name: "CANCEL REQUEST" }).click();
  await expect(amountField(page)).toHaveValue("100");
  await expect(slider(page)).toHaveValue("100");
});

test("the amount messages appear as the borrower types, and REVIEW REQUEST stays on the amount", async ({ page }) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/draw");
  const error = page.locator("#amount-error");
  await amountField(page).fill("90");
  await expect(error).toHaveText(MINIMUM);
  await amountField(page).fill("110");
  await expect(error).toHaveText(INCREMENT);
  await amountField(page).fill("100000");
  await expect(error).toHaveText(MAXIMUM);
  await expect(amountField(page)).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(amountField(page)).toBeFocused();
  await expect(page.getByRole("alert")).toHaveText(MAXIMUM);
  await amountField(page).fill("125");
  await expect(error).toHaveText("");
  await expect(page.locator("#draw-fee")).toContainText("$6.25");
  await expect(page.locator("#draw-fee")).toContainText("$118.75");
});

test("the slider moves in $25 steps by keyboard and tops out at available credit rounded down to $25", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/draw");
  const top = Math.floor((await figure(page, "available")) / 2_500) * 25;
  await slider(page).focus();
  await page.keyboard.press("ArrowRight");
  await expect(amountField(page)).toHaveValue("125");
  await page.keyboard.press("ArrowRight");
  await expect(amountField(page)).toHaveValue("150");
  await page.keyboard.press("ArrowLeft");
  await expect(amountField(page)).toHaveValue("125");
  await page.keyboard.press("End");
  await expect(amountField(page)).toHaveValue(String(top));
  await expect(slider(page)).toHaveAttribute("aria-valuetext", `$${top.toLocaleString("en-US")}`);
  await page.keyboard.press("ArrowRight");
  await expect(amountField(page)).toHaveValue(String(top));
  await page.keyboard.press("Home");
  await expect(amountField(page)).toHaveValue("100");
  // Typing moves the slider to the nearest $25 step.
  await amountField(page).fill("240");
  await expect(slider(page)).toHaveValue("250");
});

test("a borrower who draws down below the minimum is told there is not enough available credit", async ({ page }) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/draw");
  await slider(page).focus();
  await page.keyboard.press("End");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.getByRole("heading", { name: THANKS })).toBeVisible();
  await gotoHydrated(page, "/draw");
  expect(await figure(page, "available")).toBeLessThan(10_000);
  await expect(page.getByRole("alert")).toHaveText(
    "You do not have enough available credit at this time to make a draw. You'll be able to draw again once you have enough available credit for the minimum draw.",
  );
  await expectBlocked(page);
});

async function expectBlocked(page: Page) {
  await expect(slider(page)).toBeDisabled();
  await expect(amountField(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "REVIEW REQUEST" })).toBeDisabled();
  // No fee for a draw that cannot be made: a figure for it would say something that is not so.
  await expect(page.locator("#draw-fee")).toHaveCount(0);
  await expect(page.getByText(/you will receive/)).toHaveCount(0);
}

test("past-due and charged-off borrowers cannot draw", async ({ page, browser }) => {
  await logInFresh(page, "pastDue");
  await gotoHydrated(page, "/draw");
  await expect(page.locator(".draw-block")).toHaveText(
    "Your ability to draw funds is temporarily suspended because your account is past due. Please make a payment to bring your account up to date.",
  );
  await expectBlocked(page);
  await expectAccessible(page);

  const other = await (await browser.newContext()).newPage();
  await logInFresh(other, "chargedOff");
  await gotoHydrated(other, "/draw");
  await expect(other.locator(".draw-block")).toHaveText(
    "Your account has been closed due to lack of payment. You can no longer draw funds from this account.",
  );
  await expectBlocked(other);
  await other.context().close();
});

/**
 * Washington (issue 33): the spec's "unavailble" is corrected on purpose, and
 * the banner and the popup say whom to call, with customer service's hours.
 */
const STATE_BLOCK = "Draws are unavailable in your state.";
const CALL_US =
  "Questions? Call Customer Service at 1.800.555.0142 (Monday - Thursday, 8 a.m. - 9 p.m. ET; Friday, 8 a.m. - 8 p.m. ET; Saturday - Sunday, 8 a.m. - 5 p.m. ET).";

async function expectWhomToCall(where: Locator) {
  await expect(where.getByText(CALL_US)).toBeVisible();
  await expect(where.getByRole("link", { name: "1.800.555.0142" })).toHaveAttribute("href", "tel:+18005550142");
  await expect(where).not.toContainText("unavailble");
}

test("Washington: the Draw Unavailable popup opens on /draw and from the navigation, and closes by keyboard", async ({
  page,
}) => {
  await logIn(page, demo.washington);
  await gotoHydrated(page, "/draw");
  const popup = page.getByRole("dialog", { name: "Draw Unavailable" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(STATE_BLOCK);
  await expectWhomToCall(popup);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expectBlocked(page);
  await expect(page.locator(".draw-block")).toHaveText(STATE_BLOCK);
  await expectWhomToCall(page.locator(".draw-block-banner"));

  // The navigation's draw link opens it again in place; its close button works from the keyboard.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Request a Draw" }).focus();
  await page.keyboard.press("Enter");
  await expect(popup).toBeVisible();
  await expect(page).toHaveURL(/\/draw$/);
  await popup.getByRole("button", { name: "Close" }).focus();
  await page.keyboard.press("Enter");
  await expect(popup).toBeHidden();
  await expect(
    page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Request a Draw" }),
  ).toBeFocused();

  // Every other portal page's navigation opens the popup in place too.
  for (const path of ["/account", "/transactions", "/documents", "/payments", "/preferences"]) {
    await gotoHydrated(page, path);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Request a Draw" }).click();
    await expect(popup, path).toBeVisible();
    await expect(popup).toContainText(STATE_BLOCK);
    await expectWhomToCall(popup);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
  }
});

test("a borrower who may draw follows the navigation's draw link to /draw, with no popup", async ({ page }) => {
  await logIn(page, demo.current);
  await gotoHydrated(page, "/transactions");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Request a Draw" }).click();
  await expect(page).toHaveURL(/\/draw$/);
  await expect(page.getByRole("dialog", { name: "Draw Unavailable" })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  async function logInPlain(page: Page, email: string, password: string) {
    await page.goto("/login");
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "LOG IN", exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
  }

  test("the server renders the messages, then amount, review and submit are plain form posts", async ({ page }) => {
    const b = await freshBorrower(page.request, "current");
    await logInPlain(page, b.email, b.password);
    await page.goto("/draw");
    await expect(slider(page)).toBeHidden();
    for (const [typed, message] of [
      ["90", MINIMUM],
      ["110", INCREMENT],
      ["100000", MAXIMUM],
    ] as const) {
      await amountField(page).fill(typed);
      await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
      await expect(page.getByRole("alert")).toHaveText(message);
      await expect(amountField(page)).toHaveValue(typed);
    }
    await amountField(page).fill("150");
    await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(amountField(page)).toHaveValue("150");
    await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
    await expect(page.locator(".draw-review .figures")).toContainText("$142.50");
    await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
    await expect(page.getByRole("heading", { name: THANKS })).toBeVisible();
    await expect(page.locator(".draw-funding")).toContainText(/expected in your bank account on \w+\.? \d{1,2}, \d{4}/);
    expect(await cashAdvanceRowsPlain(page)).toBe(1);
  });

  async function cashAdvanceRowsPlain(page: Page): Promise<number> {
    await page.goto("/transactions?show=draws");
    return page
      .getByRole("row")
      .filter({ hasText: "Fee $7.50, $142.50 deposited" })
      .filter({ hasText: "$150.00" })
      .count();
  }

  test("Washington: the message is on the page, no popup", async ({ page }) => {
    await logInPlain(page, demo.washington, "Demo!pass1");
    await page.goto("/draw");
    await expect(page.locator(".draw-block")).toHaveText(STATE_BLOCK);
    await expectWhomToCall(page.locator(".draw-block-banner"));
    await expect(page.getByRole("dialog", { name: "Draw Unavailable" })).toBeHidden();
    await expect(amountField(page)).toBeDisabled();
  });
});
