/** Display formatting: money stays integer cents until it reaches a page. */

import { easternDateTime } from "./calendar";

const dollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** $3,500 for whole dollars, $12.50 otherwise (or always cents when asked). */
export function formatMoney(cents: number, options: { cents?: boolean } = {}): string {
  const whole = cents % 100 === 0;
  return (options.cents || !whole ? dollarsAndCents : dollars).format(cents / 100);
}

/** Percent from basis points: 500 -> "5%". */
export function formatPercent(bps: number): string {
  return `${bps / 100}%`;
}

/** 18005550142 -> 1.800.555.0142 (the spec shows phones with dots). */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, "");
  const national = d.length === 11 && d.startsWith("1") ? d.slice(1) : d;
  const grouped = `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
  return (national === d ? grouped : `1-${grouped}`).replaceAll("-", ".");
}

export function phoneHref(digits: string): string {
  return `tel:+${digits.length === 11 ? digits : `1${digits}`}`;
}

/** { hour: 19, minute: 45 } -> "7:45 p.m." (the spec writes times this way). */
export function formatClock({ hour, minute }: { hour: number; minute: number }): string {
  return `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "a.m." : "p.m."}`;
}

const MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."];

/** 2026-11-21 -> Nov. 21, 2026 (spec file 1, section 9): the one form a borrower reads a date in, tables included (decision record 031). */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** 2026-11-21 -> 11/21/2026: the servicing desk's typed form (decision record 031); borrowers read formatDate. */
export function formatTableDate(iso: string): string {
  const [y, m, d] = iso.split("-");
  return `${m}/${d}/${y}`;
}

/** Negative amounts in parentheses, as the portal's tables show them. */
export function formatSignedMoney(cents: number): string {
  const text = formatMoney(Math.abs(cents), { cents: true });
  return cents < 0 ? `(${text})` : text;
}

/** "1 statement", "3 statements". */
export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Months as the minimum-payment warning reads them: "2 years and 4 months", "1 year", "5 months". */
export function yearsAndMonths(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return plural(rest, "month");
  return rest === 0 ? plural(years, "year") : `${plural(years, "year")} and ${plural(rest, "month")}`;
}

/** An instant as a borrower reads time: "Nov. 25, 2026 at 4:05 p.m. Eastern" (text that is no instant comes back as it is). */
export function formatEasternMoment(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const { date, hour, minute } = easternDateTime(instant);
  return `${formatDate(date)} at ${formatClock({ hour, minute })} Eastern`;
}
