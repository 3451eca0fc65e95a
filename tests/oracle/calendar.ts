/**
 * The reference model's own banking calendar, written from
 * ../shared/spec/0-decisions.md ("Banking calendar") and decision record 013
 * ("Pay dates"). Dates are ISO YYYY-MM-DD strings; arithmetic is done on UTC
 * midnights so no time zone or daylight-saving shift can move a date.
 * Deliberately plain: holidays are found by walking the days of a month.
 */
import type { PayFrequency } from "./types";

function toUtc(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** ISO date plus n calendar days (n may be negative). */
export function addDays(iso: string, n: number): string {
  const date = toUtc(iso);
  date.setUTCDate(date.getUTCDate() + n);
  return fromUtc(date);
}

/** Calendar days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 0 Sunday, 1 Monday, ... 6 Saturday. */
export function dayOfWeek(iso: string): number {
  return toUtc(iso).getUTCDay();
}

export function isoDate(year: number, month: number, day: number): string {
  return fromUtc(new Date(Date.UTC(year, month - 1, day)));
}

/** The last day of a month (28 to 31). */
export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day of the month `months` later, or that month's last day when it is shorter. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoDate(year, month, Math.min(d, lastDayOfMonth(year, month)));
}

/** The nth (1-based) given weekday of a month, found by walking from the 1st. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  let seen = 0;
  for (let day = 1; day <= lastDayOfMonth(year, month); day++) {
    const iso = isoDate(year, month, day);
    if (dayOfWeek(iso) === weekday) {
      seen++;
      if (seen === n) return iso;
    }
  }
  throw new Error(`no weekday ${weekday} #${n} in ${year}-${month}`);
}

/** The last given weekday of a month, found by walking back from its last day. */
function lastWeekday(year: number, month: number, weekday: number): string {
  for (let day = lastDayOfMonth(year, month); day >= 1; day--) {
    const iso = isoDate(year, month, day);
    if (dayOfWeek(iso) === weekday) return iso;
  }
  throw new Error(`no weekday ${weekday} in ${year}-${month}`);
}

/**
 * Federal Reserve observance (0-decisions.md): a fixed-date holiday on a
 * Sunday is observed on the Monday; on a Saturday it is NOT moved to Friday.
 */
function observed(iso: string): string {
  return dayOfWeek(iso) === 0 ? addDays(iso, 1) : iso;
}

const MONDAY = 1;
const THURSDAY = 4;

/** The observed Federal Reserve holidays of a year (0-decisions.md, "Banking calendar"). */
export function federalReserveHolidays(year: number): string[] {
  const holidays = [
    observed(isoDate(year, 1, 1)), // New Year's Day
    nthWeekday(year, 1, MONDAY, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, MONDAY, 3), // Presidents Day
    lastWeekday(year, 5, MONDAY), // Memorial Day
    observed(isoDate(year, 7, 4)), // Independence Day
    nthWeekday(year, 9, MONDAY, 1), // Labor Day
    nthWeekday(year, 10, MONDAY, 2), // Columbus Day
    observed(isoDate(year, 11, 11)), // Veterans Day
    nthWeekday(year, 11, THURSDAY, 4), // Thanksgiving
    observed(isoDate(year, 12, 25)), // Christmas
  ];
  // Juneteenth is a Federal Reserve holiday from 2021 on.
  if (year >= 2021) holidays.push(observed(isoDate(year, 6, 19)));
  return holidays.sort();
}

export function isHoliday(iso: string): boolean {
  return federalReserveHolidays(Number(iso.slice(0, 4))).includes(iso);
}

export function isBusinessDay(iso: string): boolean {
  const weekday = dayOfWeek(iso);
  return weekday !== 0 && weekday !== 6 && !isHoliday(iso);
}

/** The first business day strictly after `iso`. */
export function nextBusinessDay(iso: string): string {
  let day = addDays(iso, 1);
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** `iso` itself when it is a business day, otherwise the next one (how due dates move). */
export function onOrNextBusinessDay(iso: string): string {
  return isBusinessDay(iso) ? iso : nextBusinessDay(iso);
}

/** n business days after `iso` (n >= 0), counted one business day at a time. */
export function addBusinessDays(iso: string, n: number): string {
  let day = iso;
  for (let i = 0; i < n; i++) day = nextBusinessDay(day);
  return day;
}

/**
 * Pay dates in [anchor, until] (decision record 013): weekly and bi-weekly
 * every 7 or 14 days from the anchor; twice monthly on the 15th and the last
 * day of the month; monthly on the anchor's day of the month (the last day in
 * shorter months). Not moved for holidays: pay dates are only the raw dates.
 */
export function payDates(frequency: PayFrequency, anchor: string, until: string): string[] {
  const dates: string[] = [];
  if (frequency === "W" || frequency === "B") {
    const step = frequency === "W" ? 7 : 14;
    for (let day = anchor; day <= until; day = addDays(day, step)) dates.push(day);
    return dates;
  }
  const anchorDay = Number(anchor.slice(8, 10));
  const firstOfAnchorMonth = `${anchor.slice(0, 8)}01`;
  for (let k = 0; ; k++) {
    const month = addMonths(firstOfAnchorMonth, k);
    const year = Number(month.slice(0, 4));
    const m = Number(month.slice(5, 7));
    const last = lastDayOfMonth(year, m);
    const days = frequency === "S" ? [15, last] : [Math.min(anchorDay, last)];
    for (const d of days) {
      const iso = isoDate(year, m, d);
      if (iso > until) return dates;
      if (iso >= anchor) dates.push(iso);
    }
  }
}

/**
 * Due dates in order (013): every pay date (bi-weekly, twice monthly,
 * monthly) or every other one from the anchor (weekly), each moved to the
 * next business day when it falls on a weekend or a Federal Reserve holiday.
 */
export function dueDates(frequency: PayFrequency, anchor: string, until: string): string[] {
  const pays = payDates(frequency, anchor, until);
  const raw = frequency === "W" ? pays.filter((_, i) => i % 2 === 0) : pays;
  return raw.map(onOrNextBusinessDay);
}

/** A statement is issued 14 days before its (moved) due date (013). */
export function statementDateFor(dueDate: string): string {
  return addDays(dueDate, -14);
}
