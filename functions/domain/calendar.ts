/**
 * Banking calendar (spec 0-decisions.md, "Banking calendar", "Billing cycle
 * and servicing"): Federal Reserve business days, draw funding dates, the ACH
 * effective date of a one-time payment, and pay-date schedules.
 *
 * Pure and dependency-free so it runs unchanged in Cloudflare Workers. Dates
 * are calendar dates (`YYYY-MM-DD`) with no time zone; all arithmetic is done
 * on UTC midnights so daylight-saving changes can never shift a day. Only
 * instants (`Date`) are converted, and only to the Eastern calendar.
 */
import { draws, federalReserveHolidays, type PayFrequency, payFrequencies } from "./config";

export type IsoDate = string;
export interface Holiday {
  date: IsoDate;
  name: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses `YYYY-MM-DD` to its UTC-midnight epoch ms; rejects impossible dates like 2026-02-30. */
function toUtcMs(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Invalid ISO date: ${date}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC rolls over out-of-range parts (and maps years 0-99 to 19xx); round-tripping catches both.
  if (fromUtcMs(ms) !== date) throw new RangeError(`Invalid ISO date: ${date}`);
  return ms;
}

function fromUtcMs(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Builds an IsoDate from parts; month is 1-12 and may overflow (Date.UTC normalises it). */
function isoFromParts(year: number, month: number, day: number): IsoDate {
  return fromUtcMs(Date.UTC(year, month - 1, day));
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS);
}

export function dayOfWeek(date: IsoDate): number {
  return new Date(toUtcMs(date)).getUTCDay();
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  // Both are exact UTC midnights, so the division is exact.
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): IsoDate {
  const first = isoFromParts(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): IsoDate {
  const last = isoFromParts(year, month, daysInMonth(year, month));
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7));
}

/**
 * Federal Reserve observance of a fixed-date holiday: Sunday moves to Monday;
 * Saturday is NOT moved to Friday (the Fed stays open that Friday), so the
 * Saturday date is kept, which is a weekend day anyway.
 */
function fixed(year: number, month: number, day: number): IsoDate {
  const date = isoFromParts(year, month, day);
  return dayOfWeek(date) === 0 ? addDays(date, 1) : date;
}

// Names come from config in its order; destructuring keeps the literal types without repeating them.
const [
  newYearsDay,
  mlkDay,
  presidentsDay,
  memorialDay,
  juneteenth,
  independenceDay,
  laborDay,
  columbusDay,
  veteransDay,
  thanksgiving,
  christmas,
] = federalReserveHolidays;

const MON = 1;
const THU = 4;
const FRI = 5;
/** Juneteenth became a federal (and Federal Reserve) holiday in 2021. */
const JUNETEENTH_FIRST_YEAR = 2021;

const holidayCache = new Map<number, Holiday[]>();

