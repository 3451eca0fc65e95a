import { compliance } from "../config";

/**
 * Quiet hours (0-decisions.md; Regulation F §1006.6(b)(1) and the TCPA, decision record 033): a
 * text or call, other than a passcode the person has just asked for, is delivered only from 8 a.m.
 * to 9 p.m. where the borrower lives. Where that is comes from their state, and for the states a
 * time-zone line crosses, from the first three digits of their ZIP code. Pure: pages, the desk and
 * the dispatch queue share it.
 */

const EASTERN = "America/New_York";
const CENTRAL = "America/Chicago";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";

/** Each state's zone where most of it lives. Arizona keeps no daylight saving (America/Phoenix). */
const STATE_ZONES: Record<string, string> = {
  ...Object.fromEntries(
    "CT DE DC FL GA IN KY ME MD MA MI NH NJ NY NC OH PA RI SC VT VA WV".split(" ").map((s) => [s, EASTERN]),
  ),
  ...Object.fromEntries("AL AR IL IA KS LA MN MS MO NE ND OK SD TN TX WI".split(" ").map((s) => [s, CENTRAL])),
  ...Object.fromEntries("CO ID MT NM UT WY".split(" ").map((s) => [s, MOUNTAIN])),
  ...Object.fromEntries("CA NV OR WA".split(" ").map((s) => [s, PACIFIC])),
  AZ: "America/Phoenix",
  AK: "America/Anchorage",
  HI: "Pacific/Honolulu",
};

/** The ZIP prefixes of a split state that keep another zone than the state's own. */
const ZIP_ZONES: Record<string, Record<string, string>> = {
  FL: { "324": CENTRAL, "325": CENTRAL },
  TN: { "373": EASTERN, "374": EASTERN, "376": EASTERN, "377": EASTERN, "378": EASTERN, "379": EASTERN },
  KY: { "420": CENTRAL, "421": CENTRAL, "422": CENTRAL, "423": CENTRAL, "424": CENTRAL },
  IN: { "463": CENTRAL, "464": CENTRAL, "476": CENTRAL, "477": CENTRAL },
  MI: { "498": CENTRAL, "499": CENTRAL },
  ND: { "586": MOUNTAIN },
  SD: { "577": MOUNTAIN },
  NE: { "693": MOUNTAIN },
  TX: { "798": MOUNTAIN, "799": MOUNTAIN, "885": MOUNTAIN },
  ID: { "835": PACIFIC, "838": PACIFIC },
  OR: { "979": MOUNTAIN },
};

/** The borrower's time zone, and whether it was known (unknown: Eastern, which the caller logs). */
export function timeZoneOf(
  state: string | null | undefined,
  zip: string | null | undefined,
): { zone: string; known: boolean } {
  const code = (state ?? "").trim().toUpperCase();
  const stateZone = STATE_ZONES[code];
  if (!stateZone) return { zone: EASTERN, known: false };
  return { zone: ZIP_ZONES[code]?.[(zip ?? "").trim().slice(0, 3)] ?? stateZone, known: true };
}

const MINUTE = 60_000;

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (its offset folded in). */
function wallClock(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const millis = ((at % 1000) + 1000) % 1000;
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second")) + millis;
}

/**
 * When a text or call made at `at` may go: null when now is inside the window, else the instant
 * the window next opens in `zone` (8 a.m. today before 8, 8 a.m. tomorrow from 9 p.m.).
 */
export function quietHoursEnd(at: number, zone: string): number | null {
  const { opens, closes } = compliance.quietHours;
  const wall = wallClock(at, zone);
  const minutes = Math.floor((wall % 86_400_000) / MINUTE);
  if (minutes >= opens * 60 && minutes < closes * 60) return null;
  const midnight = wall - (wall % 86_400_000);
  const openingWall = midnight + opens * 3_600_000 + (minutes >= closes * 60 ? 86_400_000 : 0);
  const guess = at + (openingWall - wall);
  // Across a daylight-saving change the offset at the opening differs from now's by an hour.
  return guess - (wallClock(guess, zone) - openingWall);
}

/** "8:00 a.m. MST": when a held message goes, in the borrower's own time (the desk shows it). */
export function localTimeLabel(at: number, zone: string): string {
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(at));
  return text.replace(/\bAM\b/, "a.m.").replace(/\bPM\b/, "p.m.");
}
