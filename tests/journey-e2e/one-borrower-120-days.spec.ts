import { addDays } from "#domain/calendar";
import { logIn } from "../e2e/fixtures/portal";
import { type APIRequestContext, expect, type Page, test } from "../e2e/fixtures/test";
import {
  drawInPortal,
  expectDrawsBlocked,
  nextDayOnDevClock,
  payOtherAmount,
  payPastDue,
  returnOnDevClock,
  screenshots,
} from "./fixtures/borrower-actions";
import { expectAccountMatches, expectPaymentsMatch, expectTransactionsMatch, longDate, usd } from "./fixtures/expected";
import { drawFee } from "./fixtures/fee-rules";
import { clockTo, type DevLedger, readLedger, startTheDayAtNine } from "./fixtures/ledger";
import { addPasskey, comeBackWithPasskey } from "./fixtures/passkey";
import { readAccountPage, readPaymentsPage, readTransactionsPage } from "./fixtures/portal-readings";
import { type Cycle, plainCycles, plainPayDates } from "./fixtures/schedule";
import { comeBackLater, eSignWithDraw, partnerLead } from "./fixtures/sign-up";
import { openStatements, type PrintedStatement } from "./fixtures/statement";
import { expectStatementsMatch } from "./fixtures/statements-check";

/**
 * Issue 13, the Chromium proof: ONE borrower (a partner's lead, bi-weekly
 * pay, EFT) through 120 days of the servicing clock, as a person would live
 * them: logging in again after every move of the clock, paying, drawing,
 * having two automatic payments returned by the bank and curing the
 * delinquency once by the next automatic payment and once by a one-time
 * payment. At every stop /account, /payments, /transactions and every
 * statement PDF are checked against the engine's figures
 * (GET /api/dev/ledger), and the statements against their own identities
 * and the fee table (fixtures/statements-check.ts).
 *
 * The walk's money is also worked out by hand below: its first 63 days are
 * the worked example of 4-money-example.md (a $500 draw, $45.00, $43.75, a
 * $100 payment, $39.75 returned, $78.52 collected), then a $200 draw moves
 * the principal into the next fee band. The lead's pay dates are chosen so
 * no due date in the walk moves for a weekend or a holiday, which is what
 * keeps those hand figures true whatever the date (fixtures/schedule.ts).
 * The clock is shared with the other journey: "today" is always read from
 * the ledger.
 */

const PASSWORD = "Journey!pass13";

/**
 * A client IP of this run's own: the walk signs in at every stop, and the
 * per-IP limits (passkey ceremonies: 60 in 10 minutes) would otherwise count
 * a rerun straight after a failed run together with it.
 */
const runIp = `10.${Array.from(crypto.getRandomValues(new Uint8Array(3)), (b, i) => (i === 2 ? (b % 254) + 1 : b)).join(".")}`;
test.use({ extraHTTPHeaders: { "CF-Connecting-IP": runIp } });
const WALK_DAYS = 120;

/** Each statement as worked out by hand from 0-decisions.md: principal on its date, carried balance fee, own minimum. */
const BY_HAND: ReadonlyArray<{ principal: number; fee: number; minimum: number }> = [
  { principal: 500_00, fee: 20_00, minimum: 45_00 },
  { principal: 475_00, fee: 20_00, minimum: 43_75 },
  { principal: 395_00, fee: 20_00, minimum: 39_75 },
  { principal: 375_25, fee: 20_00, minimum: 38_77 },
  { principal: 356_48, fee: 20_00, minimum: 37_83 },
  // The $200 draw on the 4th due date: 556.48, less the 5th automatic payment's 17.83 to principal: the 500.01-750 band.
  { principal: 538_65, fee: 30_00, minimum: 56_94 },
  { principal: 511_71, fee: 30_00, minimum: 55_59 },
  { principal: 486_12, fee: 20_00, minimum: 44_31 },
  { principal: 461_81, fee: 20_00, minimum: 43_10 },
];

/** The automatic payment each due date collects (by hand): none on the 2nd (the $100 paid it), two minimums on the 4th. */
const AUTOMATIC_BY_HAND = [45_00, 0, 39_75, 78_52, 37_83, 56_94, 55_59, 44_31];

interface Walk {
  page: Page;
  request: APIRequestContext;
  email: string;
  limitCents: number;
  openedOn: string;
  cycles: Cycle[];
  /** Takes the passkey's device away (the virtual authenticator). */
  leaveDevice: () => Promise<void>;
}

