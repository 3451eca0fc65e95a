import type { ReactNode } from "react";
import type { DeskBorrowerFile } from "#server/desk/core";
import type { DeskAnswer, DeskFlash } from "./borrower.server";

/** What every form of a borrower's line gets: the line, its key, its refused answer, and what it just did. */
export interface LineFormProps<K extends NonNullable<DeskFlash>["kind"]> {
  line: NonNullable<DeskBorrowerFile["line"]>;
  formKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: K }> | null;
}

/**
 * A desk form's fields and their messages, named `<prefix>-<field>`: each
 * input points at its message (aria-describedby) and says when it is wrong
 * (aria-invalid), the same on every desk form.
 */
export function deskFields(prefix: string, errors: Record<string, string>) {
  const field = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `${prefix}-${name}-error`,
  });
  const message = (name: string) => (
    <p id={`${prefix}-${name}-error`} className="field-error">
      {errors[name] ?? ""}
    </p>
  );
  return { field, message };
}

/** A change's status line: what it did, or that the same form's change was already made (a double submit). */
export const doneLine = (again: boolean, done: string) => (again ? "That change was already made: " : done);

/** What a form just did (a status), and the expired-form message (an alert), above the form. */
export function FormBanners({ done, expired }: { done: ReactNode; expired: string | undefined }) {
  return (
    <>
      {done ? (
        <p className="banner banner-success" role="status">
          {done}
        </p>
      ) : null}
      {expired ? (
        <p className="banner banner-error" role="alert">
          {expired}
        </p>
      ) : null}
    </>
  );
}

/** The tick that the borrower heard the authorization read to them and agreed (with its message). */
export function AuthorizationTick({ prefix, errors }: { prefix: string; errors: Record<string, string> }) {
  const { message } = deskFields(prefix, errors);
  return (
    <div className={errors.authorized ? "field has-error" : "field"}>
      <label className="check">
        <input
          type="checkbox"
          name="authorized"
          aria-invalid={errors.authorized ? true : undefined}
          aria-describedby={`${prefix}-authorized-error`}
        />{" "}
        The borrower heard the authorization and agreed to it.
      </label>
      {message("authorized")}
    </div>
  );
}

/** A desk form's reason for the audit log, with its message. */
export function ReasonInput({ prefix, answer }: { prefix: string; answer: DeskAnswer | undefined }) {
  const errors = answer?.errors ?? {};
  const { field, message } = deskFields(prefix, errors);
  return (
    <div className={errors.reason ? "field has-error" : "field"}>
      <label htmlFor={`${prefix}-reason`}>Reason (for the audit log)</label>
      <input {...field("reason")} maxLength={500} defaultValue={answer?.values.reason} />
      {message("reason")}
    </div>
  );
}
