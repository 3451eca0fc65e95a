import { COMMON_PASSWORDS_TEXT } from "./common-passwords-list";

/**
 * The 10,000 most common passwords (0-decisions.md), the project's own list
 * (common-passwords-list.ts). Server-only: never in a page bundle. The set
 * is built on the first check, not at the Worker's startup.
 */
let common: Set<string> | undefined;

/** The swaps people make to dress up a word (0-decisions.md): undone before the look-up. 1 is tried as i and as l. */
const SWAPS: ReadonlyArray<Record<string, string>> = [
  { "0": "o", "1": "i", "3": "e", "4": "a", "@": "a", "5": "s", $: "s", "7": "t" },
  { "0": "o", "1": "l", "3": "e", "4": "a", "@": "a", "5": "s", $: "s", "7": "t" },
];

/** Trailing digits and symbols ('Password1!' -> 'password'): anything after the last letter. */
const stripTail = (text: string) => text.replace(/[^a-z]+$/, "");

const unswap = (text: string, swaps: Record<string, string>) => [...text].map((ch) => swaps[ch] ?? ch).join("");

/**
 * Every form of a password checked against the list: the original
 * (lower-cased), without its trailing digits and symbols, and each of those
 * with the swaps undone (before and after stripping, so 'hell0' is 'hello').
 */
export function normalisedForms(password: string): Set<string> {
  const lower = password.toLowerCase();
  const forms = new Set([lower, stripTail(lower)]);
  for (const base of [lower, stripTail(lower)]) {
    for (const swaps of SWAPS) {
      const undone = unswap(base, swaps);
      forms.add(undone);
      forms.add(stripTail(undone));
    }
  }
  forms.delete("");
  return forms;
}

/**
 * Refused when the password, or any of its normalised forms, is on the
 * 10,000-word list (0-decisions.md, "Access and security"): so 'Password1!',
 * 'Passw0rd!', 'Welcome1!' and 'P@ssw0rd' are all common.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split("\n"));
  const list = common;
  return [...normalisedForms(password)].some((form) => list.has(form));
}