/** Every page the borrower reads, against the engine's figures for today, and every statement as issued and by hand. */
async function checkEverything(w: Walk): Promise<{ ledger: DevLedger; printed: PrintedStatement[] }> {
  const ledger = await readLedger(w.request, w.email);
  expectAccountMatches(await readAccountPage(w.page), ledger);
  expectPaymentsMatch(await readPaymentsPage(w.page), ledger);
  expectTransactionsMatch(await readTransactionsPage(w.page), ledger);
  const printed = expectStatementsMatch(await openStatements(w.page), ledger, w.openedOn);
  // The schedule worked out from the lead's pay dates, and the figures worked out by hand. Every statement is issued
  // on a due date after that day's automatic payment has collected what was due, so none shows a past due amount.
  expect(ledger.statements.map((s) => ({ statementDate: s.statementDate, dueDate: s.dueDate }))).toEqual(
    w.cycles.slice(0, ledger.statements.length),
  );
  for (const [i, s] of ledger.statements.entries()) {
    expect(
      { principal: s.principalCents, fee: s.feeCents, minimum: s.minimumDueCents, pastDue: s.pastDueCents },
      `statement ${i + 1}`,
    ).toEqual({ ...BY_HAND[i], pastDue: 0 });
  }
  // Nothing moved while the pages were read.
  expect((await readLedger(w.request, w.email)).today).toBe(ledger.today);
  return { ledger, printed };
}

/** The clock to `date` (a big step, then +1d), the borrower back through the login page (with the passkey), every page checked. */
async function stopOn(w: Walk, date: string) {
  await clockTo(w.request, w.email, date);
  await comeBackWithPasskey(w.page);
  return checkEverything(w);
}

const automaticOn = (ledger: DevLedger, day: string) =>
  ledger.entries.filter((e) => e.kind === "payment" && e.origin === "automatic" && e.effectiveDate === day);

/** A due date: the automatic payment collected exactly what the pages promised, and the next statement is out. */
async function dueDateStop(w: Walk, k: number) {
  const before = (await readLedger(w.request, w.email)).figures.nextAutomaticPayment;
  const due = w.cycles[k]!.dueDate;
  const byHand = AUTOMATIC_BY_HAND[k];
  // The pages promised exactly this debit; on a due date that owes nothing they promised none.
  if (byHand)
    expect(before, `the pages promised the automatic payment of ${due}`).toEqual({ date: due, amountCents: byHand });
  else expect(before?.date ?? null, `no debit promised for ${due}, which owes nothing`).not.toBe(due);
  const result = await stopOn(w, due);
  const collected = automaticOn(result.ledger, due);
  expect(
    collected.map((e) => e.amountCents),
    `the automatic payment of due date ${k + 1}`,
  ).toEqual(byHand ? [byHand] : []);
  expect(result.ledger.statements).toHaveLength(k + 2);
  expect(result.ledger.standing).toBe("current");
  return result;
}

/** The day after a due date, by the /dev/clock page's +1d: the bank returns that day's automatic payment; the borrower is delinquent everywhere. */
async function returnTheAutomaticPayment(w: Walk, k: number, expected: { pastDue: number; currentDue: number }) {
  const due = w.cycles[k]!.dueDate;
  const [payment] = automaticOn(await readLedger(w.request, w.email), due);
  await nextDayOnDevClock(w.page);
  const status = await returnOnDevClock(w.page, w.email, {
    transactionId: payment!.reference!,
    amountCents: payment!.amountCents,
    postedOn: due,
    description: "Automatic Payment",
  });
  const total = expected.pastDue + expected.currentDue;
  expect(status).toBe(
    `Returned the payment of ${usd(payment!.amountCents)} from ${longDate(due)} (Trans. ID ${payment!.reference}) on ${longDate(addDays(due, 1))}. ` +
      `The account is now delinquent: past due ${usd(expected.pastDue)}, Next Minimum Due ${usd(total)}.`,
  );
  await comeBackWithPasskey(w.page);
  const result = await checkEverything(w);
  const { ledger } = result;
  expect(ledger.today).toBe(addDays(due, 1));
  expect(
    ledger.entries
      .filter((e) => e.kind === "payment_return" && e.reversesId === payment!.id)
      .map((e) => [e.amountCents, e.effectiveDate]),
  ).toEqual([[payment!.amountCents, ledger.today]]);
  expect(ledger.figures).toMatchObject({
    standing: "delinquent",
    pastDueCents: expected.pastDue,
    currentDueCents: expected.currentDue,
    nextMinimumDueCents: total,
    nextDueDate: w.cycles[k + 1]!.dueDate,
    shownAvailableCreditCents: 0,
    nextAutomaticPayment: { date: w.cycles[k + 1]!.dueDate, amountCents: total },
  });
  const payments = await readPaymentsPage(w.page);
  expect(payments.header).toContain(
    `Your Minimum Payment of ${usd(expected.currentDue)} is due on ${longDate(w.cycles[k + 1]!.dueDate)}; this does not include your Past Due amount of ${usd(expected.pastDue)}.`,
  );
  const account = await readAccountPage(w.page);
  expect([account.pastDueBanner, account.donutPastDue, account.available, account.drawOffered]).toEqual([
    true,
    true,
    0,
    false,
  ]);
  await expectDrawsBlocked(w.page);
  return result;
}

