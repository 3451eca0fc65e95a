import { data, type RouterContextProvider, redirect } from "react-router";
import { security } from "#domain/config";
import { loginAttemptsWarning } from "#domain/rules/login-attempts";
import { catalogue, PlatformError } from "#platform";
import { landingFor, signIn } from "#server/access/sign-in";
import type { RateLimitVerdict } from "#server/durable-objects/rate-limiter";
import { clientInfo } from "#server/http/client-info";
import { peekRateLimit, rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { accessMessages, emailSchema, loginSchema } from "./access.schema";
import { accessLimitRefusal, accessPlatform } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";

type Context = Readonly<RouterContextProvider>;

/** Named conditions of spec file 2, section 8 whose wording the spec leaves to us. */
export const loginMessages = {
  noAccount: "We couldn't find an account with that email address.",
  invalidLogin: "The email or password you entered is incorrect. Please try again.",
  locked: `Your account is temporarily locked after too many attempts. Please wait ${security.loginLockMinutes} minutes or use Forgot Password.`,
  serviceDown: "We're sorry, we could not sign you in just now. Please try again.",
  /**
   * The per-IP limit on wrong passwords: about the network, not the account
   * (everyone behind a shared address would otherwise read that their own
   * account is locked, even with the right password).
   */
  networkLimit: "Too many attempts from this network. Please wait {minutes} and try again.",
} as const;

export type LoginAnswer = {
  stage: "email" | "password";
  email: string;
  errors: Record<string, string>;
  alert?: string;
  createLink?: boolean;
};

/** The per-IP limit's answer: its own words, 429 with Retry-After (the `.data` answer carries it too). */
function networkLimited(email: string, verdict: RateLimitVerdict) {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  const alert = loginMessages.networkLimit.replace("{minutes}", minutes === 1 ? "1 minute" : `${minutes} minutes`);
  const answer: LoginAnswer = { stage: "password", email, errors: {}, alert };
  return data(answer, { status: 429, headers: { "Retry-After": String(Math.max(1, verdict.retryAfterSeconds)) } });
}

/** Login's post: CONTINUE (the e-mail step) or LOG IN (the password step). */
export async function loginAction(context: Context, request: Request) {
  const values = await formValues(request);
  const email = (values.email ?? "").trim().toLowerCase();
  return values.intent === "login"
    ? passwordStep(context, request, values, email)
    : emailStep(context, request, values, email);
}

/** CONTINUE: whether the address has an account, and a password to ask for. */
async function emailStep(
  context: Context,
  request: Request,
  values: Record<string, string>,
  email: string,
): Promise<LoginAnswer> {
  const checked = await validateStep(emailSchema, values);
  if (!checked.ok) return { stage: "email", email, errors: { email: accessMessages.email } };
  const limited = await accessLimitRefusal(context, request, "emailCheckPerIp", {
    policy: "emailCheckPerEmail",
    email,
  });
  if (limited) return { stage: "email", email, errors: {}, alert: limited };
  const { platform } = accessPlatform(context);
  try {
    const answer = await platform.call(catalogue.auth.ValidateEmail, {
      emailAddress: email,
      remoteIP: clientInfo(request).ip,
    });
    if (!answer.validEmail) return { stage: "email", email, errors: { email: loginMessages.noAccount } };
    // A borrower without a password yet is offered to create one.
    if (!answer.users.some((u) => u.userId > 0))
      return { stage: "email", email, errors: {}, alert: accessMessages.noPassword, createLink: true };
    return { stage: "password", email, errors: {} };
  } catch (error) {
    if (error instanceof PlatformError) return { stage: "email", email, errors: {}, alert: loginMessages.serviceDown };
    throw error;
  }
}

/** LOG IN: signs in, or says why not (a wrong password, the lock, the network's limit). */
async function passwordStep(context: Context, request: Request, values: Record<string, string>, email: string) {
  const { env } = context.get(edgeContext);
  const refused = (alert: string): LoginAnswer => ({ stage: "password", email, errors: {}, alert });
  const checked = await validateStep(loginSchema, values);
  if (!checked.ok)
    return { stage: "password", email, errors: { password: accessMessages.password } } satisfies LoginAnswer;
  const ip = clientInfo(request).ip;
  // Wrong passwords count per client IP here and per e-mail on the platform.
  const ipFailures = await peekRateLimit(env, "loginFailPerIp", ip);
  if (!ipFailures.allowed) return networkLimited(email, ipFailures);
  const { platform, tokens } = accessPlatform(context);
  try {
    const answer = await platform.call(catalogue.auth.Login, {
      userName: email,
      password: checked.output.password,
      remoteIP: ip,
    });
    if (answer.customerLoginResults === 1 && answer.id > 0) {
      const { session } = context.get(sessionContext);
      const setCookie = await signIn(env, session, {
        customerId: answer.custId,
        firstName: answer.firstName,
        loanStatus: answer.loanStatus,
        hasValidEsignatures: answer.hasValidEsignatures,
        platformToken: tokens.get(),
      });
      return redirect(landingFor(answer.loanStatus, answer.hasValidEsignatures), {
        headers: { "Set-Cookie": setCookie },
      });
    }
    if (answer.customerLoginResults === 6 || answer.customerLoginResults === 10) return refused(loginMessages.locked);
    const counted = await rateLimit(env, "loginFailPerIp", ip);
    // That was the last wrong password this network may send for now: say how long to wait.
    if (!counted.allowed || counted.remaining <= 0)
      return networkLimited(email, await peekRateLimit(env, "loginFailPerIp", ip));
    // The platform's own count for this e-mail (none for an unknown one, which the e-mail step already named).
    const warning = loginAttemptsWarning(answer.attemptsLeft);
    return refused(warning ? `${loginMessages.invalidLogin} ${warning}` : loginMessages.invalidLogin);
  } catch (error) {
    if (error instanceof PlatformError) return refused(loginMessages.serviceDown);
    throw error;
  }
}
