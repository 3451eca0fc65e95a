/**
 * A line's alarm is set to its next event (decision record 032): the first
 * day after today on which the servicing run has anything to do for it. Here
 * the rule is checked against the run itself, day by day, on lines lived
 * through the engine: the alarm never sleeps through a day with work.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "#domain/calendar";
import { type Book, serviceDay } from "../../functions/servicing/engine/index";
import { nextEventDay } from "../../functions/servicing/objects/next-event";
import { productLine } from "../money/product-line";

const DAY0 = "2027-03-01";

/**
 * The first day after `today` whose run writes anything, found by running every day. A line with
 * nothing to do for 400 days (a charged-off balance nobody pays) is woken on the 400th to look again.
 */
function firstDayWithWork(book: Book, today: string): string {
  for (let i = 1; i <= 400; i++) {
    const day = addDays(today, i);
    const { work, book: after } = serviceDay(book, day, { at: 0, reference: () => 0 });
    const busy =
      work.posted.length + work.entries.length + work.statements.length + work.notices.length > 0 ||
      work.chargedOffOn !== null ||
      work.closure !== null;
    if (busy || after.line.status !== "open") return day;
  }
  return addDays(today, 400);
}

/** A paper-check line opened on DAY0 and serviced that morning. */
function paperCheckLine() {
  const line = productLine({
    openedOn: DAY0,
    payFrequency: "B",
    payAnchorDate: addDays(DAY0, -7),
    repaymentMethod: "K",
    creditLimitCents: 100_000,
    takeHomeCents: 200_000,
  });
  line.morning(DAY0);
  return line;
}

describe("a line's next event", () => {
  it("is the first day the run has work, whatever the line's history", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("A" as const, "K" as const),
        fc.integer({ min: 10_000, max: 90_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 1 }),
        (method, draw, days, pays) => {
          const line = productLine({
            openedOn: DAY0,
            payFrequency: "B",
            payAnchorDate: addDays(DAY0, -7),
            repaymentMethod: method,
            creditLimitCents: 100_000,
            takeHomeCents: 200_000,
          });
          line.morning(DAY0);
          line.act({ kind: "draw", amountCents: draw });
          for (let n = 1; n <= days; n++) line.morning(addDays(DAY0, n));
          const today = addDays(DAY0, days);
          if (pays) line.act({ kind: "schedulePayment", amountCents: 1_000, date: addDays(today, 3) });
          expect(nextEventDay(line.book(), [], today)).toBe(firstDayWithWork(line.book(), today));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("is a pending draw's funding day when that comes first, and nothing for a line that is not open", () => {
    const line = paperCheckLine();
    line.act({ kind: "draw", amountCents: 20_000 });
    const book = line.book();
    expect(nextEventDay(book, [addDays(DAY0, 1)], DAY0)).toBe(addDays(DAY0, 1));
    expect(nextEventDay({ ...book, line: { ...book.line, status: "closed" } }, [], DAY0)).toBeNull();
  });

  it("wakes a charged-off line nobody pays on the 400th day, to look again (the property's counterexample, seed 1174995081)", () => {
    const line = paperCheckLine();
    line.act({ kind: "draw", amountCents: 10_000 });
    for (let n = 1; n <= 112; n++) line.morning(addDays(DAY0, n));
    const today = addDays(DAY0, 112);
    expect(line.book().line.chargedOffOn).toBe(today);
    expect(nextEventDay(line.book(), [], today)).toBe(addDays(today, 400));
  });
});
