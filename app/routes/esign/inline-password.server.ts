import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { isCommonPassword } from "#domain/common-passwords";
import { phones } from "#domain/config";
import { formatPhone } from "#domain/format";
import { catalogue, type PlatformClient, PlatformError } from "#platform";
import { edgeContext } from "#server/http/request-context";
import { seal, unseal } from "#server/sessions/seal";
import type { EsignState } from "#server/sessions/session-data";
import { ESIGN_WITHDRAWAL } from "../../components/esign/Withdrawn";
import { accessMessages, codeSchema, resetSchema } from "../access.schema";
import { accessLimitRefusal, checkPasscode } from "../access.server";
import { flowMessages } from "../password-flow.server";

type Context = Readonly<RouterContextProvider>;
type Pending = NonNullable<EsignState["password"]>;

/** The intents of the consent page's optional password section. */
export const INLINE_PASSWORD_INTENTS = ["pwCreate", "pwCode", "pwResend", "pwSkip", "pwStart"] as const;
export type InlinePasswordIntent = (typeof INLINE_PASSWORD_INTENTS)[number];
export const isInlinePasswordIntent = (intent: string): intent is InlinePasswordIntent =>
  (INLINE_PASSWORD_INTENTS as readonly string[]).includes(intent);

export interface InlinePasswordAnswer {
  state: EsignState;
  errors: Record<string, string>;
  alert?: string;
  /** The platform failed: nothing was decided, the page keeps what was typed (no reload). */
  serviceDown?: true;
}

interface Who {
  customerId: string;
  email: string;
  /** What Register checks, from the platform's own record (not the wizard's draft, which a lead applicant has none of). */
  identity: { last4SSN: string; dob: string };
}

const ewSID = (customerId: string) => `esign:${customerId}`;

/**
 * The consent page's optional create-password section (0-decisions.md):
 * the password is fully checked (criteria, confirmation, common passwords)
 * before any passcode is sent for it; it is then sealed in the session and a
 * passcode e-mailed; only a confirmed passcode creates the login. It can be
 * left at any step (Not now), the code re-sent under the passcode limits,
 * and no platform failure is ever a server error.
 */
