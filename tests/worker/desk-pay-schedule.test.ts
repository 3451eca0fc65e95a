import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, easternDateTime, isBusinessDay, nextBusinessDay } from "#domain/calendar";
import { formatDate, formatTableDate } from "#domain/format";
import { payScheduleMessages } from "#domain/rules/pay-schedule";
import { signedInBorrower } from "./helpers/borrowers";
import { auditCount, postToFile } from "./helpers/desk";
import { onLine, serviceLine } from "./helpers/line-object";
import { subjectsSent } from "./helpers/messages";

/**
 * CHANGE PAY SCHEDULE at the servicing desk (issue 20, decision record 026):
 * issued statements keep their due dates; the next statement falls on the
 * new pay dates; one audit row when done, none when refused, once per form.
 */
const TIMEOUT = 60_000;

const audited = (customerId: string) => auditCount(customerId, "change pay schedule");
const post = (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") =>
  postToFile(customerId, { intent: "schedule", ...fields }, role);

const statementsOf = (lineId: number) =>
  onLine<{ issued: string; due: string }>(
    lineId,
    "SELECT statement_date AS issued, due_date AS due FROM statements WHERE line_id = ? ORDER BY due_date",
    lineId,
  );

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const dayMs = (iso: string) => Date.parse(`${iso}T17:00:00Z`);

/**
 * Monthly pay dates from an anchor, written from the decisions alone: the
 * anchor's day of each later month (the last day in shorter months), moved to
 * the next business day; the first due date is the first whose statement
 * (14 days before) is after today.
 */
function monthlyPayDate(anchor: string, k: number): string {
  const [y, m, d] = anchor.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + k + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + k, Math.min(d, last))).toISOString().slice(0, 10);
}

function firstMonthlyDue(anchor: string, today: string): string {
  for (let k = 1; ; k++) {
    const pay = monthlyPayDate(anchor, k);
    const due = isBusinessDay(pay) ? pay : nextBusinessDay(pay);
    if (addDays(due, -14) > today) return due;
  }
}

describe("a pay schedule changed at the desk", { timeout: TIMEOUT }, () => {
  it("keeps issued due dates, puts the next statement on the new pay dates, once per form", async () => {
    const b = await signedInBorrower("owing");
    const today = easternDateTime(new Date()).date;
    const issued = await statementsOf(b.applNo);
    expect(issued.length, "the owing demo borrower has statements").toBeGreaterThan(0);
    const paid = addDays(today, -3);
    const expected = firstMonthlyDue(paid, today);
    const key = crypto.randomUUID();
    const changed = await post(b.customerId, { frequency: "M", lastPayDate: us(paid), key });
    expect(changed.html).toContain(
      `Pay schedule changed: Monthly. The first due date on it is ${formatTableDate(expected)}.`,
    );
    expect(changed.html).toContain(`Monthly, next paid on ${formatTableDate(monthlyPayDate(paid, 1))}`);
    const again = await post(b.customerId, { frequency: "M", lastPayDate: us(paid), key });
    expect(again.html).toContain("That change was already made: Monthly.");
    expect(await audited(b.customerId)).toBe(1);
    // The borrower is told once, with the first due date on the new schedule.
    expect(await subjectsSent(b.customerId, "accountChanged")).toEqual([
      "Your Ridgeline Credit payment due dates changed",
    ]);
    const body = await env.DB.prepare("SELECT body FROM outbox WHERE customer_id = ? AND subject LIKE '%due dates%'")
      .bind(b.customerId)
      .first<{ body: string }>();
    expect(body?.body).toContain(`Your first due date on the new schedule is ${formatDate(expected)}.`);

    // The servicing run through the new first due date's statement: issued ones unchanged, the next on the new schedule.
    await serviceLine(b.applNo, new Date(dayMs(addDays(expected, -14))));
    const after = await statementsOf(b.applNo);
    expect(after.slice(0, issued.length)).toEqual(issued);
    // Nothing on the old schedule was issued after the change: the one new statement is the new schedule's first.
    expect(after.slice(issued.length)).toEqual([{ issued: addDays(expected, -14), due: expected }]);
  });

  it("refuses a date that is not the most recent pay date, and writes nothing", async () => {
    const b = await signedInBorrower("owing");
    const today = easternDateTime(new Date()).date;
    const future = await post(b.customerId, { frequency: "B", lastPayDate: us(addDays(today, 1)) });
    expect(future.html).toContain(payScheduleMessages.future);
    const stale = await post(b.customerId, { frequency: "W", lastPayDate: us(addDays(today, -10)) });
    expect(stale.html).toContain(payScheduleMessages.notMostRecent(addDays(today, -3)));
    const sDay = await post(b.customerId, { frequency: "S", lastPayDate: us(`${today.slice(0, 8)}01`) });
    expect(sDay.html).toContain(payScheduleMessages.twiceMonthly);
    const typo = await post(b.customerId, { frequency: "B", lastPayDate: "13/45/2026" });
    expect(typo.html).toContain(payScheduleMessages.lastPayDate);
    const noFrequency = await post(b.customerId, { frequency: "X", lastPayDate: us(today) });
    expect(noFrequency.html).toContain(payScheduleMessages.frequency);
    const noReason = await post(b.customerId, { frequency: "B", lastPayDate: us(today), reason: " " });
    expect(noReason.html).toContain("Give the reason for the new pay schedule.");
    const auditor = await post(b.customerId, { frequency: "B", lastPayDate: us(today) }, "auditor");
    expect(auditor.status).toBe(403);
    expect(await audited(b.customerId)).toBe(0);
    expect(await subjectsSent(b.customerId, "accountChanged")).toEqual([]);
  });

  it("refuses a charged-off line: it has no more statements", async () => {
    const b = await signedInBorrower("chargedoff");
    const today = easternDateTime(new Date()).date;
    const refused = await post(b.customerId, { frequency: "B", lastPayDate: us(today) });
    expect(refused.status).toBe(200);
    expect(refused.html).toContain(payScheduleMessages.chargedOff);
    expect(refused.html).not.toContain('name="lastPayDate"');
    expect(await audited(b.customerId)).toBe(0);
  });
});
