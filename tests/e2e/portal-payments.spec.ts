import { achEffectiveDate, addDays, dayOfWeek, fedHolidays, isBusinessDay } from "#domain/calendar";
import { formatDate } from "#domain/format";
import { PAYMENT_NOT_AN_AMOUNT } from "#domain/rules/money-input";
import { isoFromLongDate } from "../journey-e2e/fixtures/money";
import { gotoHydrated } from "./fixtures/hydrated";
import {
  calendar,
  centsOf,
  dateField,
  drawThroughPortal,
  money,
  otherAmount,
  paymentsInProcess,
  pickFirstDay,
  radio,
  reachReview,
  reviewPayOff,
  stepContinue,
  submitOnce,
  us,
} from "./fixtures/payments";
import {
  expectAccessible,
  type FreshBorrower,
  freshBorrower,
  logIn,
  logInFresh,
  noScriptPortal,
} from "./fixtures/portal";
import { expect, type Locator, type Page, test } from "./fixtures/test";

/** Make a One-Time Payment (spec file 3, sections 2, 4, 5, 8; 0-decisions.md). Every test that schedules uses a fresh borrower. */

// Each test signs in, often draws first, then walks every step with axe checks: more than the default 30 s on a shared 2-core machine.
test.describe.configure({ timeout: 90_000 });

const stepButton = (page: Page, title: string) => page.getByRole("button", { name: new RegExp(`^${title}`) });
const day = (page: Page, iso: string) => calendar(page).locator(`[data-date="${iso}"]`);
const stepCancel = (page: Page, step: "method" | "amount" | "date") =>
  page.locator(`#step-${step}`).getByRole("button", { name: "CANCEL" });

/** A fresh current borrower who owes something: it draws first. */
async function logInOwing(page: Page): Promise<FreshBorrower> {
  const borrower = await logInFresh(page, "current");
  await drawThroughPortal(page, "300");
  return borrower;
}

/** The effective date the platform gives today (the same rule, from the shared calendar). */
const effectiveDate = () => achEffectiveDate(new Date(), false);

test("a current borrower pays once, even when SUBMIT PAYMENT is double-clicked, and sees it in process", async ({
  page,
}) => {
  await logInOwing(page);
  const before = await paymentsInProcess(page);
  await gotoHydrated(page, "/payments");
  await expect(
    page.getByText(
      "On this page, you can opt to make one-time payments of $10 or more. These payments occur outside of your automatic EFT payments.",
    ),
  ).toBeVisible();
  // The partial account summary beside the form (spec file 3, section 2): the balance with the $300 draw, nothing in process yet.
  const summary = page.getByRole("region", { name: "Account Summary" });
  expect(centsOf(await summary.locator('[data-figure="balance"]').innerText())).toBeGreaterThanOrEqual(30_000);
  await expect(summary.locator('[data-figure="pending"]')).toHaveCount(0);
  await expect(summary.locator('[data-figure="past-due"]')).toHaveCount(0);
  // The amount step is open to begin with; the method step opens from its heading.
  await expect(stepButton(page, "Payment Amount")).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page);
  await stepButton(page, "Payment Method").click();
  await expect(page.locator("#step-method")).toContainText("EFT Checking Acct #6789");
  await expect(page.locator("#step-method")).toContainText(
    "To pay by debit card or to change your bank account, please call an Account Specialist at 1.800.555.0143.",
  );
  await expectAccessible(page);
  await stepContinue(page, "method").click();
  await expect(stepButton(page, "Payment Amount")).toHaveAttribute("aria-expanded", "true");
  const date = await reachReview(page, "23.45");
  await expect(page.locator(".payment-figures")).toContainText("EFT Checking Acct #6789");
  await expect(page.locator(".payment-figures")).toContainText(formatDate(date));
  await expect(page.locator(".payment-figures")).toContainText("$23.45");
  await expect(page.getByText("at least 3 days before the payment date")).toBeVisible();
  // No authorization for a current account.
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).dblclick();
  const thanks = page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" });
  await expect(thanks).toBeFocused();
  await expect(page.locator(".payment-thanks")).toContainText(formatDate(date));
  await expect(page.locator(".payment-thanks")).toContainText("$23.45");
  await expect(page.locator(".payment-thanks dd").last()).toHaveText(/^\d{9}$/);
  await expectAccessible(page);
  const after = await paymentsInProcess(page);
  expect(after).toHaveLength(before.length + 1);
  expect(after).toContain(`${formatDate(date)} · $23.45 · EFT Payment`);
  await gotoHydrated(page, "/payments");
  await expect(summary.locator('[data-figure="pending"]')).toHaveText("$23.45");
});

