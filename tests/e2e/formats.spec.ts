import { gotoHydrated } from "./fixtures/hydrated";
import { demo, logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * Money and dates read the same everywhere (spec file 3, section 5; issue 16):
 * dates as 'Nov. 25, 2026' wherever they are read, tables included (issue 33,
 * decision record 031: no weekday long form, no 11/25/2026 outside a date field),
 * dollars with thousands commas and either no cents or two. Read from what a
 * borrower sees on every portal page of every demo standing, and on the
 * public pages that quote figures.
 */

const MONTH_NAMES = "January|February|March|April|June|July|August|September|October|November|December";
const WRONG: ReadonlyArray<[string, RegExp]> = [
  ["an ISO date", /\b\d{4}-\d{2}-\d{2}\b/],
  ["a full month name", new RegExp(`\\b(${MONTH_NAMES}) \\d{1,2}, \\d{4}`)],
  ["a month without its period", /\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/],
  ["Sept.", /\bSept\. \d/],
  ["a two-digit year", /\b\d{1,2}\/\d{1,2}\/\d{2}\b(?!\d)/],
  ["a date without leading zeros", /\b\d\/\d{1,2}\/\d{4}\b|\b\d{1,2}\/\d\/\d{4}\b/],
  ["dollars without a thousands comma", /\$\d{4,}/],
  ["one digit of cents", /\$[\d,]+\.\d(?!\d)/],
  ["three digits of cents", /\$[\d,]+\.\d{3}/],
  ["a space after the dollar sign", /\$ \d/],
  ["USD", /\bUSD\b/],
  ["a negative sign on money", /-\$\d/],
  ["AM/PM", /\d (AM|PM|am|pm)\b/],
];

/** Wrong in what is read, though right in a date field a person types into (mm/dd/yyyy, spec file 1, section 5). */
const WRONG_IN_TEXT: ReadonlyArray<[string, RegExp]> = [
  ["a date in a field's form", /\b\d{2}\/\d{2}\/\d{4}\b/],
  // "Tuesday, Dec. 1, 2026": a date in a long form (opening hours' "Monday - Thursday, 8 a.m." are not dates).
  [
    "a weekday before a date",
    /\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+\.? \d{1,2}, \d{4}/,
  ],
];

/** What is wrong with the formats in the page's visible text and field values. */
async function formatProblems(page: Page): Promise<string[]> {
  const { text, values } = await page.evaluate(() => ({
    text: document.body.innerText,
    values: [...document.querySelectorAll("input:not([type=hidden]), textarea")]
      .map((el) => (el as HTMLInputElement).value)
      .join("\n"),
  }));
  const where = new URL(page.url()).pathname;
  const found: string[] = [];
  const check = (lines: string, patterns: ReadonlyArray<[string, RegExp]>) => {
    for (const line of lines.split("\n"))
      for (const [what, pattern] of patterns) {
        const match = line.match(pattern);
        if (match) found.push(`${where}: ${what} "${match[0]}" in "${line.trim().slice(0, 120)}"`);
      }
  };
  check(text, [...WRONG, ...WRONG_IN_TEXT]);
  check(values, WRONG);
  return found;
}

const PORTAL = ["/account", "/transactions", "/documents", "/draw", "/payments", "/preferences"];

test("public pages quote money and dates in the one format", async ({ page }) => {
  const found: string[] = [];
  for (const path of ["/", "/faq", "/how-it-works", "/termsandconditions", "/apply/personal?start=1"]) {
    await gotoHydrated(page, path);
    found.push(...(await formatProblems(page)));
  }
  expect(found).toEqual([]);
});

for (const standing of Object.keys(demo) as Array<keyof typeof demo>) {
  test(`the portal as ${standing} shows money and dates in the one format`, async ({ page }) => {
    await logInFresh(page, standing);
    const start = new URL(page.url()).pathname;
    const found: string[] = [];
    for (const path of start === "/account" ? PORTAL : [start]) {
      await gotoHydrated(page, path);
      found.push(...(await formatProblems(page)));
    }
    expect(found).toEqual([]);
  });
}

test("the checker finds each wrong format (it can fail)", async ({ page }) => {
  await page.setContent(
    `<main><p>Due 2026-11-25</p><p>November 25, 2026</p><p>Nov 25, 2026</p><p>$1200</p><p>$12.5 due</p><p>$ 12</p><p>-$5.00</p><p>at 5 PM</p><p>1/5/2026</p><p>Paid 11/25/2026</p><p>Tuesday, Nov. 24, 2026</p><p>Fine: Nov. 25, 2026, $1,200, $43.28, May 5, 2026</p><input value="11/25/2026"></main>`,
  );
  const found = await formatProblems(page);
  expect(found.map((f) => f.split(": ")[1]!.split(' "')[0])).toEqual([
    "an ISO date",
    "a full month name",
    "a month without its period",
    "dollars without a thousands comma",
    "one digit of cents",
    "a space after the dollar sign",
    "a negative sign on money",
    "AM/PM",
    "a date without leading zeros",
    "a date in a field's form",
    "a weekday before a date",
  ]);
});
