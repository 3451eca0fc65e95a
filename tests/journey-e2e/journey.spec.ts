import { achEffectiveDate, addDays, daysBetween } from "#domain/calendar";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { pickFirstDay, radio, stepContinue } from "../e2e/fixtures/payments";
import { logIn } from "../e2e/fixtures/portal";
import { expect, test } from "../e2e/fixtures/test";
import { expectAccountMatches, expectPaymentsMatch, expectTransactionsMatch, longDate, usd } from "./fixtures/expected";
import { carriedFee, drawFee, ownMinimum } from "./fixtures/fee-rules";
import { clockTo, type DevLedger, readLedger, startTheDayAtNine } from "./fixtures/ledger";
import { readAccountPage, readPaymentsPage, readTransactionsPage } from "./fixtures/portal-readings";
import { comeBackLater, eSignWithDraw, partnerLead } from "./fixtures/sign-up";
import { openStatements } from "./fixtures/statement";
import { expectStatementsMatch } from "./fixtures/statements-check";

/**
 * Issue 8, the whole-journey proof: one borrower from a partner's signed lead
 * to a posted payment and the next statement, on the journey's own site (it
 * moves the servicing clock). Every figure a page shows is checked to the
 * cent against the engine (GET /api/dev/ledger) AND against the fee rules
 * worked out here from the lead (fixtures/fee-rules.ts, written out from
 * 0-decisions.md), so a wrong page, a wrong derivation or a wrong rule each fails.
 *
 * The clock is shared with the other journey: every date here is read from
 * the ledger, never assumed.
 */

const PASSWORD = "Journey!pass8";
const DRAW_CENTS = 200_00;

