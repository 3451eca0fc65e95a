import * as v from "valibot";
import { parseUsDate } from "#domain/application/fields";
import type { DeskSearch } from "#domain/desk";
import { normaliseName } from "#domain/rules/names";
import { phoneDigits } from "#domain/rules/phone";

/**
 * The desk's borrower search (issue 20): one of a last name (with the first
 * name's first letters, if given), part of an e-mail, phone, application id,
 * line number, or the SSN's last four with the date of birth. The first
 * filled wins, in that order. Messages name the field and the form it takes.
 */
export const searchMessages = {
  nothing:
    "Enter a last name, part of an e-mail, a phone, an application id, a line number, or the SSN's last four with the date of birth.",
  lastName: "Enter the whole last name.",
  email: "Enter at least 3 characters of the e-mail address.",
  phone: "Enter a 10-digit phone number.",
  applicationId: "An application id is digits only.",
  lineId: "A line number is digits only.",
  last4: "Enter the SSN's last four digits.",
  dob: "Enter the date of birth as MM/DD/YYYY.",
} as const;

export const SEARCH_FIELDS = [
  "lastName",
  "firstName",
  "email",
  "phone",
  "applicationId",
  "lineId",
  "last4",
  "dob",
] as const;
export type SearchValues = Record<(typeof SEARCH_FIELDS)[number], string>;

/** The fewest characters of an e-mail the search takes: fewer would match too much to be a search. */
export const EMAIL_PART_MIN = 3;

/** A name as the application stored it (composed accents, the plain apostrophe); case is the query's business. */
const Name = v.pipe(v.string(), v.trim(), v.transform(normaliseName));
const NameSearch = v.object({
  lastName: v.pipe(Name, v.nonEmpty(searchMessages.lastName)),
  firstName: Name,
});
const EmailPart = v.pipe(v.string(), v.trim(), v.minLength(EMAIL_PART_MIN, searchMessages.email));
const Digits = (message: string) => v.pipe(v.string(), v.trim(), v.regex(/^\d{1,12}$/, message), v.transform(Number));

/** The search the form asks for, or the message of the field that is wrong. */
export function parseSearch(
  values: SearchValues,
): { ok: true; search: DeskSearch } | { ok: false; errors: Partial<SearchValues> } {
  const filled = (name: keyof SearchValues) => values[name].trim() !== "";
  if (filled("lastName") || filled("firstName")) {
    const name = v.safeParse(NameSearch, { lastName: values.lastName, firstName: values.firstName });
    if (name.success)
      return {
        ok: true,
        search: { by: "name", lastName: name.output.lastName, firstNamePrefix: name.output.firstName },
      };
    return fail("lastName");
  }
  if (filled("email")) {
    const part = v.safeParse(EmailPart, values.email);
    return part.success ? { ok: true, search: { by: "email", part: part.output } } : fail("email");
  }
  if (filled("phone")) {
    const digits = phoneDigits(values.phone);
    return digits ? { ok: true, search: { by: "phone", phone: digits } } : fail("phone");
  }
  if (filled("applicationId")) {
    const id = v.safeParse(Digits(searchMessages.applicationId), values.applicationId);
    return id.success ? { ok: true, search: { by: "application", applicationId: id.output } } : fail("applicationId");
  }
  if (filled("lineId")) {
    const id = v.safeParse(Digits(searchMessages.lineId), values.lineId);
    return id.success ? { ok: true, search: { by: "line", lineId: id.output } } : fail("lineId");
  }
  if (filled("last4") || filled("dob")) {
    const last4 = values.last4.trim();
    const dob = parseUsDate(values.dob.trim());
    const errors: Partial<SearchValues> = {};
    if (!/^\d{4}$/.test(last4)) errors.last4 = searchMessages.last4;
    if (!dob) errors.dob = searchMessages.dob;
    return dob && !errors.last4 ? { ok: true, search: { by: "ssn", last4, dob } } : { ok: false, errors };
  }
  return { ok: false, errors: { lastName: searchMessages.nothing } };
}

function fail(name: keyof typeof searchMessages & keyof SearchValues): { ok: false; errors: Partial<SearchValues> } {
  return { ok: false, errors: { [name]: searchMessages[name] } };
}

/** The note form: the note itself (its own reason), and the form's key. */
export const NoteSchema = v.object({
  note: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty("Write the note."),
    v.maxLength(2000, "A note is at most 2,000 characters."),
  ),
  key: v.pipe(v.string(), v.regex(/^[\w-]{8,100}$/, "The form has expired. Please write the note again.")),
});
