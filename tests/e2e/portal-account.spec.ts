import { achEffectiveDate, addDays, isBusinessDay } from "#domain/calendar";
import { formatDate, formatMoney } from "#domain/format";
import { donutText } from "../../app/components/portal/CreditDonut";
import type { DevLedger } from "../../functions/servicing/dev-ledger";
import { gotoHydrated } from "./fixtures/hydrated";
import { demo, expectAccessible, logIn, logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/** Spec file 3, section 5: dates like 'Mon. D, YYYY' (May has no dot). */
const SPEC_DATE = /^((Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.|May) \d{1,2}, \d{4}$/;
/** A table date, in the one form every date is read in (decision record 031). */
const TABLE_DATE = /^[A-Z][a-z]{2}\.? \d{1,2}, \d{4}$/;

const figure = (page: Page, term: string) =>
  page
    .locator(".figures div")
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator("dd");
/** A Cash Advance row's description cell: the description, then its fee and the amount deposited. */
const CASH_ADVANCE = /^Cash Advance\s*Fee \$[\d,]+\.\d{2}, \$[\d,]+\.\d{2} deposited$/;
const money = (cents: number) => formatMoney(cents, { cents: true });

/** The engine's figures and rows for a borrower (GET /api/dev/ledger, development only). */
async function ledgerOf(page: Page, email: string): Promise<DevLedger> {
  const res = await page.request.get(`/api/dev/ledger?email=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DevLedger;
}

test("a current borrower's account page: greeting, donut, figures, actions, recent lists, help box", async ({
  page,
}) => {
  // A copy of the current demo borrower: months of history, a balance and the next due date ahead (the engine's figures).
  const borrower = await logInFresh(page, "current");
  const { figures } = await ledgerOf(page, borrower.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Casey");
  await expect(
    page.getByRole("img", { name: donutText(figures.availableCreditCents, 100_000, false).label }),
  ).toBeVisible();
  // The ring's percent says of what (people read a bare donut as "used").
  await expect(page.locator(".donut svg")).toContainText(/^\d+%available$/);
  await expect(figure(page, "Account Balance")).toHaveText(money(figures.balanceCents));
  await expect(figure(page, "Credit Limit")).toHaveText("$1,000");
  await expect(figure(page, "Next Payment Due Date")).toHaveText(formatDate(figures.nextDueDate!));
  await expect(figure(page, "Next Minimum Due")).toHaveText(money(figures.nextMinimumDueCents));
  await expect(page.getByRole("link", { name: "MAKE A PAYMENT", exact: true })).toHaveAttribute("href", "/payments");
  await expect(page.getByRole("link", { name: "Request a Cash Advance" })).toHaveAttribute("href", "/draw");
  const recent = page.getByRole("region", { name: "Recent Transactions" }).locator("tbody tr");
  await expect(recent).toHaveCount(3);
  await expect(recent.first().locator("td").first()).toHaveText(TABLE_DATE);
  const statements = page.getByRole("region", { name: "Billing Statements" });
  await expect(statements.getByRole("link", { name: /^Download\/View statement of/ }).first()).toHaveAttribute(
    "target",
    "_blank",
  );
  // The statement list: date, amount (Total Minimum Due) and download/view.
  await expect(statements.getByRole("columnheader")).toHaveText(["Date", "Amount", "Download/View"]);
  await expect(statements.locator("tbody tr td:nth-child(2)").first()).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.locator(".help-box")).toContainText("Questions? Call Us 1.800.555.0142");
  await expect(page.locator(".help-box").getByRole("link", { name: "Send us a message" })).toHaveAttribute(
    "href",
    "/contact",
  );
  await expect(page.locator(".past-due-banner")).toHaveCount(0);
  await expectAccessible(page);
});

test("a delinquent borrower: past-due banner to make a payment, Account Specialist line, donut notice, no draw", async ({
  page,
}) => {
  await logIn(page, demo.pastDue);
  await expect(page.locator(".past-due-banner")).toContainText(
    "YOUR ACCOUNT IS PAST DUE. Please bring your account up to date;",
  );
  await expect(page.locator(".past-due-banner").getByRole("link", { name: "make a payment online" })).toHaveAttribute(
    "href",
    "/payments",
  );
  await expect(page.locator(".help-box")).toContainText("Talk to an Account Specialist 1.800.555.0143");
  await expect(page.locator(".help-box")).not.toContainText("Questions? Call Us");
  await expect(page.getByRole("img", { name: "YOUR ACCOUNT IS Past Due. Available credit $0.00" })).toBeVisible();
  await expect(page.locator(".donut figcaption")).toContainText("$0.00 available credit");
  await expect(page.getByRole("link", { name: "Request a Cash Advance" })).toHaveCount(0);
  await expect(figure(page, "Next Payment Due Date")).toHaveText(SPEC_DATE);
  await expect(figure(page, "Next Minimum Due")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.getByRole("link", { name: "MAKE A PAYMENT", exact: true })).toHaveAttribute("href", "/payments");
  await expectAccessible(page);
});

test("an EFT borrower sees the next automatic payment's amount and date", async ({ page }) => {
  const borrower = await logInFresh(page, "owing");
  const next = (await ledgerOf(page, borrower.email)).figures.nextAutomaticPayment!;
  expect(next).not.toBeNull();
  await expect(page.locator(".auto-payment")).toHaveText(
    `Next Automatic Payment: ${money(next.amountCents)} on ${formatDate(next.date)}`,
  );
  await expect(page.locator(".auto-payment")).toContainText(
    / on ((Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\.|May) \d{1,2}, \d{4}$/,
  );
  await expectAccessible(page);
});

test("a paper-check borrower sees nothing about automatic payments", async ({ page }) => {
  await logIn(page, demo.pastDue);
  await expect(figure(page, "Next Minimum Due")).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await expect(page.locator(".auto-payment")).toHaveCount(0);
  await expect(page.locator(".portal-main")).not.toContainText(/automatic/i);
});

/** A charged-off account's summary (issue 33): its own standing, the balance due, and paying it off first. */
async function expectChargedOffSummary(page: Page) {
  const summary = page.locator(".summary");
  // The whole balance is due now, with the spec's charge-off message (spec file 3, section 4); no due date, no automatic payment.
  const balance = await figure(page, "Account Balance").innerText();
  expect(balance).toMatch(/^\$[\d,]+\.\d{2}$/);
  expect(balance).not.toBe("$0.00");
  await expect(figure(page, "Balance Due")).toHaveText(balance);
  await expect(summary.getByText("YOUR ACCOUNT IS Charged Off")).toBeVisible();
  await expect(summary.locator(".charge-off-message")).toHaveText(
    "Your loan is more than 90 days past due. Your full account balance is due.",
  );
  // Not an empty ring labelled "Past Due", nor credit that will never come back.
  await expect(summary.getByRole("img")).toHaveCount(0);
  await expect(summary).not.toContainText("Past Due");
  await expect(summary).not.toContainText("available credit");
  await expect(summary.getByText("Next Payment Due Date")).toHaveCount(0);
  await expect(summary.locator(".auto-payment")).toHaveCount(0);
  // Paying it off is the main action; a smaller payment is the other.
  const payOff = summary.getByRole("link", { name: "PAY OFF BALANCE" });
  await expect(payOff).toHaveAttribute("href", "/payments?option=full");
  await expect(payOff).toHaveClass(/button-primary/);
  await expect(summary.getByRole("link", { name: "MAKE A PAYMENT", exact: true })).toHaveClass(/button-outline/);
  await expect(page.getByRole("link", { name: "Request a Cash Advance" })).toHaveCount(0);
  return { balance, payOff };
}

test("a charged-off borrower: the summary says charged off, shows the balance due and offers paying it off first; Account Specialist line, no draw", async ({
  page,
}) => {
  // A sign-in (PBKDF2), axe and a second page: more than a minute on a busy shared machine.
  test.setTimeout(120_000);
  await logIn(page, demo.chargedOff);
  const { balance, payOff } = await expectChargedOffSummary(page);
  await expect(page.locator(".past-due-banner")).toContainText("YOUR ACCOUNT IS PAST DUE.");
  await expect(page.locator(".help-box")).toContainText("Talk to an Account Specialist 1.800.555.0143");
  await expectAccessible(page);
  await payOff.click();
  await expect(page).toHaveURL(/\/payments\?option=full$/);
  await expect(page.getByRole("radio", { name: /^Pay Off Balance/ })).toBeChecked();
  await expect(page.locator(".payment-option", { hasText: "Pay Off Balance" }).locator(".option-amount")).toHaveText(
    balance,
  );
});

test("a charged-off borrower without JavaScript: the same summary, and PAY OFF BALANCE opens the payment on Pay Off Balance", async ({
  page,
  browser,
}) => {
  await logIn(page, demo.chargedOff);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await plain.newPage();
  await noJs.goto("/account");
  const { payOff } = await expectChargedOffSummary(noJs);
  await payOff.click();
  await expect(noJs).toHaveURL(/\/payments\?option=full$/);
  await expect(noJs.getByRole("radio", { name: /^Pay Off Balance/ })).toBeChecked();
  await plain.close();
});

test("a borrower not eligible to draw (Washington) is not offered a cash advance; empty lists say so", async ({
  page,
}) => {
  await logIn(page, demo.washington);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Harper");
  await expect(page.getByRole("link", { name: "Request a Cash Advance" })).toHaveCount(0);
  await expect(page.getByText("There are no transactions to display at this time.")).toBeVisible();
  await expect(page.getByText("There are no statements to display at this time.")).toBeVisible();
  // Nothing owed: MAKE A PAYMENT is disabled and says why.
  await expect(page.getByRole("button", { name: "MAKE A PAYMENT" })).toBeDisabled();
  await expect(page.locator("#payment-lock")).toHaveText(
    "Your account balance is $0.00, so there is no payment to make at this time.",
  );
  // It explains; it is not an error, so it is not in the error red (#a4262c).
  expect(await page.locator("#payment-lock").evaluate((el) => getComputedStyle(el).color)).not.toBe("rgb(164, 38, 44)");
  await page.getByRole("link", { name: "View all documents" }).click();
  const panel = page.getByRole("dialog", { name: "Account Activity" });
  await expect(panel.getByRole("tabpanel", { name: "Documents" })).toContainText(
    "There are no statements to display at this time.",
  );
  await panel.getByRole("tab", { name: "Transactions" }).click();
  await expect(panel.getByRole("tabpanel", { name: "Transactions" })).toContainText(
    "There are no transactions to display at this time.",
  );
});

test("View all opens the panel: tabs by keyboard, loading text, filters, documents, close returns focus", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  // Hold the documents data back a moment, so the loading text can be seen.
  await page.route(/\/documents\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const opener = page.getByRole("link", { name: "View all transactions" });
  await opener.click();
  const panel = page.getByRole("dialog", { name: "Account Activity" });
  await expect(panel).toBeVisible();
  const tab = (name: string) => panel.getByRole("tab", { name });
  await expect(tab("Transactions")).toHaveAttribute("aria-selected", "true");

  await tab("Transactions").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Documents")).toBeFocused();
  await expect(tab("Documents")).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByRole("tabpanel", { name: "Documents" })).toContainText(
    "Please wait while your statements are loaded.",
  );
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Transactions")).toBeFocused();
  await page.keyboard.press("End");
  await expect(tab("Documents")).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tab("Transactions")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Documents")).toBeFocused();

  const documents = panel.getByRole("tabpanel", { name: "Documents" });
  await expect(documents.getByRole("link", { name: /Download\/View the Line Of Credit Agreement/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(documents.getByRole("link", { name: /^Download\/View statement of/ }).first()).toBeVisible();
  await expectAccessible(page);

  await tab("Transactions").click();
  const transactions = panel.getByRole("tabpanel", { name: "Transactions" });
  const rows = transactions.locator(".data-table").last().locator("tbody tr");
  await transactions.getByRole("button", { name: "Draws" }).click();
  await expect(transactions.getByRole("button", { name: "Draws" })).toHaveAttribute("aria-pressed", "true");
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.locator("td:nth-child(3)").allInnerTexts()) expect(text).toMatch(CASH_ADVANCE);
  await transactions.getByRole("button", { name: "Payments" }).click();
  await expect(rows.first()).toContainText(/\(\$\d/);
  for (const text of await rows.locator("td:nth-child(3)").allInnerTexts()) expect(text).toContain("Payment");
  await expectAccessible(page);

  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
});

/** The next `n` banking business days a one-time Other Amount may take, from the ACH effective date. */
function businessDays(n: number): string[] {
  const days: string[] = [];
  for (let d = achEffectiveDate(new Date(), false); days.length < n; d = addDays(d, 1))
    if (isBusinessDay(d)) days.push(d);
  return days;
}
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test("three scheduled payments: listed in process earliest first, and MAKE A PAYMENT is disabled with the reason", async ({
  page,
}) => {
  // A past-due copy owes a balance; its payments need the authorization tick.
  await logInFresh(page, "pastDue");
  const [first, second, third] = businessDays(3) as [string, string, string];
  // Scheduled out of order, through the payments form's own post.
  for (const date of [third, first, second]) {
    const res = await page.request.post("/payments", {
      form: {
        option: "other",
        other: "20",
        date: usDate(date),
        intent: "submit",
        authorize: "on",
        key: crypto.randomUUID(),
      },
    });
    expect(res.status()).toBe(200);
  }
  await gotoHydrated(page, "/account");
  await expect(page.getByRole("link", { name: "MAKE A PAYMENT", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "MAKE A PAYMENT" })).toBeDisabled();
  await expect(page.locator("#payment-lock")).toHaveText(
    "You have reached the maximum number of pending transactions allowed. No additional payments can be scheduled at this time.",
  );
  await page.getByRole("link", { name: "View all transactions" }).click();
  const pending = page.getByRole("dialog", { name: "Account Activity" }).locator(".pending");
  await expect(pending.locator("summary")).toContainText("Payments In Process & Future One-Time Payments (3)");
  await pending.getByText("See Details").click();
  await expect(pending.getByText("Hide Details")).toBeVisible();
  const rows = pending.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  // Dates in the one form a borrower reads (decision record 031), tables included.
  await expect(rows.locator("td:nth-child(1)")).toHaveText([first, second, third].map(formatDate));
  await expect(rows.locator("td:nth-child(2)")).toHaveText(["$20.00", "$20.00", "$20.00"]);
  await expect(rows.locator("td:nth-child(3)")).toHaveText(["EFT Payment", "EFT Payment", "EFT Payment"]);
  await pending.getByText("Hide Details").click();
  await expect(rows.first()).toBeHidden();
});

test("the Transactions page filters by links and lists payments in process", async ({ page }) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/transactions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transactions");
  await expect(page.locator(".pending summary")).toContainText(
    /Payments In Process & Future One-Time Payments \(\d+\)/,
  );
  const filters = page.getByRole("navigation", { name: "Filter transactions" });
  await filters.getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL(/\?show=payments$/);
  const descriptions = page.locator(".data-table tbody tr td:nth-child(3)");
  await expect(descriptions.first()).toContainText("Payment");
  for (const text of await descriptions.allInnerTexts()) expect(text).toContain("Payment");
  await expect(page.locator(".data-table tbody tr td:nth-child(2)").first()).toHaveText(/^\(\$[\d,]+\.\d{2}\)$/);
  await filters.getByRole("link", { name: "Draws" }).click();
  await expect(page).toHaveURL(/\?show=draws$/);
  await expect(descriptions.first()).toHaveText(CASH_ADVANCE);
  for (const text of await descriptions.allInnerTexts()) expect(text).toMatch(CASH_ADVANCE);
  await expectAccessible(page);
});

test("transactions read plainly: a draw is one Cash Advance row for the full amount with its fee and deposit, and ids are short numbers", async ({
  page,
}) => {
  const borrower = await logInFresh(page, "owing");
  const book = await ledgerOf(page, borrower.email);
  await gotoHydrated(page, "/transactions");
  const rows = page.locator(".data-table tbody tr");
  await expect(rows).toHaveCount(book.entries.length);
  // Every Trans. ID is the short number a borrower can quote: no ledger keys like "S98982813-2026-11-27:fee".
  for (const id of await rows.locator("td:nth-child(4)").allInnerTexts()) {
    expect(id).toMatch(/^\d{1,15}$/);
    expect(id).not.toContain(":");
    expect(id).not.toMatch(/^S9/);
  }
  const descriptions = await rows
    .locator("td:nth-child(3) .cell-value, td:nth-child(3):not(:has(.cell-value))")
    .allInnerTexts();
  for (const text of descriptions)
    expect(text.split("\n")[0]).toMatch(
      /^(Cash Advance|Payment|Automatic Payment|Returned Payment|Carried Balance Fee|Carried Balance Fee Credit|Reversed Payment|Reversal)$/,
    );
  // Each draw: one row for the full amount, its fee and the amount deposited beneath.
  const draws = book.entries.filter((e) => e.kind === "draw");
  expect(draws.length).toBeGreaterThan(0);
  for (const draw of draws) {
    const row = rows.filter({ has: page.locator("td:nth-child(4)", { hasText: String(draw.reference) }) });
    await expect(row).toHaveCount(1);
    await expect(row.locator("td:nth-child(2)")).toHaveText(money(draw.amountCents));
    await expect(row.locator("td:nth-child(3)")).toHaveText(
      `Cash AdvanceFee ${money(draw.feeCents!)}, ${money(draw.amountCents - draw.feeCents!)} deposited`,
    );
  }
  await expect(page.locator(".data-table")).not.toContainText("Cash Advance Fee");
});

test("at 360 px the portal pages do not scroll sideways, and a Cash Advance row keeps its detail under the description", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await logInFresh(page, "owing");
  for (const path of ["/account", "/transactions", "/documents", "/documents?view=statements"]) {
    await gotoHydrated(page, path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    // The stacked rows are still a table to assistive technology.
    await expectAccessible(page);
  }
  await expect(page.getByRole("table", { name: "Billing Statements" })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Billing Statements" }).getByRole("row").nth(1).getByRole("cell").first(),
  ).toHaveText(TABLE_DATE);
  await gotoHydrated(page, "/transactions?show=draws");
  const detail = page.locator(".cell-detail").first();
  await expect(detail).toBeVisible();
  await expect(detail).toHaveText(/^Fee \$[\d,]+\.\d{2}, \$[\d,]+\.\d{2} deposited$/);
  const box = (await detail.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: "Account", exact: true }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole("link", { name: "View all transactions" }).click();
  await expect(page.getByRole("dialog", { name: "Account Activity" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the Documents page toggles agreement and statements; statements open only for their owner", async ({
  page,
  browser,
}) => {
  const borrower = await logInFresh(page, "current");
  await gotoHydrated(page, "/documents");
  const docs = page.getByRole("navigation", { name: "Documents" });
  await expect(page.getByRole("columnheader")).toHaveText([
    "Trans. ID",
    "Amount",
    "Line Of Credit Agreement",
    "Download/View",
  ]);
  await expect(page.getByRole("link", { name: /Download\/View the Line Of Credit Agreement/ })).toHaveAttribute(
    "href",
    "/documents/agreement",
  );
  await expectAccessible(page);
  await docs.getByRole("link", { name: "Statements" }).click();
  await expect(page).toHaveURL(/\?view=statements$/);
  await expect(page.getByRole("columnheader")).toHaveText([
    "Date",
    "Amount",
    "Due Date",
    "Billing Statements",
    "Download/View",
  ]);
  // Each statement's amount is its Total Minimum Due as issued, beside its due date; no internal statement key is shown.
  const issued = [...(await ledgerOf(page, borrower.email)).statements].sort((a, b) =>
    a.statementDate < b.statementDate ? 1 : -1,
  );
  const statementRows = page.locator(".data-table tbody tr");
  await expect(statementRows).toHaveCount(issued.length);
  await expect(statementRows.locator("td:nth-child(2)")).toHaveText(
    issued.map((st) => money(st.totalMinimumDueCents!)),
  );
  await expect(statementRows.locator("td:nth-child(3)")).toHaveText(issued.map((st) => formatDate(st.dueDate)));
  await expect(page.locator(".portal-main")).not.toContainText(/S9\d{7}-/);
  const statement = page.getByRole("link", { name: /^Download\/View statement of/ }).first();
  await expect(statement).toHaveAttribute("target", "_blank");
  const href = (await statement.getAttribute("href"))!;
  const pdf = await page.request.get(href);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expectAccessible(page);

  // Another borrower asking for the same address is refused.
  const other = await (await browser.newContext()).newPage();
  await logIn(other, demo.pastDue);
  const refused = await other.request.get(href, { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  await other.context().close();
});

test("the Line Of Credit Agreement opens in a new tab, as signed, with the signature block", async ({ page }) => {
  await logInFresh(page, "current");
  await gotoHydrated(page, "/documents");
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: /Download\/View the Line Of Credit Agreement/ }).click(),
  ]);
  await expect(tab).toHaveURL(/\/documents\/agreement$/);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Line Of Credit Agreement");
  // Demo lines are seeded as signed: the agreements as the borrower saw them, each with its signature block.
  await expect(tab.getByRole("heading", { level: 2, name: "Line of Credit Agreement" })).toBeVisible();
  await expect(tab.getByText(/This agreement is between Casey Morgan/)).toBeVisible();
  await expect(tab.locator(".signature-block").first()).toContainText("Signed by Casey Morgan");
  await expect(tab.getByText("This Agreement section is currently not available.")).toHaveCount(0);
  await expectAccessible(tab);
});

test("without JavaScript, View all goes to the Transactions and Documents pages, whose links still filter and toggle", async ({
  page,
  browser,
}) => {
  await logInFresh(page, "current");
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noJs = await plain.newPage();
  await noJs.goto("/account");
  await noJs.getByRole("link", { name: "View all transactions" }).click();
  await expect(noJs).toHaveURL(/\/transactions$/);
  await noJs.getByRole("navigation", { name: "Filter transactions" }).getByRole("link", { name: "Draws" }).click();
  await expect(noJs).toHaveURL(/\?show=draws$/);
  await expect(noJs.locator(".data-table tbody tr td:nth-child(3)").first()).toHaveText(CASH_ADVANCE);
  await noJs.locator(".pending summary").click();
  await expect(noJs.locator(".pending").getByText("Hide Details")).toBeVisible();
  await noJs.goto("/account");
  await noJs.getByRole("link", { name: "View all documents" }).click();
  await expect(noJs).toHaveURL(/\/documents$/);
  await noJs.getByRole("navigation", { name: "Documents" }).getByRole("link", { name: "Statements" }).click();
  await expect(noJs.getByRole("link", { name: /^Download\/View statement of/ }).first()).toBeVisible();
  await plain.close();
});
