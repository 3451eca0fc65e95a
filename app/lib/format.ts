/** Display formatting: money stays integer cents until it reaches a page. */

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });
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