test("one borrower: partner lead, e-sign with a first draw, a statement, a payment, the next statement, and every figure agrees with the ledger to the cent", async ({
  page,
  request,
}) => {
  // The fee rules for a $200 draw by a bi-weekly earner: a $10 fee kept from the deposit, the full $200 owed.
  const fee = drawFee(DRAW_CENTS);
  const firstFee = carriedFee(DRAW_CENTS);
  const firstMinimum = ownMinimum(DRAW_CENTS);
  // The minimum pays the fee first; the rest lowers principal, on which the next statement is billed.
  const principalAfterPayment = DRAW_CENTS - (firstMinimum - firstFee);
  let email = "";
  let address = "";
  let openedOn = "";
  let dueDate = "";
  let paymentDate = "";
  let confirmation = "";
  const pages = async (ledger: DevLedger) => {
    expectAccountMatches(await readAccountPage(page), ledger);
    expectPaymentsMatch(await readPaymentsPage(page), ledger);
    expectTransactionsMatch(await readTransactionsPage(page), ledger);
    return expectStatementsMatch(await openStatements(page), ledger, openedOn);
  };

  await test.step("1-2. a partner's signed lead, then e-sign with a $200 first draw and EFT repayment", async () => {
    await startTheDayAtNine(request);
    const who = await partnerLead(page, request);
    email = who.email;
    const { personal, address: home } = who.lead;
    address = `${personal.firstName} ${personal.lastName}, ${home.streetAddress}, ${home.city}, ${home.state} ${home.zip}`;
    await eSignWithDraw(page, request, who, PASSWORD, DRAW_CENTS);
    const ledger = await readLedger(request, email);
    expect(ledger.creditLimitCents).toBe(who.limitCents);
    openedOn = ledger.today;
  });

  await test.step("3. logs in: balance = the full draw, one Cash Advance row with its fee and deposit, no statement yet", async () => {
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/account$/);
    const ledger = await readLedger(request, email);
    expect(ledger.cycle).toBe("biweekly");
    expect(ledger.entries.map((e) => [e.kind, e.amountCents, e.feeCents, e.effectiveDate])).toEqual([
      ["draw", DRAW_CENTS, fee, ledger.today],
    ]);
    expect(ledger.figures).toMatchObject({
      balanceCents: DRAW_CENTS,
      principalCents: DRAW_CENTS,
      nextMinimumDueCents: 0,
      nextAutomaticPayment: null,
    });
    expect(await pages(ledger)).toEqual([]);

    const transactions = await readTransactionsPage(page);
    expect(transactions.completed.map((r) => [r.description, r.amountCents, r.detail])).toEqual([
      ["Cash Advance", DRAW_CENTS, `Fee ${usd(fee)}, ${usd(DRAW_CENTS - fee)} deposited`],
    ]);
    expect(transactions.inProcess).toEqual([]);
    // The first due date: a pay date (every 14 days from the lead's), its statement after the draw's day.
    dueDate = ledger.figures.nextDueDate!;
    expect(daysBetween(ledger.today, dueDate)).toBeGreaterThan(14);
    expect(daysBetween(ledger.today, dueDate)).toBeLessThanOrEqual(28 + 3);
  });

  await test.step("4. the statement date: statement 1 bills the carried balance fee; Next Minimum Due and the automatic payment are its minimum", async () => {
    const statementDate = addDays(dueDate, -14);
    const ledger = await clockTo(request, email, statementDate);
    await comeBackLater(page, email, PASSWORD);
    expect(ledger.statements).toEqual([
      expect.objectContaining({
        statementDate,
        dueDate,
        principalCents: DRAW_CENTS,
        feeCents: firstFee,
        newBalanceCents: DRAW_CENTS + firstFee,
        minimumDueCents: firstMinimum,
        pastDueCents: 0,
      }),
    ]);
    expect(ledger.figures).toMatchObject({
      balanceCents: DRAW_CENTS + firstFee,
      nextMinimumDueCents: firstMinimum,
      nextDueDate: dueDate,
      pastDueCents: 0,
      nextAutomaticPayment: { date: dueDate, amountCents: firstMinimum },
    });
    const [statement] = await pages(ledger);
    expect(statement!.text).toContain(address);
    expect(statement!.activity.map((a) => [a.label, a.amountCents])).toEqual([
      ["Cash Advance", DRAW_CENTS],
      ["Carried Balance Fee", firstFee],
    ]);
  });

  await test.step("5. schedules the Next Minimum Due on the first allowed business day: a confirmation number, the payment in process, no automatic payment left to make", async () => {
    const ledger = await readLedger(request, email);
    await gotoHydrated(page, "/payments");
    const minimum = radio(page, /^Next Minimum Due/);
    await expect(minimum).toBeChecked();
    await expect(minimum).toHaveAccessibleName(`Next Minimum Due ${usd(firstMinimum)}`);
    await stepContinue(page, "amount").click();
    paymentDate = await pickFirstDay(page);
    expect(paymentDate).toBe(achEffectiveDate(new Date(ledger.now), false));
    expect(paymentDate < dueDate).toBe(true);
    await stepContinue(page, "date").click();
    await expect(page.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
    await expect(page.locator(".payment-figures")).toContainText(longDate(paymentDate));
    await expect(page.locator(".payment-figures")).toContainText(usd(firstMinimum));
    await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
    await expect(page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeFocused();
    confirmation = (await page.locator(".payment-thanks dd").last().innerText()).trim();
    expect(confirmation).toMatch(/^\d{9}$/);

    // Nothing is owed less until it posts; the automatic payment of the due date is less the payment scheduled before it: nothing.
    const after = await readLedger(request, email);
    expect(after.transactions.filter((t) => t.code === "P")).toEqual([
      { id: Number(confirmation), code: "P", amountCents: firstMinimum, effectiveDate: paymentDate, status: "pending" },
    ]);
    expect(after.figures).toMatchObject({ balanceCents: ledger.figures.balanceCents, nextAutomaticPayment: null });
    await pages(after);
  });

  await test.step("6. the payment date: the servicing posts it, the balance drops by exactly that amount, nothing more is due", async () => {
    const ledger = await clockTo(request, email, paymentDate);
    await comeBackLater(page, email, PASSWORD);
    expect(ledger.transactions.find((t) => t.id === Number(confirmation))?.status).toBe("posted");
    expect(
      ledger.entries
        .filter((e) => e.kind === "payment")
        .map((e) => [e.reference, e.origin, e.amountCents, e.effectiveDate]),
    ).toEqual([[Number(confirmation), "one_time", firstMinimum, paymentDate]]);
    expect(ledger.figures).toMatchObject({
      balanceCents: DRAW_CENTS + firstFee - firstMinimum,
      principalCents: principalAfterPayment,
      nextMinimumDueCents: 0,
      nextDueDate: dueDate,
    });
    await pages(ledger);
    const transactions = await readTransactionsPage(page);
    expect(transactions.completed[0]).toEqual({
      date: paymentDate,
      amountCents: -firstMinimum,
      description: "Payment",
      detail: null,
      id: confirmation,
    });
  });

  await test.step("7. the due date: no automatic payment (the minimum is paid); statement 2 billed on the lower principal", async () => {
    const ledger = await clockTo(request, email, dueDate);
    await comeBackLater(page, email, PASSWORD);
    expect(ledger.entries.filter((e) => e.kind === "payment")).toHaveLength(1);
    const second = ledger.statements[1]!;
    // Issued 14 days before its own due date: on the first due date, or a day or so before it when a holiday moved that one.
    expect(second.statementDate).toBe(addDays(second.dueDate, -14));
    expect(second.statementDate > paymentDate && second.statementDate <= dueDate).toBe(true);
    expect(second).toMatchObject({
      principalCents: principalAfterPayment,
      feeCents: carriedFee(principalAfterPayment),
      minimumDueCents: ownMinimum(principalAfterPayment),
      pastDueCents: 0,
    });
    expect(ledger.standing).toBe("current");
    expect(ledger.figures).toMatchObject({
      balanceCents: principalAfterPayment + carriedFee(principalAfterPayment),
      nextMinimumDueCents: ownMinimum(principalAfterPayment),
      nextDueDate: second.dueDate,
      nextAutomaticPayment: { date: second.dueDate, amountCents: ownMinimum(principalAfterPayment) },
    });
    const printed = await pages(ledger);
    expect(printed[1]!.activity.map((a) => [a.label, a.amountCents])).toEqual([
      ["Payment - thank you", -firstMinimum],
      ["Carried Balance Fee", carriedFee(principalAfterPayment)],
    ]);
  });
});
