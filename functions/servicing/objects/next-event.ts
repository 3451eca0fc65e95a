import { addDays } from "#domain/calendar";
import { type Book, type DayWork, serviceDay } from "../engine/index";

/** How far ahead a line's next event is looked for: past the longest quiet stretch (12 months to an inactivity notice). */
const HORIZON_DAYS = 400;

const hasWork = (work: DayWork) =>
  work.posted.length > 0 ||
  work.entries.length > 0 ||
  work.statements.length > 0 ||
  work.notices.length > 0 ||
  work.chargedOffOn !== null ||
  work.closure !== null;

/**
 * The first day after `today` on which the servicing run has something to do
 * for this line (decision record 032): a scheduled or automatic payment, a
 * statement, a due date passing, a notice, charge-off, closure, or a draw's
 * funding. Found by running the pure engine ahead on a copy of the book, so
 * the alarm and the run can never disagree about what a day holds. Null when
 * the line is not open: nothing will happen until someone acts on it.
 */
export function nextEventDay(book: Book, pendingDrawDates: string[], today: string): string | null {
  if (book.line.status !== "open") return null;
  const funding = pendingDrawDates.filter((d) => d > today).sort()[0] ?? null;
  const clock = { at: 0, reference: () => 0 };
  let ahead = book;
  for (let day = addDays(today, 1), i = 0; i < HORIZON_DAYS; day = addDays(day, 1), i++) {
    if (funding !== null && day >= funding) return funding;
    const served = serviceDay(ahead, day, clock);
    if (hasWork(served.work)) return day;
    ahead = served.book;
    if (ahead.line.status !== "open") return day;
  }
  return addDays(today, HORIZON_DAYS);
}
