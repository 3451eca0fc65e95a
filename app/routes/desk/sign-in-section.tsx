import type { DeskBorrowerFile } from "#server/desk/core";
import type { DeskAnswer, DeskFlash } from "./borrower.server";
import { deskFields } from "./form-fields";

const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The borrower's sign-in (issue 20): wrong passwords counted and the lock
 * they set (0-decisions.md: 5 wrong, 30 minutes), and UNLOCK for an agent
 * once the borrower has proved who they are on the call.
 */
export function SignInSection({
  login,
  canAct,
  formKey,
  answer,
  flash,
  reset,
}: {
  login: DeskBorrowerFile["login"];
  canAct: boolean;
  formKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "unlock" }> | null;
  reset: { formKey: string; answer: DeskAnswer | undefined; flash: Extract<DeskFlash, { kind: "reset" }> | null };
}) {
  const state = !login
    ? "No password yet: the borrower has not created one."
    : login.lockedUntil
      ? `Locked by wrong passwords until ${when(login.lockedUntil)}.`
      : `Not locked. Wrong passwords since the last sign-in: ${login.failedLogins}.`;
  return (
    <section aria-labelledby="login-heading" className="card desk-login">
      <h2 id="login-heading">Sign-in</h2>
      {flash ? (
        <p className="banner banner-success" role="status">
          {flash.again ? "That unlock was already done." : "Sign-in unlocked."}
        </p>
      ) : null}
      <p>{state}</p>
      {canAct && login && (login.lockedUntil || login.failedLogins > 0) ? (
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="unlock" />
          <input type="hidden" name="key" value={formKey} />
          <ReasonField prefix="unlock" label="Reason (how the borrower proved who they are)" answer={answer} />
          <button type="submit" className="button button-outline">
            Unlock sign-in
          </button>
        </form>
      ) : null}
      {canAct && login ? <ResetLinkForm {...reset} /> : null}
    </section>
  );
}

/** SEND A RESET LINK: Forgot Password's e-mail, to the address on file, once the borrower proved who they are. */
function ResetLinkForm({
  formKey,
  answer,
  flash,
}: {
  formKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "reset" }> | null;
}) {
  return (
    <form method="post" noValidate className="desk-reset">
      {flash ? (
        <p className="banner banner-success" role="status">
          {flash.again
            ? "That link was already sent."
            : "Reset link e-mailed to the address on file; it works for 30 minutes."}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="reset-link" />
      <input type="hidden" name="key" value={formKey} />
      <ReasonField
        prefix="reset"
        label="Reason for a reset link (how the borrower proved who they are)"
        answer={answer}
      />
      <button type="submit" className="button button-outline">
        E-mail a reset link
      </button>
    </form>
  );
}

/** A sign-in form's one field: why (how the borrower proved who they are), with its message. */
function ReasonField({ prefix, label, answer }: { prefix: string; label: string; answer: DeskAnswer | undefined }) {
  const error = answer?.errors.reason ?? answer?.errors.key;
  const { field, message } = deskFields(prefix, error ? { reason: error } : {});
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={`${prefix}-reason`}>{label}</label>
      <input {...field("reason")} maxLength={500} defaultValue={answer?.values.reason} />
      {message("reason")}
    </div>
  );
}
