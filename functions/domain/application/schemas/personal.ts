import * as v from "valibot";
import { creditLine } from "../../config";
import { NAME_MAX_LENGTH, NAME_PATTERN, normaliseName } from "../../rules/names";
import {
  digitsOnly,
  emailAddress as email,
  parseUsDate,
  required,
  ssnAsTyped,
  ssnValid,
  yearsBetween,
} from "../fields";

/** Spec file 1, section 5 (Personal): every message verbatim. */
export const personalMessages = {
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  birthdate: "Please enter your birthdate. You must be at least 18 to apply.",
  birthYear: "Year must be greater than or equal to 1900.",
  ssn: "Please enter your 9-digit social security number",
  email: "Please enter your email address in this format: name@example.com",
  confirmEmail: "Please confirm your email address in this format: name@example.com",
  emailsMatch: "Email addresses must match",
} as const;

/** A name as typed: one spelling (normaliseName), then letters, hyphens, spaces and apostrophes (rules/names.ts). */
export const nameText = (message: string) =>
  v.pipe(
    v.string(message),
    v.transform(normaliseName),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(NAME_MAX_LENGTH, message),
    v.regex(NAME_PATTERN, message),
  );

/**
 * The personal fields a partner sends too (no confirmation e-mail: that one
 * guards typing, not data). `today` is the applicant's calendar date (ISO),
 * for the age rule.
 */
export function personalFields(today: string) {
  return {
    firstName: required(nameText(personalMessages.firstName)),
    lastName: required(nameText(personalMessages.lastName)),
    birthdate: required(
      v.pipe(
        v.string(personalMessages.birthdate),
        v.trim(),
        v.transform((input) => parseUsDate(input) ?? ""),
        v.nonEmpty(personalMessages.birthdate),
        v.check((iso) => Number(iso.slice(0, 4)) >= creditLine.minBirthYear, personalMessages.birthYear),
        v.check((iso) => yearsBetween(iso, today) >= creditLine.minApplicantAge, personalMessages.birthdate),
      ),
    ),
    ssn: required(
      v.pipe(
        v.string(personalMessages.ssn),
        v.trim(),
        v.transform(ssnAsTyped),
        v.check(ssnValid, personalMessages.ssn),
        v.transform(digitsOnly),
      ),
    ),
    email: required(email(personalMessages.email)),
  };
}

export function personalSchema(today: string) {
  return v.pipe(
    v.object({
      ...personalFields(today),
      confirmEmail: required(email(personalMessages.confirmEmail)),
    }),
    v.forward(
      v.partialCheck(
        [["email"], ["confirmEmail"]],
        (input) => input.email === input.confirmEmail,
        personalMessages.emailsMatch,
      ),
      ["confirmEmail"],
    ),
  );
}

export type PersonalInput = v.InferInput<ReturnType<typeof personalSchema>>;
export type Personal = v.InferOutput<ReturnType<typeof personalSchema>>;
