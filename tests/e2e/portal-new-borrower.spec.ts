import { addDays } from "#domain/calendar";
import { formatDate } from "#domain/format";
import type { DevLedger } from "../../functions/servicing/dev-ledger";
import { gotoHydrated } from "./fixtures/hydrated";
import { eSignedNewBorrower } from "./fixtures/new-borrower";
import { expectAccessible, freshBorrower, logIn } from "./fixtures/portal";
import { type Browser, expect, type Page, test } from "./fixtures/test";

/**
 * A new borrower (just e-signed with a first draw, no statement issued yet)
 * owes nothing until the first statement (0-decisions.md, "Billing cycle and
 * servicing"). Issue 33: the pages showed the projected due date beside a
 * $0.00 minimum, and Payments said "You don't have any upcoming payments"
 * while naming automatic EFT payments. Every page now says when the first
 * statement is and that nothing is due yet, with JavaScript on and off, and
 * a paper-check borrower is promised no automatic payments.
 */

// The application and e-sign, then a sign-in (PBKDF2): slow on a shared machine.
test.describe.configure({ timeout: 150_000 });

const INTRO = "On this page, you can opt to make one-time payments of $10 or more.";
const EFT = "These payments occur outside of your automatic EFT payments.";
const NOTHING = "You don't have any upcoming payments at this time.";

async function ledgerOf(page: Page, email: string): Promise<DevLedger> {
  const res = await page.request.get(`/api/dev/ledger?email=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DevLedger;
}

/**
 * The first statement's date for a borrower before it, by the rule written
 * out here (a statement is issued 14 days before its due date: the engine's
 * first due date less 14), and the words every page says.
 */
async function firstStatement(page: Page, email: string) {
  const ledger = await ledgerOf(page, email);
  expect(ledger.statements).toEqual([]);
  expect(ledger.figures.nextMinimumDueCents).toBe(0);
  const date = addDays(ledger.figures.nextDueDate!, -14);
  expect(date > ledger.today, `the first statement (${date}) is still to come`).toBe(true);
  return { date, words: `Your first statement is ${formatDate(date)}; nothing is due yet.` };
}

const summaryFigure = (page: Page, selector: string, term: string) =>
  page
    .locator(`${selector} .figures div`)
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator("dd");

/** Account, payments and draw pages say the same, on `page` (JavaScript on or off). */
async function expectFirstStatementEverywhere(page: Page, first: { date: string; words: string }, eft: boolean) {
  await page.goto("/account");
  await expect(page.locator(".summary")).toContainText(first.words);
  await expect(page.locator(".summary")).not.toContainText("Next Payment Due Date");
  await expect(page.locator(".summary")).not.toContainText("Next Minimum Due");
  if (!eft) await expect(page.locator(".portal-main")).not.toContainText(/automatic/i);

  await page.goto("/payments");
  await expect(page.locator(".payment-header p")).toHaveText([eft ? `${INTRO} ${EFT}` : INTRO, first.words]);
  await expect(page.getByText(NOTHING)).toHaveCount(0);
  await expect(page.locator(".payment-summary")).not.toContainText("Next Payment Due Date");
  if (!eft) await expect(page.locator(".payment-header")).not.toContainText(/automatic/i);

  await page.goto("/draw");
  await expect(summaryFigure(page, ".draw-summary", "First Statement")).toHaveText(formatDate(first.date));
  await expect(page.locator(".draw-summary")).not.toContainText("Next Payment Due Date");
}

async function withoutJavaScript(browser: Browser, page: Page) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  return { plain: await context.newPage(), close: () => context.close() };
}

test("just e-signed with a $100 first draw: every page says when the first statement is and that nothing is due yet, with JavaScript on and off", async ({
  page,
  browser,
}) => {
  const borrower = await eSignedNewBorrower(page);
  const first = await firstStatement(page, borrower.email);
  await expectFirstStatementEverywhere(page, first, true);
  await gotoHydrated(page, "/account");
  await expectAccessible(page);

  const { plain, close } = await withoutJavaScript(browser, page);
  await expectFirstStatementEverywhere(plain, first, true);
  await close();
});

test("a new paper-check borrower: the first statement's date, and nothing that promises automatic payments", async ({
  page,
  browser,
}) => {
  const borrower = await freshBorrower(page.request, "new", "", "K");
  await logIn(page, borrower.email, borrower.password);
  const first = await firstStatement(page, borrower.email);
  await expectFirstStatementEverywhere(page, first, false);
  const { plain, close } = await withoutJavaScript(browser, page);
  await expectFirstStatementEverywhere(plain, first, false);
  await close();
});
