import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { edgeContext } from "../../../functions/http/request-context";
import { catalogue, type PlatformClient } from "../../../functions/platform/index";
import { seal, unseal } from "../../../functions/sessions/seal";
import type { EsignState } from "../../../functions/sessions/session-data";
import { resetSchema } from "../access.schema";
import { flowMessages } from "../password-flow.server";

type Context = Readonly<RouterContextProvider>;

/**
 * The consent page's optional create-password section: the chosen password
 * is sealed in the session, a passcode is e-mailed (two-factor), and only a
 * confirmed passcode creates the login (Auth/Register).
 */
export async function startInlinePassword(context: Context, platform: PlatformClient, state: EsignState, values: Record<string, string>, customerId: string, email: string) {
  const checked = v.safeParse(resetSchema, values);
  if (!checked.success) return { state, errors: { password: "Please enter a password that meets the criteria", ...(values.password !== values.confirmPassword ? { confirmPassword: "Passwords must match." } : {}) } };
  const { env } = context.get(edgeContext);
  // Sealed with the site's key (never the servicing core's), bound to this customer's e-sign.
  const sealed = await seal(env, "esign-password", checked.output.password, `esign:${customerId}`);
  await platform.call(catalogue.communications.SendEmailOtp, { email, CustId: customerId, ewSID: `esign:${customerId}`, purpose: "esign" });
  return { state: { ...state, password: { step: "code" as const, sealed } }, errors: {} };
}

/**
 * `identity` is what Register checks, from the platform's own record (esignFacts), not the
 * wizard's draft: an applicant who came from a partner lead has no draft in the session (only
 * the decision), and reading it sent an empty SSN and birthdate, which failed the call after
 * the passcode was spent.
 */
export async function confirmInlinePassword(
  context: Context,
  platform: PlatformClient,
  state: EsignState,
  code: string,
  customerId: string,
  email: string,
  identity: { last4SSN: string; dob: string },
) {
  const { env } = context.get(edgeContext);
  const pending = state.password;
  if (pending?.step !== "code" || !pending.sealed) return { state, alert: flowMessages.usedCode };
  const result = await platform.call(catalogue.communications.VerifySmsOtp, { pin: code, ewSID: `esign:${customerId}` });
  await platform.call(catalogue.auth.LoginAttempts, { Note: result.statusCode === "0" ? "Success attempt" : "Failed attempt", ProcessId: "1", Success: result.statusCode === "0", CustomerId: customerId });
  if (result.statusCode !== "0") {
    const message = { "1": flowMessages.invalidCode, "2": flowMessages.expiredCode, "3": "Verification failed. Your application has been withdrawn" }[result.statusCode] ?? flowMessages.usedCode;
    return { state, alert: message };
  }
  const password = await unseal(env, "esign-password", pending.sealed, `esign:${customerId}`);
  const answer = await platform.call(catalogue.auth.Register, { email, password, confirmPassword: password, custSSN: identity.last4SSN, dob: identity.dob });
  if (!answer.registered) return { state, alert: flowMessages.creationError };
  return { state: { ...state, password: { step: "done" as const } }, alert: undefined };
}