test("one EFT borrower through 120 days: statements, automatic payments, a one-time payment, a draw, two returned payments, delinquency cured twice, every page and statement to the cent", async ({
  page,
  request,
}, info) => {
  // About a minute alone; a shared two-core machine can make it several.
  test.setTimeout(10 * 60_000);
  const w: Walk = {
    page,
    request,
    email: "",
    limitCents: 0,
    openedOn: "",
    cycles: [],
    leaveDevice: async () => undefined,
  };
  let end = "";

  await test.step("day 0: a partner's lead, e-sign with a $500 first draw: one Cash Advance row, $25 kept, $475 deposited", async () => {
    const clockToday = await startTheDayAtNine(request);
    const payFrequency = plainPayDates(new Date().toISOString().slice(0, 10), clockToday, WALK_DAYS + 30);
    const who = await partnerLead(page, request, payFrequency);
    w.email = who.email;
    // $1,500 every two weeks: $3,250 a month, 25% of it floored to $25.
    expect(who.limitCents).toBe(800_00);
    w.limitCents = who.limitCents;
    await eSignWithDraw(page, request, who, PASSWORD, 500_00);
    await logIn(page, w.email, PASSWORD);
    w.leaveDevice = (await addPasskey(page, "Phone")).leaveDevice;
    const ledger = await readLedger(request, w.email);
    w.openedOn = ledger.today;
    end = addDays(ledger.today, WALK_DAYS);
    w.cycles = plainCycles(payFrequency.firstPayDate, ledger.today, addDays(end, 14));
    expect(ledger.entries.map((e) => [e.kind, e.amountCents, e.feeCents, e.effectiveDate])).toEqual([
      ["draw", 500_00, drawFee(500_00), ledger.today],
    ]);
    expect(drawFee(500_00)).toBe(25_00);
    const { ledger: day0 } = await checkEverything(w);
    expect(day0.figures).toMatchObject({
      balanceCents: 500_00,
      nextMinimumDueCents: 0,
      nextDueDate: w.cycles[0]!.dueDate,
      nextAutomaticPayment: null,
    });
  });

  await test.step("statement 1: fee $20.00, minimum $45.00; the automatic payment of $45.00 is promised for the first due date", async () => {
    // Days later the borrower's platform token (30 minutes of servicing time) has expired: the portal asks for a login.
    await clockTo(request, w.email, w.cycles[0]!.statementDate);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await comeBackWithPasskey(page);
    const { ledger } = await checkEverything(w);
    expect(ledger.figures).toMatchObject({
      balanceCents: 520_00,
      nextMinimumDueCents: 45_00,
      nextAutomaticPayment: { date: w.cycles[0]!.dueDate, amountCents: 45_00 },
    });
  });

  await test.step("due date 1: $45.00 collected; statement 2 asks $43.75; a one-time $100.00 payment scheduled for the next business day", async () => {
    await dueDateStop(w, 0);
    const { date, confirmation } = await payOtherAmount(page, 100_00);
    expect(date > w.cycles[0]!.dueDate && date < w.cycles[1]!.dueDate).toBe(true);
    const { ledger } = await checkEverything(w);
    expect(ledger.transactions.filter((t) => t.status === "pending")).toEqual([
      { id: confirmation, code: "P", amountCents: 100_00, effectiveDate: date, status: "pending" },
    ]);
    // The automatic payment of due date 2 is less the payment scheduled before it: nothing, so none is coming and the pages promise none.
    expect(ledger.figures.nextAutomaticPayment).toBeNull();

    const posted = await stopOn(w, date);
    expect(posted.ledger.figures).toMatchObject({
      principalCents: 395_00,
      balanceCents: 395_00,
      nextMinimumDueCents: 0,
    });
  });

  await test.step("due dates 2 and 3: nothing collected on the 2nd; $39.75 on the 3rd; statement 4 asks $38.77", async () => {
    await dueDateStop(w, 1);
    const { ledger } = await dueDateStop(w, 2);
    expect(ledger.figures).toMatchObject({ principalCents: 375_25, balanceCents: 395_25, nextMinimumDueCents: 38_77 });
  });

  await test.step("the day after: the bank returns the $39.75; past due $39.75, current due $38.77, Next Minimum Due $78.52 everywhere, draws blocked", async () => {
    const { ledger } = await returnTheAutomaticPayment(w, 2, { pastDue: 39_75, currentDue: 38_77 });
    expect(ledger.figures).toMatchObject({ principalCents: 395_00, unpaidFeesCents: 40_00, balanceCents: 435_00 });
    await screenshots(page, info, "delinquent-account", "/account");
    await screenshots(page, info, "delinquent-payments", "/payments");
  });

  await test.step("due date 4: the automatic payment collects both minimums ($78.52) and cures it; then a $200 draw", async () => {
    const { ledger } = await dueDateStop(w, 3);
    expect(ledger.figures).toMatchObject({ principalCents: 356_48, balanceCents: 376_48, nextMinimumDueCents: 37_83 });
    await drawInPortal(page, 200_00, drawFee(200_00));
    const after = await checkEverything(w);
    const draws = after.ledger.entries.filter((e) => e.kind === "draw");
    expect(draws.map((e) => [e.amountCents, e.feeCents, e.effectiveDate])).toEqual([
      [500_00, 25_00, w.openedOn],
      [200_00, 10_00, ledger.today],
    ]);
    expect(after.ledger.figures).toMatchObject({
      principalCents: 556_48,
      balanceCents: 576_48,
      availableCreditCents: w.limitCents - 576_48,
      nextMinimumDueCents: 37_83,
    });
    await screenshots(page, info, "transactions", "/transactions");
  });

  await test.step("due date 5: $37.83 collected; statement 6 bills the 500.01-750 band; the next day the bank returns the $37.83", async () => {
    const { printed } = await dueDateStop(w, 4);
    expect(printed[5]).toMatchObject({ draws: 200_00, payments: -37_83, carriedBalanceFee: 30_00, newBalance: 568_65 });
    const { ledger } = await returnTheAutomaticPayment(w, 4, { pastDue: 37_83, currentDue: 56_94 });
    expect(ledger.figures).toMatchObject({ principalCents: 556_48, unpaidFeesCents: 50_00, balanceCents: 606_48 });
  });

  await test.step("cured by a one-time payment of the Past Due amount through /payments, authorized in the modal", async () => {
    const { date, confirmation } = await payPastDue(page, 37_83);
    const { ledger } = await checkEverything(w);
    expect(ledger.transactions.filter((t) => t.status === "pending")).toEqual([
      { id: confirmation, code: "P", amountCents: 37_83, effectiveDate: date, status: "pending" },
    ]);
    // Still past due until it posts; the automatic payment of due date 6 is less what is scheduled before it.
    expect(ledger.figures).toMatchObject({
      standing: "delinquent",
      nextAutomaticPayment: { date: w.cycles[5]!.dueDate, amountCents: 56_94 },
    });

    const posted = await stopOn(w, date);
    expect(posted.ledger.figures).toMatchObject({
      standing: "current",
      pastDueCents: 0,
      principalCents: 538_65,
      balanceCents: 568_65,
      nextMinimumDueCents: 56_94,
    });
    expect(posted.ledger.figures.shownAvailableCreditCents).toBe(w.limitCents - 568_65);
  });

  await test.step(`the due dates to day ${WALK_DAYS}: each automatic payment collects what the pages promised`, async () => {
    for (let k = 5; w.cycles[k]!.dueDate <= end; k++) await dueDateStop(w, k);
    const today = (await readLedger(request, w.email)).today;
    if (today < end) await clockTo(request, w.email, end);
    // The last time without the passkey's device: the password, typed on the login page.
    await w.leaveDevice();
    await comeBackLater(page, w.email, PASSWORD);
    const { ledger, printed } = await checkEverything(w);
    expect(ledger.today >= end).toBe(true);
    expect(ledger.standing).toBe("current");
    // Every return was collected again: two returned payments, each followed by the payment that cured it.
    expect(ledger.entries.filter((e) => e.kind === "payment_return").map((e) => e.amountCents)).toEqual([39_75, 37_83]);
    expect(printed.length).toBeGreaterThanOrEqual(8);
    await screenshots(page, info, "current-again-account", "/account");
  });
});
