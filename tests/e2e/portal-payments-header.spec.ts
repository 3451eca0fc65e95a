import { formatDate } from "#domain/format";
import { gotoHydrated } from "./fixtures/hydrated";
import { pickFirstDay, reachReview, stepContinue, submitOnce } from "./fixtures/payments";
import { freshBorrower, logIn, logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * The payments page's header reads true (spec file 3, "Header texts";
 * 0-decisions.md, "Automatic payments": paper-check borrowers see no
 * automatic payments and no text that promises them).
 */
test.describe.configure({ timeout: 90_000 });

test.describe("the header reads true (spec file 3, Header texts; 0-decisions.md, Automatic payments)", () => {
  const EFT_INTRO =
    "On this page, you can opt to make one-time payments of $10 or more. These payments occur outside of your automatic EFT payments.";
  const CHECK_INTRO = "On this page, you can opt to make one-time payments of $10 or more.";
  const header = (page: Page) => page.locator(".payment-header p");

  test("an EFT borrower: the intro, the next minimum and the next automatic payment's date and amount", async ({
    page,
  }) => {
    await logInFresh(page, "owing");
    await gotoHydrated(page, "/payments");
    await expect(header(page).first()).toHaveText(EFT_INTRO);
    await expect(
      header(page).filter({
        hasText:
          /^Your next automatic EFT payment of \$[\d,]+\.\d{2} will be made on [A-Z][a-z]{2}\.? \d{1,2}, \d{4}\.$/,
      }),
    ).toHaveCount(1);
    await expect(page.getByText("You don't have any upcoming payments at this time.")).toHaveCount(0);
  });

  test("a current paper-check borrower: the intro's first sentence only; a scheduled payment is named, never 'no upcoming payments'", async ({
    page,
  }) => {
    const b = await freshBorrower(page.request, "owing", "", "K");
    await logIn(page, b.email, b.password);
    await gotoHydrated(page, "/payments");
    await expect(header(page).first()).toHaveText(CHECK_INTRO);
    await expect(page.locator(".payment-header")).not.toContainText(/automatic/i);
    const date = await reachReview(page, "25");
    await submitOnce(page);
    await gotoHydrated(page, "/payments");
    await expect(
      header(page).filter({
        hasText: `Your next scheduled one-time payment of $25.00 will be made on ${formatDate(date)}.`,
      }),
    ).toHaveCount(1);
    await expect(page.getByText("You don't have any upcoming payments at this time.")).toHaveCount(0);
    await expect(page.locator(".payment-header")).not.toContainText(/automatic/i);
  });

  test("a past-due paper-check borrower: nothing promises automatic payments, the authorization terms included", async ({
    page,
  }) => {
    await logInFresh(page, "pastDue");
    await gotoHydrated(page, "/payments");
    await expect(header(page).first()).toHaveText(
      "Your account is past due. Please set up a payment below. Call an Account Specialist at 1.800.555.0143.",
    );
    await expect(page.locator(".payment-header")).not.toContainText(/automatic/i);
    await stepContinue(page, "amount").click();
    await pickFirstDay(page);
    await stepContinue(page, "date").click();
    const amount = await page.locator(".payment-figures dd").last().innerText();
    await page.getByRole("checkbox", { name: /I authorize this payment/ }).check();
    const modal = page.getByRole("dialog", { name: "Payment Authorization" });
    // The terms name the amount that will post, and no automatic payments.
    await expect(modal).toContainText(`to debit ${amount} from my account`);
    await expect(modal).not.toContainText(/automatic/i);
  });
});
