import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 10,000 most common passwords (0-decisions.md), from the offline list
 * zxcvbn-ts ships (ordered by frequency). Server-only: never in a page bundle.
 */
const COMMON_COUNT = 10_000;
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).slice(0, COMMON_COUNT).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
