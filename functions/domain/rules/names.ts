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
 * Two spellings of one name: case, spaces and accents aside (José Nuñez
 * signs as "jose nunez" on a keyboard without accents).
 */
export function sameName(a: string, b: string): boolean {
  const fold = (text: string) =>
    normaliseName(text).normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, "").toLowerCase();
  return fold(a) !== "" && fold(a) === fold(b);
}
