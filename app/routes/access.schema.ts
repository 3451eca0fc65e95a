import * as v from "valibot";
import { emailAddress, parseUsDate, required, yearsBetween } from "#domain/application/fields";
import { creditLine } from "#domain/config";
import { meetsPasswordCriteria } from "#domain/passwords";

/** Spec file 2, sections 5 and 8: the access pages' messages, verbatim. */
export const accessMessages = {
  email: "Please enter your email address in this format: name@example.com",
  password: "Please enter a valid password",
  last4: "Please enter the last four digits of your social security number",
  dobRequired: "Please enter your date of birth",
  dobInvalid: "Please enter a valid birthdate",
  newPassword: "Please enter a password that meets the criteria",
  commonPassword: "This password is too common. Please choose a password that is harder to guess.",
  confirm: "Please confirm your password.",
  mismatch: "Passwords must match.",
  method: "Please select an option",
  noPassword: "You do not currently have a password. Please tap here to create one.",
  resent:
    "We have received your request and sent your new passcode. If you need further assistance, please contact Customer Service at {phone}.",
  incomplete: "Please complete all sections as noted above",
} as const;

/** The product's one e-mail rule (functions/domain/rules/email.ts), with the access pages' message. */
export const emailField = required(emailAddress(accessMessages.email));

export const emailSchema = v.object({ email: emailField });

export const loginSchema = v.object({
  email: emailField,
  password: required(
    v.pipe(
      v.string(accessMessages.password),
      v.nonEmpty(accessMessages.password),
      v.maxLength(128, accessMessages.password),
    ),
  ),
});

const newPassword = required(
  v.pipe(v.string(accessMessages.newPassword), v.check(meetsPasswordCriteria, accessMessages.newPassword)),
);

/** New password + confirmation (reset page, and the end of create/forgot). */
export const passwordPairEntries = {
  password: newPassword,
  confirmPassword: required(v.pipe(v.string(accessMessages.confirm), v.nonEmpty(accessMessages.confirm))),
};

export const resetSchema = v.pipe(
  v.object(passwordPairEntries),
  v.forward(
    v.partialCheck(
      [["password"], ["confirmPassword"]],
      (i) => i.password === i.confirmPassword,
      accessMessages.mismatch,
    ),
    ["confirmPassword"],
  ),
);

/** `today` (ISO) for the age rule. */
export function identityFormSchema(today: string) {
  return v.pipe(
    v.object({
      birthdate: required(
        v.pipe(
          v.string(accessMessages.dobRequired),
          v.trim(),
          v.nonEmpty(accessMessages.dobRequired),
          v.transform((text) => parseUsDate(text) ?? ""),
          v.nonEmpty(accessMessages.dobInvalid),
          v.check((iso) => Number(iso.slice(0, 4)) >= creditLine.minBirthYear, accessMessages.dobInvalid),
          v.check((iso) => yearsBetween(iso, today) >= creditLine.minApplicantAge, accessMessages.dobRequired),
        ),
      ),
      last4: required(v.pipe(v.string(accessMessages.last4), v.regex(/^\d{4}$/, accessMessages.last4))),
      ...passwordPairEntries,
    }),
    v.forward(
      v.partialCheck(
        [["password"], ["confirmPassword"]],
        (i) => i.password === i.confirmPassword,
        accessMessages.mismatch,
      ),
      ["confirmPassword"],
    ),
  );
}

export const methodSchema = v.object({
  channel: required(v.pipe(v.string(accessMessages.method), v.nonEmpty(accessMessages.method))),
});
export const codeSchema = v.object({
  code: required(v.pipe(v.string(), v.regex(/^\d{6}$/, "Please enter the six-digit passcode."))),
});

/** E-mail, last four of the SSN and birthdate: who is asking (verify identity, reset link). */
export function identityLookupSchema(today: string) {
  return v.object({
    email: emailField,
    last4: required(v.pipe(v.string(accessMessages.last4), v.regex(/^\d{4}$/, accessMessages.last4))),
    birthdate: required(
      v.pipe(
        v.string(accessMessages.dobRequired),
        v.nonEmpty(accessMessages.dobRequired),
        v.transform((t) => parseUsDate(t.trim()) ?? ""),
        v.nonEmpty(accessMessages.dobInvalid),
        v.check((iso) => yearsBetween(iso, today) >= creditLine.minApplicantAge, accessMessages.dobRequired),
      ),
    ),
  });
}