test("scheduled payments that cover the balance lock the payment on both pages, with the reason", async ({ page }) => {
  await logInOwing(page);
  await gotoHydrated(page, "/payments");
  // Pay Off Balance: whatever the copied history left owing, with the $300 draw.
  await reviewPayOff(page);
  await submitOnce(page);
  const reason =
    "Your scheduled payments already cover your account balance, so there is no payment to make at this time.";
  await gotoHydrated(page, "/payments");
  await expect(page.locator(".payment-banner")).toHaveText(reason);
  await expect(stepButton(page, "Payment Method")).toHaveAttribute("aria-disabled", "true");
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-disabled", "true");
  await gotoHydrated(page, "/account");
  await expect(page.getByRole("button", { name: "MAKE A PAYMENT" })).toBeDisabled();
  await expect(page.locator("#payment-lock")).toHaveText(reason);
});

test("the calendar disables weekends, holidays and days outside the window, and works by keyboard", async ({
  page,
}) => {
  await logInOwing(page);
  await gotoHydrated(page, "/payments");
  await radio(page, /^Other Amount/).check();
  await otherAmount(page).fill("15");
  await stepContinue(page, "amount").click();
  await expect(page.getByText("Select an available date on the calendar to schedule your payment.")).toBeVisible();
  await expect(dateField(page)).toHaveAttribute("readonly", "");
  await expectAccessible(page);

  const from = effectiveDate();
  const to = addDays(from, 45);
  await expect(day(page, from)).toBeEnabled();
  const before = addDays(from, -1);
  if (await day(page, before).count()) await expect(day(page, before)).toBeDisabled();
  let saturday = from;
  while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, 1);
  await expect(day(page, saturday)).toHaveAttribute("aria-disabled", "true");
  // A Fed holiday on a weekday inside the window (there is one in most 45-day windows), shown in its month.
  const holiday = [...fedHolidays(Number(from.slice(0, 4))), ...fedHolidays(Number(from.slice(0, 4)) + 1)].find(
    (h) => h.date >= from && h.date <= to && dayOfWeek(h.date) % 6 !== 0,
  );
  const pageDown = async (times: number) => {
    for (let i = 0; i < times; i++) await page.keyboard.press("PageDown");
  };
  const monthsBetween = (a: string, b: string) =>
    (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

  // Keyboard: Tab reaches the calendar's one focusable day (the first allowed), arrows move, Enter picks.
  await calendar(page).locator("button.day[tabindex='0']").focus();
  await expect(day(page, from)).toBeFocused();
  let next = addDays(from, 1);
  await page.keyboard.press("ArrowRight");
  await expect(day(page, next)).toBeFocused();
  while (!isBusinessDay(next)) {
    // A refused day keeps focus but Enter does not pick it.
    await page.keyboard.press("Enter");
    await expect(dateField(page)).toHaveValue("");
    next = addDays(next, 1);
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("Enter");
  await expect(dateField(page)).toHaveValue(us(next));
  await expect(day(page, next).locator("xpath=..")).toHaveAttribute("aria-selected", "true");

  if (holiday) {
    await pageDown(monthsBetween(next, holiday.date));
    await expect(day(page, holiday.date)).toHaveAttribute("aria-disabled", "true");
  }
  // The last day of the window, then nothing after it (the arrows stop there).
  await pageDown(12);
  await expect(calendar(page)).toContainText(
    new Date(`${to}T00:00:00Z`).toLocaleString("en-US", { month: "long", timeZone: "UTC" }),
  );
  await expect(day(page, to)).toBeFocused();
  if (await day(page, addDays(to, 1)).count()) await expect(day(page, addDays(to, 1))).toBeDisabled();
});

test("steps lock, CANCEL resets, the review's CANCEL returns to the date, and the amount messages", async ({
  page,
}) => {
  await logInOwing(page);
  await gotoHydrated(page, "/payments");
  const defaultRadio = page.locator("input[name=option]:checked");
  const defaultValue = await defaultRadio.getAttribute("value");

  // Other Amount messages: under the minimum, over the balance; CONTINUE stays disabled meanwhile.
  await radio(page, /^Other Amount/).check();
  await otherAmount(page).fill("5");
  await otherAmount(page).blur();
  await expect(page.locator("#other-error")).toHaveText("The minimum payment is $10. Please enter $10 or more.");
  await expect(stepContinue(page, "amount")).toBeDisabled();
  await otherAmount(page).fill("99999");
  await expect(page.locator("#other-error")).toHaveText(
    /^Your payment cannot exceed your \$[\d,]+\.\d{2} account balance\. Please enter a different amount\.$/,
  );
  await expect(stepContinue(page, "amount")).toBeDisabled();
  // Not an amount: kept as typed with the field's message, never turned into another amount (decisions).
  for (const typed of ["12a.5", "-500", "1e3"]) {
    await otherAmount(page).fill(typed);
    await expect(otherAmount(page)).toHaveValue(typed);
    await expect(page.locator("#other-error")).toHaveText(PAYMENT_NOT_AN_AMOUNT);
    await expect(stepContinue(page, "amount")).toBeDisabled();
  }
  // Money as people type it: $ and cents.
  await otherAmount(page).fill("$12.50");
  await expect(page.locator("#other-error")).toHaveText("");
  await expect(stepContinue(page, "amount")).toBeEnabled();

  // CANCEL resets selection and amount and stays on the amount step.
  await stepCancel(page, "amount").click();
  await expect(page.locator("input[name=option]:checked")).toHaveAttribute("value", defaultValue!);
  await expect(otherAmount(page)).toHaveValue("");

  // Opening the date step with no amount: the message, back on the amount step.
  await radio(page, /^Other Amount/).check();
  await stepButton(page, "Payment Date").click();
  await expect(page.locator("#option-error")).toHaveText("Please select a payment amount option");
  await expect(stepButton(page, "Payment Amount")).toHaveAttribute("aria-expanded", "true");
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-expanded", "false");

  await otherAmount(page).fill("30");
  await stepContinue(page, "amount").click();
  const date = await pickFirstDay(page);
  // The date step's CANCEL resets too.
  await stepCancel(page, "date").click();
  await expect(stepButton(page, "Payment Amount")).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("input[name=option]:checked")).toHaveAttribute("value", defaultValue!);
  await expect(otherAmount(page)).toHaveValue("");
  await otherAmount(page).fill("30");
  await stepContinue(page, "amount").click();
  await expect(dateField(page)).toHaveValue("");
  await pickFirstDay(page);
  await stepContinue(page, "date").click();
  await expect(page.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
  // Review CANCEL: back to the date step, the date kept.
  await page.getByRole("button", { name: "CANCEL" }).click();
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-expanded", "true");
  await expect(dateField(page)).toHaveValue(us(date));
  // Steps collapse from their heading.
  await stepButton(page, "Payment Date").click();
  await expect(page.locator("#step-date")).toBeHidden();
});

test("a past-due borrower must authorize through the modal (CANCEL unticks, AGREE enables SUBMIT)", async ({
  page,
}) => {
  await logInFresh(page, "pastDue");
  await gotoHydrated(page, "/payments");
  await expect(
    page.getByText(
      "Your account is past due. Please set up a payment below. Call an Account Specialist at 1.800.555.0143.",
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      /^Your Minimum Payment of \$[\d,]+\.\d{2} is due on [A-Z][a-z]{2}\.? \d{1,2}, \d{4}; this does not include your Past Due amount of \$[\d,]+\.\d{2}\.$/,
    ),
  ).toBeVisible();
  // The minimum option is labelled Past Due and pays the past-due amount; it is the default.
  const pastDue = page.getByRole("radio", { name: /^Past Due \$[\d,]+\.\d{2}$/ });
  await expect(pastDue).toBeChecked();
  const pastDueFigure = page.getByRole("region", { name: "Account Summary" }).locator('[data-figure="past-due"]');
  // The summary's Past Due Amount is what the Past Due option pays.
  await expect(pastDueFigure).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(
    page.getByRole("radio", { name: `Past Due ${await pastDueFigure.innerText()}`, exact: true }),
  ).toBeChecked();
  await expect(page.getByRole("radio", { name: /^Next Minimum Due/ })).toHaveCount(0);
  await stepContinue(page, "amount").click();
  // The past-due amount must be paid within the billing cycle: the hint names the window, and the calendar ends there.
  const hint = page.getByText(
    new RegExp(
      `^This payment must be scheduled during your current billing cycle\\. Select any banking business day between ${formatDate(effectiveDate()).replace(".", "\\.")} and [A-Z][a-z]{2}\\.? \\d{1,2}, \\d{4}\\.$`,
    ),
  );
  await expect(hint).toBeVisible();
  const dueDate = isoFromLongDate((await hint.innerText()).match(/and ([A-Z][a-z]{2}\.? \d{1,2}, \d{4})\.$/)![1]!);
  await calendar(page).locator("button.day[tabindex='0']").focus();
  await page.keyboard.press("PageDown");
  await page.keyboard.press("PageDown");
  await expect(day(page, dueDate)).toBeFocused();
  await expect(day(page, addDays(dueDate, 1))).toBeDisabled();
  await expectAccessible(page);
  await pickFirstDay(page);
  await stepContinue(page, "date").click();
  const submit = page.getByRole("button", { name: "SUBMIT PAYMENT" });
  const tick = page.getByRole("checkbox", { name: /I authorize this payment/ });
  await expect(submit).toBeDisabled();
  await tick.check();
  const modal = page.getByRole("dialog", { name: "Payment Authorization" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("I authorize");
  // 0-decisions.md "Returns": there is no return fee, so the terms promise none.
  await expect(modal).toContainText("there is no fee for a returned payment");
  await expect(modal).not.toContainText("returned-item fee");
  await expectAccessible(page);
  await modal.getByRole("button", { name: "CANCEL" }).click();
  await expect(modal).toBeHidden();
  await expect(tick).not.toBeChecked();
  await expect(tick).toBeFocused();
  await expect(submit).toBeDisabled();
  await tick.check();
  await modal.getByRole("button", { name: "AGREE" }).click();
  await expect(modal).toBeHidden();
  await expect(tick).toBeChecked();
  await expect(submit).toBeEnabled();
  // The review's CANCEL clears the authorization.
  await page.getByRole("button", { name: "CANCEL" }).click();
  await stepContinue(page, "date").click();
  await expect(submit).toBeDisabled();
  await expect(tick).not.toBeChecked();
  await tick.check();
  await modal.getByRole("button", { name: "AGREE" }).click();
  await submitOnce(page);
});

test("with nothing owed the steps are locked and nothing can be chosen", async ({ page }) => {
  // Reads only: the demo Washington borrower owes nothing.
  await logIn(page, "washington@demo.ridgeline.test");
  await gotoHydrated(page, "/payments");
  await expect(page.getByText("You don't have any upcoming payments at this time.")).toBeVisible();
  await expect(page.locator(".payment-banner")).toHaveText(
    "Your account balance is $0.00, so there is no payment to make at this time.",
  );
  await expect(stepButton(page, "Payment Method")).toHaveAttribute("aria-disabled", "true");
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-disabled", "true");
  await expect(stepButton(page, "Payment Amount")).toHaveAttribute("aria-expanded", "false");
  await stepButton(page, "Payment Amount").click();
  for (const r of await page.getByRole("radio").all()) await expect(r).toBeDisabled();
  await expect(stepContinue(page, "amount")).toBeDisabled();
  await expectAccessible(page);
});

test("a charged-off borrower gets only Pay Off Balance and Other Amount, with the wide window", async ({ page }) => {
  await logInFresh(page, "chargedOff");
  const balanceDue = await page
    .locator("dt", { hasText: /^Balance Due$/ })
    .locator("+ dd")
    .innerText();
  await gotoHydrated(page, "/payments");
  await expect(
    page.getByText("Your loan is more than 90 days past due. Your full account balance is due."),
  ).toBeVisible();
  // The summary says what the account page says is due: the whole balance, not the minimums once past due.
  const summary = page.getByRole("region", { name: "Account Summary" });
  await expect(summary.locator('[data-figure="balance-due"]')).toHaveText(balanceDue);
  await expect(summary.locator('[data-figure="balance-due"]')).toHaveText(
    await summary.locator('[data-figure="balance"]').innerText(),
  );
  await expect(summary.locator('[data-figure="past-due"]')).toHaveCount(0);
  await expect(page.getByRole("radio")).toHaveCount(2);
  // Its last due date is long gone, so the default is Other (spec); Pay Off stays available with its wide window (0-decisions).
  await expect(radio(page, /^Other Amount/)).toBeChecked();
  await radio(page, /^Pay Off Balance/).check();
  await stepContinue(page, "amount").click();
  await expect(page.getByText("Select an available date on the calendar to schedule your payment.")).toBeVisible();
  await expectAccessible(page);
  const to = addDays(effectiveDate(), 45);
  await calendar(page).locator("button.day[tabindex='0']").focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press("PageDown");
  await expect(day(page, to)).toBeFocused();
  await expect(day(page, to)).not.toHaveAttribute("disabled");
  await page.keyboard.press("ArrowRight");
  await expect(day(page, to)).toBeFocused();
  await pickFirstDay(page);
  await stepContinue(page, "date").click();
  await expect(page.locator(".payment-figures")).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(page.getByRole("checkbox", { name: /I authorize this payment/ })).toBeVisible();
});

test("the fourth pending payment is not scheduled: another tab's payment reached the cap, so the steps say why, then the page locks", async ({
  page,
  context,
}) => {
  await logInOwing(page);
  for (const dollars of ["11", "12"]) {
    await gotoHydrated(page, "/payments");
    await reachReview(page, dollars);
    await submitOnce(page);
  }
  // This tab reaches the review of a third; another tab schedules the third first.
  await gotoHydrated(page, "/payments");
  const date = await reachReview(page, "13");
  const other = await context.newPage();
  await gotoHydrated(other, "/payments");
  await reachReview(other, "14");
  await submitOnce(other);
  // The server re-checks at submit (0-decisions.md): nothing posts, and the page says why instead of an error panel.
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.locator(".payment-changed")).toHaveText(
    `Your payment of $13.00 on ${formatDate(date)} was not scheduled, because your account changed since you reviewed it.`,
  );
  await expect(page.locator(".payment-changed")).toBeFocused();
  await expect(page.locator(".payment-banner")).toHaveText(
    "You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.",
  );
  await expectAccessible(page);
  expect(await paymentsInProcess(page)).toHaveLength(3);

  await gotoHydrated(page, "/payments");
  await expect(
    page.getByText(
      "You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.",
    ),
  ).toBeVisible();
  await expect(stepButton(page, "Payment Method")).toHaveAttribute("aria-disabled", "true");
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-disabled", "true");
  await stepButton(page, "Payment Date").click({ force: true });
  await expect(page.locator("#step-date")).toBeHidden();
  await expect(stepContinue(page, "amount")).toBeDisabled();
  await expectAccessible(page);
});

test("two tabs: Pay Off Balance reviewed, a draw in the other tab, SUBMIT: nothing scheduled, the review again at the new payoff; SUBMIT again schedules it", async ({
  page,
  context,
}) => {
  await logInOwing(page);
  const before = await paymentsInProcess(page);
  await gotoHydrated(page, "/payments");
  const reviewed = await reviewPayOff(page);
  const date = await page.locator(".payment-figures dd").nth(1).innerText();
  const firstKey = await page.locator("input[name=key]").inputValue();

  const other = await context.newPage();
  await drawThroughPortal(other, "200");
  await other.close();

  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  const notice = page.locator(".payment-review .payment-changed");
  const now = money(reviewed + 20_000);
  await expect(notice).toHaveText(
    `Nothing was scheduled. Since your review, your balance changed and Pay Off Balance is now ${now}. Please check the payment below and submit it again.`,
  );
  await expect(page.getByRole("heading", { name: "Review & Authorization" })).toBeFocused();
  await expect(page.locator(".payment-figures dd")).toHaveText(["EFT Checking Acct #6789", date, now]);
  await expect(page.locator("input[name=key]")).not.toHaveValue(firstKey);
  // The partial summary beside it follows: the balance now includes the draw.
  await expect(page.getByRole("region", { name: "Account Summary" }).locator('[data-figure="balance"]')).toHaveText(
    now,
  );
  await expectAccessible(page);
  const look = await context.newPage();
  expect(await paymentsInProcess(look)).toEqual(before);
  await look.close();

  await submitOnce(page);
  await expect(page.locator(".payment-thanks")).toContainText(now);
  const after = await paymentsInProcess(page);
  expect(after).toHaveLength(before.length + 1);
  expect(after).toContain(`${date} · ${now} · EFT Payment`);
});

test("two tabs: another payment scheduled after the review lowers Pay Off Balance; the review's CANCEL keeps the new figure, and it is what posts", async ({
  page,
  context,
}) => {
  await logInOwing(page);
  await gotoHydrated(page, "/payments");
  const reviewed = await reviewPayOff(page);
  const other = await context.newPage();
  await gotoHydrated(other, "/payments");
  await reachReview(other, "50");
  await submitOnce(other);
  await other.close();

  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  const now = money(reviewed - 5_000);
  await expect(page.locator(".payment-changed")).toContainText(`Pay Off Balance is now ${now}`);
  // CANCEL: back to the date step; the amount step's heading shows the figure now allowed.
  await page.getByRole("button", { name: "CANCEL" }).click();
  await expect(stepButton(page, "Payment Date")).toHaveAttribute("aria-expanded", "true");
  await expect(stepButton(page, "Payment Amount")).toContainText(now);
  await stepContinue(page, "date").click();
  await expect(page.locator(".payment-figures dd").last()).toHaveText(now);
  await submitOnce(page);
  await expect(page.locator(".payment-thanks")).toContainText(now);
  await gotoHydrated(page, "/payments");
  await expect(page.locator(".payment-banner")).toHaveText(
    "Your scheduled payments already cover your account balance, so there is no payment to make at this time.",
  );
});

test("at 360 px the message of a changed review fits without sideways scrolling", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logInOwing(page);
  await gotoHydrated(page, "/payments");
  await reviewPayOff(page);
  const other = await context.newPage();
  await drawThroughPortal(other, "100");
  await other.close();
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.locator(".payment-changed")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe("without JavaScript", () => {
  const noScriptPage = (page: Page, borrower: FreshBorrower) => noScriptPortal(page, borrower, "/payments");
  const nextBusinessDayFrom = (iso: string): string =>
    isBusinessDay(iso) ? iso : nextBusinessDayFrom(addDays(iso, 1));

  test("a payment is scheduled by plain form posts, with the server's messages", async ({ page }) => {
    const p = await noScriptPage(page, await logInOwing(page));
    await radio(p, /^Other Amount/).check();
    await otherAmount(p).fill("5");
    await stepContinue(p, "amount").click();
    await expect(p.locator("#other-error")).toHaveText("The minimum payment is $10. Please enter $10 or more.");
    // The server refuses what is not an amount the same way the browser does.
    await otherAmount(p).fill("-500");
    await stepContinue(p, "amount").click();
    await expect(p.locator("#other-error")).toHaveText(PAYMENT_NOT_AN_AMOUNT);
    await otherAmount(p).fill("21");
    await stepContinue(p, "amount").click();
    const field: Locator = dateField(p);
    await expect(field).toBeEditable();
    await stepContinue(p, "date").click();
    await expect(p.locator("#date-error")).toHaveText("Invalid Payment Amount or Payment Date.");
    let saturday = effectiveDate();
    while (dayOfWeek(saturday) !== 6) saturday = addDays(saturday, 1);
    await dateField(p).fill(us(saturday));
    await stepContinue(p, "date").click();
    await expect(p.locator("#date-error")).toHaveText(
      `Invalid date. Your payment date must be between ${formatDate(effectiveDate())} and ${formatDate(addDays(effectiveDate(), 45))}.`,
    );
    const date = nextBusinessDayFrom(addDays(saturday, 2));
    await dateField(p).fill(us(date));
    await stepContinue(p, "date").click();
    await expect(p.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
    await p.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(p.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
    await expect(p.locator(".payment-thanks")).toContainText(formatDate(date));
    await expect(p.locator(".payment-thanks")).toContainText("$21.00");
  });

  test("a review changed by another tab comes back with the new figure by plain form posts, and SUBMIT then schedules exactly it", async ({
    page,
  }) => {
    const p = await noScriptPage(page, await logInOwing(page));
    await radio(p, /^Pay Off Balance/).check();
    await stepContinue(p, "amount").click();
    const date = nextBusinessDayFrom(effectiveDate());
    await dateField(p).fill(us(date));
    await stepContinue(p, "date").click();
    await expect(p.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
    const reviewed = centsOf(await p.locator(".payment-figures dd").last().innerText());
    // The other tab (the scripted page) draws $100.
    await drawThroughPortal(page, "100");
    await p.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(p.locator(".payment-changed")).toHaveText(
      `Nothing was scheduled. Since your review, your balance changed and Pay Off Balance is now ${money(reviewed + 10_000)}. Please check the payment below and submit it again.`,
    );
    await expect(p.locator(".payment-figures dd")).toHaveText([
      "EFT Checking Acct #6789",
      formatDate(date),
      money(reviewed + 10_000),
    ]);
    await p.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(p.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
    await expect(p.locator(".payment-thanks")).toContainText(money(reviewed + 10_000));
    expect(await paymentsInProcess(page)).toContain(`${formatDate(date)} · ${money(reviewed + 10_000)} · EFT Payment`);
  });

  test("a past-due payment is refused until the inline authorization is ticked", async ({ page }) => {
    const p = await noScriptPage(page, await freshBorrower(page.request, "pastDue"));
    await stepContinue(p, "amount").click();
    await dateField(p).fill(us(effectiveDate()));
    await stepContinue(p, "date").click();
    await expect(p.locator(".authorization-terms")).toContainText("I authorize");
    await p.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(p.locator("#authorize-error")).toHaveText("Please authorize this payment.");
    await expect(p.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toHaveCount(0);
    await p.getByRole("checkbox", { name: /I authorize this payment/ }).check();
    await p.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(p.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeVisible();
  });
});