export function fedHolidays(year: number): Holiday[] {
  if (!Number.isInteger(year)) throw new RangeError(`Invalid year: ${year}`);
  let list = holidayCache.get(year);
  if (!list) {
    list = [
      // A Sunday Jan 1 moves to Jan 2 of the same year; a Saturday Jan 1 stays put,
      // so Dec 31 of the previous year is never a holiday.
      { date: fixed(year, 1, 1), name: newYearsDay },
      { date: nthWeekday(year, 1, MON, 3), name: mlkDay },
      { date: nthWeekday(year, 2, MON, 3), name: presidentsDay },
      { date: lastWeekday(year, 5, MON), name: memorialDay },
      ...(year >= JUNETEENTH_FIRST_YEAR ? [{ date: fixed(year, 6, 19), name: juneteenth }] : []),
      { date: fixed(year, 7, 4), name: independenceDay },
      { date: nthWeekday(year, 9, MON, 1), name: laborDay },
      { date: nthWeekday(year, 10, MON, 2), name: columbusDay },
      { date: fixed(year, 11, 11), name: veteransDay },
      { date: nthWeekday(year, 11, THU, 4), name: thanksgiving },
      { date: fixed(year, 12, 25), name: christmas },
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    holidayCache.set(year, list);
  }
  // Callers get a copy so they cannot corrupt the cache.
  return list.map((h) => ({ ...h }));
}

export function isHoliday(date: IsoDate): boolean {
  toUtcMs(date); // validate
  // Observed dates never leave their year (Jan 1 -> Jan 2, Dec 25 -> Dec 26), so one year suffices.
  const year = Number(date.slice(0, 4));
  return fedHolidays(year).some((h) => h.date === date);
}

export function isBusinessDay(date: IsoDate): boolean {
  const dow = dayOfWeek(date);
  return dow !== 0 && dow !== 6 && !isHoliday(date);
}

export function nextBusinessDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be an integer >= 1, got ${n}`);
  let d = date;
  for (let i = 0; i < n; i++) d = nextBusinessDay(d);
  return d;
}

// Built once per isolate: constructing Intl formatters is comparatively costly.
// hourCycle "h23" avoids engines that print midnight as "24".
const easternFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

type EasternDateTime = { date: IsoDate; hour: number; minute: number };

/**
 * Recent answers by the instant's minute (which alone decides the date, hour
 * and minute: Eastern offsets are whole hours). formatToParts with a time
 * zone is the slowest step of a lead's or a page's own code in the profile
 * (npm run profile), and a request asks for the same minute several times.
 */
const byMinute = new Map<number, Readonly<EasternDateTime>>();
const MINUTES_KEPT = 64;

export function easternDateTime(instant: Date): EasternDateTime {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid instant");
  const minute = Math.floor(ms / 60_000);
  const known = byMinute.get(minute);
  if (known) return { ...known };
  const answer = easternDateTimeOf(instant);
  if (byMinute.size >= MINUTES_KEPT) byMinute.delete(byMinute.keys().next().value!);
  byMinute.set(minute, answer);
  return { ...answer };
}

/** The instant an Eastern day starts (midnight, whatever daylight saving): a line's alarm wakes then. */
export function easternMidnight(date: IsoDate): Date {
  // Eastern midnight is 04:00 or 05:00 UTC; the one whose Eastern reading is that day's 00:00.
  for (const utcHour of ["04", "05"]) {
    const candidate = new Date(`${date}T${utcHour}:00:00Z`);
    const read = easternDateTime(candidate);
    if (read.date === date && read.hour === 0) return candidate;
  }
  return new Date(`${date}T05:00:00Z`);
}

function easternDateTimeOf(instant: Date): EasternDateTime {
  const parts: Record<string, string> = {};
  for (const p of easternFormatter.formatToParts(instant)) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  return {
    date: isoFromParts(year, month, day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

function isBefore(t: { hour: number; minute: number }, cutoff: { hour: number; minute: number }): boolean {
  return t.hour < cutoff.hour || (t.hour === cutoff.hour && t.minute < cutoff.minute);
}

/**
 * Draw funding (0-decisions, "Billing cycle and servicing"): a request before
 * the next-day cut-off on a business day funds the next business day; after
 * the cut-off, on a Friday, a weekend or a holiday, the second business day
 * after the Eastern request date.
 *
 * Friday reading: the spec lists Friday with the late and non-business cases,
 * so a Friday request is second-business-day even before the cut-off and even
 * though Friday is a business day (Friday 9 a.m. -> Tuesday, not Monday).
 * Exactly 7:45 p.m. is not "before" the cut-off.
 */
export function drawFundingDate(requestedAt: Date): IsoDate {
  const now = easternDateTime(requestedAt);
  const nextDay = isBusinessDay(now.date) && dayOfWeek(now.date) !== FRI && isBefore(now, draws.nextDayCutoff);
  return addBusinessDays(now.date, nextDay ? 1 : 2);
}

/**
 * Earliest effective date of a one-time ACH payment: today (Eastern) when
 * same-day ACH is allowed, today is a business day and it is before the
 * same-day cut-off; otherwise the next business day after today.
 */
export function achEffectiveDate(now: Date, allowSameDay: boolean): IsoDate {
  const t = easternDateTime(now);
  if (allowSameDay && isBusinessDay(t.date) && isBefore(t, draws.sameDayCutoff)) return t.date;
  return nextBusinessDay(t.date);
}

/** Fixed-interval (W, B) step in days, from config's fill days. */
function stepDays(frequency: PayFrequency): number {
  const step = payFrequencies[frequency].fillDays;
  if (step === null) throw new RangeError(`${frequency} pay has no fixed interval`);
  return step;
}

function monthIndex(date: IsoDate): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/**
 * Pay dates strictly after `after`, ascending, exactly `count` of them.
 * The anchor (a known pay date) is also a lower bound: no date before it is
 * produced, since the schedule is only known from the anchor on.
 * W/B: anchor + k * interval. M: the anchor's day of month each month,
 * clamped to the month's last day without drifting (Jan 31 -> Feb 28 -> Mar 31).
 * S: the 15th and the last day of every month.
 */
export function payDatesAfter(
  anchor: IsoDate,
  frequency: "W" | "B" | "S" | "M",
  after: IsoDate,
  count: number,
): IsoDate[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be an integer >= 0, got ${count}`);
  toUtcMs(after); // validate
  const anchorMs = toUtcMs(anchor);
  const out: IsoDate[] = [];
  const accept = (d: IsoDate) => d >= anchor && d > after;

  if (frequency === "W" || frequency === "B") {
    const step = stepDays(frequency);
    // Jump straight to the first period past `after` instead of walking from the anchor.
    let k = Math.max(0, Math.floor(daysBetween(anchor, after) / step) + 1);
    while (out.length < count) {
      out.push(fromUtcMs(anchorMs + k * step * DAY_MS));
      k++;
    }
    return out;
  }

  // Monthly kinds: walk month by month from the later of anchor and after.
  const anchorDay = Number(anchor.slice(8, 10));
  let m = monthIndex(anchor > after ? anchor : after);
  while (out.length < count) {
    const year = Math.floor(m / 12);
    const month = (m % 12) + 1;
    const last = daysInMonth(year, month);
    const days = frequency === "M" ? [Math.min(anchorDay, last)] : [15, last];
    for (const day of days) {
      const d = isoFromParts(year, month, day);
      if (out.length < count && accept(d)) out.push(d);
    }
    m++;
  }
  return out;
}
