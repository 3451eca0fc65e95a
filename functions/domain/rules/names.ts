/**
 * People's names (spec file 1, section 5: "letters, backspace, tab, hyphen,
 * space, apostrophe"). Letters are any alphabet's, so José, Nuñez and Zoë
 * are kept as typed; the apostrophes phones type (’ ‘ ʼ) are the apostrophe.
 * The one rule for the name mask, the schemas and the e-sign name check.
 */
const TYPED_APOSTROPHES = /[\u2018\u2019\u02BC]/g;

/** One spelling of what was typed: composed accents, the plain apostrophe. */
export const normaliseName = (text: string): string => text.normalize("NFC").replace(TYPED_APOSTROPHES, "'");

/** A letter first, then letters (with their accents), hyphens, spaces and apostrophes. */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M}' -]*$/u;

export const NAME_MAX_LENGTH = 40;

/** The name fields' mask: what is not a name's keystroke is dropped as it is typed. */
export const maskName = (text: string): string =>
  normaliseName(text)
    .replace(/[^\p{L}\p{M}' -]/gu, "")
    .slice(0, NAME_MAX_LENGTH);

/**
 * Letters a keyboard without them types as plain letters, which Unicode does
 * not split into a letter and an accent (so NFD alone leaves them): Łukasz
 * signs as "Lukasz", Søren as "Soren", Strauß as "Strauss".
 */
const PLAIN_LETTERS: Record<string, string> = {
  ł: "l",
  ø: "o",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ŀ: "l",
  þ: "th",
  ß: "ss",
  æ: "ae",
  œ: "oe",
};

/**
 * A name as a signature is compared: lower case, accents off, and no
 * spaces, hyphens or apostrophes. Those are how a name is written, not which
 * letters it has: Ana-María O'Neil signs as "ana-maria oneil" or "Ana Maria
 * O Neil". Every letter stays, so a missing or wrong letter is still a
 * different name ("Jos OBrien" is not José O'Brien).
 */
export function nameLetters(text: string): string {
  return normaliseName(text)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[\s'\p{Pd}]/gu, "")
    .replace(/[^\p{ASCII}]/gu, (letter) => PLAIN_LETTERS[letter] ?? letter);
}

/** Two spellings of one name: the same letters, written either way (nameLetters). */
export function sameName(a: string, b: string): boolean {
  return nameLetters(a) !== "" && nameLetters(a) === nameLetters(b);
}
