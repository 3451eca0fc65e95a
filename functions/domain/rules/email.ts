import * as v from "valibot";

/**
 * The one e-mail rule of the product: every form that takes an address (the
 * application's personal step, login, create and forgot password, reset,
 * contact, preferences), the partner lead API (it reuses the wizard's step
 * schemas) and the platform's call catalogue use `emailAddress` below. An
 * address one of them accepts, all of them accept, so a person is never let
 * through a page only to be refused by the platform afterwards
 * (tests/unit/email-rule.property.test.ts). Pure and browser-safe.
 *
 * The rule is RFC 5321/5322's dot-atom form, the one real mailboxes use:
 * - local part: ASCII letters, digits and ! # $ % & ' * + - / = ? ^ _ ` { | } ~,
 *   in dot-separated runs (no leading, trailing or doubled dot), at most 64
 *   characters; so o'brien, first.last+tag and o_k%x are accepted;
 * - domain: two or more labels of letters, digits and inner hyphens (at most
 *   63 each), the last one letters (2 or more) or a punycode xn-- label;
 * - at most 254 characters in all (RFC 5321's path limit less the brackets).
 * Quoted local parts, comments, IP-address domains and unicode (SMTPUTF8)
 * addresses are refused: no provider the product sends through takes them.
 *
 * Addresses are compared without regard to case everywhere and stored
 * lower-cased: the schema trims and lower-cases, so its output is the stored
 * form. (The local part is case-sensitive in theory; no mailbox provider
 * treats it so, and two accounts differing only by case would be a trap.)
 */

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const LOCAL = `${ATEXT}+(?:\\.${ATEXT}+)*`;
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const TOP_LABEL = "(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9-]{0,58}[A-Za-z0-9])";

/**
 * The whole rule but the overall length, as one pattern (so the partner API's
 * JSON Schema carries it as `pattern`). The lookahead bounds the local part.
 */
export const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,${EMAIL_LOCAL_MAX_LENGTH}}@)${LOCAL}@(?:${LABEL}\\.)+${TOP_LABEL}$`,
);

/** The stored, comparable form of an address as typed: trimmed and lower-cased. */
export const normalEmail = (typed: string): string => typed.trim().toLowerCase();

/** Whether two addresses are the same mailbox for the product (case and outer spaces aside). */
export const sameEmail = (a: string, b: string): boolean => normalEmail(a) === normalEmail(b);

/** Whether an address (already trimmed) passes the rule. */
export const isEmailAddress = (address: string): boolean =>
  address.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(address);

/**
 * The rule as a valibot schema with one message for missing or malformed
 * (each form passes its spec message; the platform its own). Output: the
 * address trimmed and lower-cased.
 */
export const emailAddress = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(EMAIL_MAX_LENGTH, message),
    v.regex(EMAIL_PATTERN, message),
    v.toLowerCase(),
  );
