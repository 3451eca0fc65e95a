import { expect, type Page, test } from "../e2e/fixtures/test";
import { servicing } from "../../functions/config";
import { billingCycleFor, carriedBalanceFee, cashAdvanceFee, minimumPayment } from "../../functions/fees";
import { achEffectiveDate, addDays, daysBetween, isBusinessDay } from "../../functions/servicing/calendar";
import { decide } from "../../functions/servicing/underwriting";
import { agree, REQUIRED_AGREEMENTS } from "../e2e/fixtures/esign";
import { demoLead, postSignedLead } from "../e2e/fixtures/leads";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { latestPasscode } from "../e2e/fixtures/outbox";
import { pickFirstDay, radio, stepContinue, us } from "../e2e/fixtures/payments";
import { logIn } from "../e2e/fixtures/portal";
import { type DevLedger, moveClockDays, readLedger, signedSum } from "./fixtures/ledger";
import { type AccountFigures, readAccountPage, readTransactionsPage, type TransactionsPage } from "./fixtures/portal-readings";
import { openLatestStatement } from "./fixtures/statement";

/**
 * Issue 8, the whole-journey proof: one borrower from a partner's signed lead
 * to a posted payment, on the journey's own site (it moves the servicing
 * clock). Every figure a page shows is checked to the cent against the
 * ledger (GET /api/dev/ledger) AND against the fee rules worked out here from
 * the lead, so a wrong page, a wrong derivation or a wrong rule each fails.
 */

const PASSWORD = "Journey!pass8";
const DRAW_CENTS = 200_00;

/** What the transactions page calls each kind of ledger row. */
const DESCRIPTION: Record<string, string> = { draw: "Cash Advance", cash_advance_fee: "Cash Advance Fee", carried_balance_fee: "Carried Balance Fee", payment: "Payment" };
const CREDITS = new Set(["payment", "adjustment"]);