export async function inlinePasswordStep(
  context: Context,
  request: Request,
  platform: PlatformClient,
  state: EsignState,
  intent: InlinePasswordIntent,
  values: Record<string, string>,
  who: Who,
): Promise<InlinePasswordAnswer> {
  const pending = state.password;
  const stay = (alert: string, errors: Record<string, string> = {}): InlinePasswordAnswer => ({ state, errors, alert });
  try {
    switch (intent) {
      case "pwSkip":
        // Not now: nothing is kept (a sealed password is dropped); Create Password works later.
        return { state: { ...state, password: { step: "skipped" } }, errors: {} };
      case "pwStart":
        return { state: { ...state, password: undefined }, errors: {} };
      case "pwCreate":
        return await start(context, request, platform, state, values, who);
      case "pwResend": {
        if (pending?.step !== "code" || !pending.sealed)
          return { state: { ...state, password: undefined }, errors: {} };
        if (pending.resendDisabled) return stay(flowMessages.resendLimit);
        return await send(context, request, platform, state, pending, who, true);
      }
      case "pwCode":
        return await confirm(context, request, platform, state, values, who);
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const problem = error.fields.password;
    if (problem) return { state, errors: { password: problem }, alert: problem, serviceDown: true };
    return {
      state,
      errors: {},
      alert: intent === "pwCode" ? flowMessages.serviceDown : flowMessages.callFailed,
      serviceDown: true,
    };
  }
}

async function start(
  context: Context,
  request: Request,
  platform: PlatformClient,
  state: EsignState,
  values: Record<string, string>,
  who: Who,
): Promise<InlinePasswordAnswer> {
  const checked = v.safeParse(resetSchema, values);
  if (!checked.success) {
    const issues = v.flatten<typeof resetSchema>(checked.issues).nested ?? {};
    const errors: Record<string, string> = {};
    if (issues.password?.[0]) errors.password = issues.password[0];
    if (issues.confirmPassword?.[0]) errors.confirmPassword = issues.confirmPassword[0];
    return { state, errors };
  }
  // The same check Create and Reset Password make, before a passcode is spent on a password the platform would refuse.
  if (isCommonPassword(checked.output.password)) return { state, errors: { password: accessMessages.commonPassword } };
  const { env } = context.get(edgeContext);
  // Sealed with the site's key (never the servicing core's), bound to this customer's e-sign.
  const sealed = await seal(env, "esign-password", checked.output.password, ewSID(who.customerId));
  return send(context, request, platform, state, { step: "code", sealed }, who, false);
}

async function send(
  context: Context,
  request: Request,
  platform: PlatformClient,
  state: EsignState,
  pending: Pending,
  who: Who,
  resend: boolean,
): Promise<InlinePasswordAnswer> {
  const limited = await accessLimitRefusal(context, request, "passcodeSendPerIp", {
    policy: "passcodeSendPerEmail",
    email: who.email,
  });
  if (limited) return { state, errors: {}, alert: limited, serviceDown: true };
  const sent = await platform.call(catalogue.communications.SendEmailOtp, {
    email: who.email,
    CustId: who.customerId,
    ewSID: ewSID(who.customerId),
    purpose: "esign",
  });
  if (sent.statusCode === "6") return { state, errors: {}, alert: flowMessages.channelStopped, serviceDown: true };
  if (sent.statusCode === "5" || sent.statusCode === "7") {
    // The resend limit (the code already sent still works) or the wrong-entry lock: no new one comes.
    const notice = sent.statusCode === "7" ? flowMessages.lockedCode : flowMessages.resendLimit;
    const kept: Pending = { ...pending, notice, resendDisabled: true };
    return { state: { ...state, password: kept }, errors: {} };
  }
  const notice = resend ? accessMessages.resent.replace("{phone}", formatPhone(phones.customerService)) : undefined;
  return {
    state: {
      ...state,
      password: {
        step: "code",
        sealed: pending.sealed,
        notice,
        resendDisabled: pending.resendDisabled,
        // E-mail to the address is stopped (a bounce): the code went by text or call, and the page says so.
        sentBy: sent.sentBy === "sms" || sent.sentBy === "voice" ? sent.sentBy : undefined,
      },
    },
    errors: {},
  };
}

async function confirm(
  context: Context,
  request: Request,
  platform: PlatformClient,
  state: EsignState,
  values: Record<string, string>,
  who: Who,
): Promise<InlinePasswordAnswer> {
  const pending = state.password;
  if (pending?.step !== "code" || !pending.sealed) return { state: { ...state, password: undefined }, errors: {} };
  const code = [1, 2, 3, 4, 5, 6].map((i) => values[`d${i}`] ?? "").join("");
  if (!v.is(codeSchema, { code })) return { state, errors: {}, alert: "Please enter the six-digit passcode." };
  const limited = await accessLimitRefusal(context, request, "passcodeCheckPerIp");
  if (limited) return { state, errors: {}, alert: limited, serviceDown: true };
  const statusCode = await checkPasscode(platform, {
    pin: code,
    ewSID: ewSID(who.customerId),
    customerId: who.customerId,
  });
  if (statusCode === "3")
    return { state: { ...state, password: undefined, withdrawn: "passcode" }, errors: {}, alert: ESIGN_WITHDRAWAL };
  if (statusCode !== "0") {
    const message =
      { "1": flowMessages.invalidCode, "2": flowMessages.expiredCode }[statusCode] ?? flowMessages.usedCode;
    return { state: { ...state, password: { ...pending, notice: undefined } }, errors: {}, alert: message };
  }
  const { env } = context.get(edgeContext);
  const password = await unseal(env, "esign-password", pending.sealed, ewSID(who.customerId));
  try {
    const answer = await platform.call(catalogue.auth.Register, {
      email: who.email,
      password,
      confirmPassword: password,
      custSSN: who.identity.last4SSN,
      dob: who.identity.dob,
    });
    if (answer.registered) return { state: { ...state, password: { step: "done" } }, errors: {} };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Registered before the answer was lost: the password exists, so the page says so.
    if (await registeredMeanwhile(platform, who))
      return { state: { ...state, password: { step: "done" } }, errors: {} };
    // The code is spent: back to choosing a password, with the platform's reason when it gave one.
    const problem = error.fields.password;
    return {
      state: { ...state, password: undefined },
      errors: problem ? { password: problem } : {},
      alert: problem ?? flowMessages.creationError,
    };
  }
  return { state: { ...state, password: undefined }, errors: {}, alert: flowMessages.creationError };
}

/** After a failed Register: true when the platform created the login anyway (its answer was lost). */
async function registeredMeanwhile(platform: PlatformClient, who: Who): Promise<boolean> {
  try {
    const { users } = await platform.call(catalogue.auth.ValidateEmail, { emailAddress: who.email });
    return users.some((u) => u.customerId === who.customerId && u.userId > 0);
  } catch (error) {
    if (error instanceof PlatformError) return false;
    throw error;
  }
}