/** The completed transactions the page must list: every ledger row, credits negative. */
function expectedRows(ledger: DevLedger) {
  return ledger.entries
    .map((e) => ({ date: e.effectiveDate, amountCents: CREDITS.has(e.kind) ? -e.amountCents : e.amountCents, description: DESCRIPTION[e.kind] ?? e.kind, id: e.id }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The transactions page agrees with the ledger row for row, and its rows add up to the balance. */
function expectTransactionsMatch(shown: TransactionsPage, ledger: DevLedger) {
  expect([...shown.completed].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(expectedRows(ledger));
  expect(shown.completed.reduce((sum, r) => sum + r.amountCents, 0)).toBe(ledger.figures.balanceCents);
}

/** The account page agrees with the ledger's derived figures, and the balance with a plain sum of the rows. */
function expectAccountMatches(shown: AccountFigures, ledger: DevLedger) {
  const { figures: derived } = ledger;
  expect(signedSum(ledger.entries, ledger.today)).toBe(derived.balanceCents);
  expect(shown.balance).toBe(derived.balanceCents);
  expect(shown.limit).toBe(ledger.creditLimitCents);
  expect(shown.donutLimit).toBe(ledger.creditLimitCents);
  expect(shown.available).toBe(derived.availableCreditCents);
  expect(shown.available).toBe(ledger.creditLimitCents - derived.balanceCents);
  expect(shown.minimumDue).toBe(derived.nextMinimumDueCents);
  expect(shown.statementDates).toEqual(ledger.statements.map((s) => s.statementDate).reverse());
}

/**
 * The borrower comes back after the clock moved days ahead: their platform
 * token (30 minutes) is long expired, as it would be, so they log in again.
 */
async function comeBackLater(page: Page, email: string) {
  await page.context().clearCookies();
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);
}

test("one borrower: partner lead, e-sign with a first draw, a statement, a payment, and every figure agrees with the ledger to the cent", async ({ page, request }) => {
  const lead = demoLead();
  const email = lead.personal.email;
  const cycle = billingCycleFor(lead.payFrequency.interval as "B");
  // The fee rules, worked out from the lead and the draw (0-decisions.md, functions/fees.ts).
  const drawFee = cashAdvanceFee(DRAW_CENTS, cycle);
  const principal = DRAW_CENTS - drawFee;
  const carriedFee = carriedBalanceFee(principal, cycle);
  const statementMinimum = minimumPayment(principal, cycle);
  let limit = 0;
  let dueDate = "";
  let paymentDate = "";
  let confirmation = "";
  let beforePayment: AccountFigures | undefined;

  await test.step("1. the demo partner posts a signed lead: approved, with a one-time link to this site", async () => {
    const res = await postSignedLead(request, lead);
    expect(res.status(), await res.text()).toBe(200);
    const answer = (await res.json()) as { status: string; applicationId: number; redirectUrl: string };
    expect(answer.status).toBe("approved");
    expect(answer.redirectUrl).toMatch(new RegExp(`^${test.info().project.use.baseURL}/apply/approved\\?ID=[\\w-]+$`));
    const [mm, dd, yyyy] = lead.personal.birthdate.split("/");
    const decision = decide({ dob: `${yyyy}-${mm}-${dd}`, state: lead.address.state, takeHomeCents: 1500_00, frequency: "B", today: new Date().toISOString().slice(0, 10) });
    expect(decision.status).toBe("A");
    limit = decision.limitCents;

    await page.goto(answer.redirectUrl);
    await expect(page).toHaveURL(/\/apply\/approved$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Congratulations, ${lead.personal.firstName}! You're conditionally approved for a line of credit of $${limit / 100}.`);
  });

  await test.step("2. e-sign: a password confirmed by passcode, the agreements, contact consent, a $200 first draw, the signature", async () => {
    await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    await expect(page).toHaveURL(/\/esign\/consent$/);
    await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Password" }).click();
    await expect(page.getByText("We e-mailed you a six-digit passcode")).toBeVisible();
    await page.getByLabel("Digit 1 of 6").focus();
    await page.keyboard.insertText(await latestPasscode(page, email));
    await page.locator(".inline-password").getByRole("button", { name: "NEXT" }).click();
    await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();

    for (const label of REQUIRED_AGREEMENTS) await agree(page, label);
    await page.getByLabel("Yes").first().check();
    await page.getByLabel("Draw amount ($)").fill(String(DRAW_CENTS / 100));
    // The fee shown live is the fee rule's, to the cent: $10.00 on $200 at 5%.
    await expect(page.locator("#draw-figures")).toContainText(`Cash advance fee: $${(drawFee / 100).toFixed(2)}; you receive $${(principal / 100).toFixed(2)}.`);
    await page.getByRole("button", { name: "Save and Continue" }).click();

    await expect(page).toHaveURL(/\/esign\/signature$/);
    await expect(page.getByLabel("Electronic Funds Transfer")).toBeChecked();
    await page.getByLabel(/I am not an active-duty member/).check();
    await page.getByLabel(/eSign terms/).check();
    await page.getByLabel("Type your first and last name to eSign").fill(`${lead.personal.firstName} ${lead.personal.lastName}`);
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await expect(page).toHaveURL(/\/esign\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Congrats, ${lead.personal.firstName}. You've successfully eSigned your line of credit.`);

    // The funding date shown is the draw request's, a business day after the draw.
    const ledger = await readLedger(request, email);
    const drawRequests = ledger.transactions.filter((t) => t.code === "D");
    expect(drawRequests).toEqual([expect.objectContaining({ amountCents: DRAW_CENTS, status: "pending" })]);
    const funding = drawRequests[0]!.effectiveDate;
    expect(isBusinessDay(funding) && funding > ledger.today).toBe(true);
    const longFunding = new Date(`${funding}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
    await expect(page.getByText(`We're processing your $${DRAW_CENTS / 100} draw. The funds may show in your bank account as soon as ${longFunding}.`)).toBeVisible();
    await page.locator("main").getByRole("button", { name: "Log Out" }).click();
  });

  await test.step("3. logs in: balance = the draw, available = limit - draw, the cash advance and its fee listed", async () => {
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    const ledger = await readLedger(request, email);
    expect(ledger.cycle).toBe(cycle);
    expect(ledger.creditLimitCents).toBe(limit);
    // The full draw is owed: the deposited part as principal, the fee as a fee row.
    expect(ledger.entries.map((e) => [e.kind, e.amountCents, e.effectiveDate])).toEqual(
      expect.arrayContaining([["draw", principal, ledger.today], ["cash_advance_fee", drawFee, ledger.today]]),
    );
    expect(ledger.entries).toHaveLength(2);
    expect(ledger.figures.balanceCents).toBe(DRAW_CENTS);
    expect(ledger.figures.nextMinimumDueCents).toBe(0);

    const account = await readAccountPage(page);
    expectAccountMatches(account, ledger);
    expect(account.balance).toBe(DRAW_CENTS);
    expect(account.available).toBe(limit - DRAW_CENTS);
    // The first due date: a pay date (every 14 days from the lead's pay dates), at least 14 days after the draw.
    expect(account.nextDueDate).not.toBeNull();
    dueDate = account.nextDueDate!;
    expect(daysBetween(lead.payFrequency.firstPayDate, dueDate) % 14).toBe(0);
    expect(daysBetween(ledger.today, dueDate)).toBeGreaterThanOrEqual(servicing.firstDueAfterDrawDays);
    expect(daysBetween(ledger.today, dueDate)).toBeLessThan(servicing.firstDueAfterDrawDays + 14);

    const transactions = await readTransactionsPage(page);
    expectTransactionsMatch(transactions, ledger);
    const shown = transactions.completed.map((r) => [r.description, r.amountCents]);
    expect(shown).toHaveLength(2);
    expect(shown).toEqual(expect.arrayContaining([["Cash Advance", principal], ["Cash Advance Fee", drawFee]]));
    expect(transactions.inProcess).toEqual([]);
  });

  await test.step("4. the clock passes the statement date: a statement for this borrower, the carried balance fee, balance = draw + fee", async () => {
    const statementDate = addDays(dueDate, -servicing.statementLeadDays);
    const before = await readLedger(request, email);
    const moved = await moveClockDays(request, daysBetween(before.today, statementDate) + 1);
    expect(moved.report.statementsIssued).toBeGreaterThanOrEqual(1);
    await comeBackLater(page, email);

    const ledger = await readLedger(request, email);
    expect(ledger.today > statementDate && ledger.today < dueDate, `servicing date ${ledger.today} is after ${statementDate}, before ${dueDate}`).toBe(true);
    expect(ledger.statements).toEqual([
      expect.objectContaining({ statementDate, dueDate, principalCents: principal, feeCents: carriedFee, balanceCents: DRAW_CENTS + carriedFee, minimumDueCents: statementMinimum, pastDueCents: 0 }),
    ]);
    expect(ledger.entries.filter((e) => e.kind === "carried_balance_fee").map((e) => [e.amountCents, e.effectiveDate])).toEqual([[carriedFee, statementDate]]);
    expect(ledger.figures).toMatchObject({ balanceCents: DRAW_CENTS + carriedFee, nextMinimumDueCents: statementMinimum, nextDueDate: dueDate, pastDueCents: 0 });

    const account = await readAccountPage(page);
    expectAccountMatches(account, ledger);
    expect(account.nextDueDate).toBe(dueDate);
    expect(account.balance).toBe(DRAW_CENTS + carriedFee);
    beforePayment = account;
    expectTransactionsMatch(await readTransactionsPage(page), ledger);

    const statement = await openLatestStatement(page);
    expect(statement.id).toBe(ledger.statements[0]!.id);
    expect(statement.figures.text).toContain(`${lead.personal.firstName} ${lead.personal.lastName}, ${lead.address.streetAddress}, ${lead.address.city}, ${lead.address.state} ${lead.address.zip}`);
    expect(statement.figures).toMatchObject({ statementDate, dueDate, creditLimit: limit, principal, carriedBalanceFee: carriedFee, feesOwed: drawFee + carriedFee, newBalance: DRAW_CENTS + carriedFee, pastDue: 0, minimumPayment: statementMinimum });
    // The printed summary adds up: principal + fees owed = new balance.
    expect(statement.figures.principal + statement.figures.feesOwed).toBe(statement.figures.newBalance);
  });

  await test.step("5. schedules the Next Minimum Due on the first allowed business day: a confirmation number, the payment in process", async () => {
    const ledger = await readLedger(request, email);
    await gotoHydrated(page, "/payments");
    const minimum = radio(page, /^Next Minimum Due/);
    // The default, labelled with the statement's minimum worked out by the fee rule.
    await expect(minimum).toBeChecked();
    await expect(minimum).toHaveAccessibleName(`Next Minimum Due $${(statementMinimum / 100).toFixed(2)}`);
    await stepContinue(page, "amount").click();
    paymentDate = await pickFirstDay(page);
    expect(paymentDate).toBe(achEffectiveDate(new Date(ledger.now), false));
    expect(paymentDate <= dueDate).toBe(true);
    await stepContinue(page, "date").click();
    await expect(page.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
    await expect(page.locator(".payment-figures")).toContainText(us(paymentDate));
    await expect(page.locator(".payment-figures")).toContainText(`$${(statementMinimum / 100).toFixed(2)}`);
    await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeFocused();
    confirmation = (await page.locator(".payment-thanks dd").last().innerText()).trim();
    expect(confirmation).toMatch(/^\d{9}$/);

    // The confirmation number is the platform's payment request; nothing is owed less until it posts.
    const after = await readLedger(request, email);
    expect(after.transactions.filter((t) => t.code === "P")).toEqual([{ id: Number(confirmation), code: "P", amountCents: statementMinimum, effectiveDate: paymentDate, status: "pending" }]);
    expect(after.figures.balanceCents).toBe(ledger.figures.balanceCents);
    const transactions = await readTransactionsPage(page);
    expect(transactions.inProcess).toEqual([{ date: paymentDate, amountCents: statementMinimum, type: "EFT Payment" }]);
    expectTransactionsMatch(transactions, after);
    expectAccountMatches(await readAccountPage(page), after);
  });

  await test.step("6. the clock passes the payment date: the servicing posts it and the balance drops by exactly that amount", async () => {
    const before = await readLedger(request, email);
    const moved = await moveClockDays(request, daysBetween(before.today, paymentDate) + 1);
    expect(moved.report.paymentsPosted).toBeGreaterThanOrEqual(1);
    await comeBackLater(page, email);

    const ledger = await readLedger(request, email);
    expect(ledger.today < dueDate, `servicing date ${ledger.today} is before the due date ${dueDate}`).toBe(true);
    expect(ledger.transactions.find((t) => t.id === Number(confirmation))?.status).toBe("posted");
    expect(ledger.entries.filter((e) => e.kind === "payment").map((e) => [e.id, e.amountCents, e.effectiveDate])).toEqual([[`P${confirmation}`, statementMinimum, paymentDate]]);

    const transactions = await readTransactionsPage(page);
    expect(transactions.inProcess).toEqual([]);
    expect(transactions.completed).toContainEqual({ date: paymentDate, amountCents: -statementMinimum, description: "Payment", id: `P${confirmation}` });
    const account = await readAccountPage(page);
    expect(account.balance).toBe(beforePayment!.balance - statementMinimum);
    expect(account.available).toBe(beforePayment!.available + statementMinimum);
    // The statement's minimum is paid: nothing more is due by the due date.
    expect(account.minimumDue).toBe(0);
    expect(account.nextDueDate).toBe(dueDate);
  });

  await test.step("7. final reconciliation to the cent: account page, transactions, latest statement and the ledger", async () => {
    const ledger = await readLedger(request, email);
    const expectedBalance = DRAW_CENTS + carriedFee - statementMinimum;
    expect(ledger.figures).toMatchObject({ balanceCents: expectedBalance, availableCreditCents: limit - expectedBalance, nextMinimumDueCents: 0, pastDueCents: 0, nextDueDate: dueDate });
    expect(ledger.standing).toBe("current");

    const account = await readAccountPage(page);
    expectAccountMatches(account, ledger);
    expect(account.balance).toBe(expectedBalance);

    const transactions = await readTransactionsPage(page);
    expectTransactionsMatch(transactions, ledger);
    expect(transactions.completed.reduce((sum, r) => sum + r.amountCents, 0)).toBe(expectedBalance);

    // The latest statement: its printed figures are the ledger's as of its statement date.
    const latest = ledger.statements.at(-1)!;
    const statement = await openLatestStatement(page);
    expect(statement.id).toBe(latest.id);
    expect(statement.figures.newBalance).toBe(latest.newBalanceCents);
    expect(statement.figures.newBalance).toBe(signedSum(ledger.entries, latest.statementDate));
    expect(statement.figures.principal).toBe(latest.principalCents);
    expect(statement.figures.carriedBalanceFee).toBe(latest.feeCents);
    expect(statement.figures.minimumPayment).toBe(latest.minimumDueCents + latest.pastDueCents);
    expect(statement.figures.minimumPayment).toBe(minimumPayment(latest.principalCents, cycle));
  });
});
