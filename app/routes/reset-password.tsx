import { Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { siteUrl } from "#server/http/site-origin";
import { expiredSessionCookie } from "#server/sessions/cookie";
import { endCustomerSessions } from "#server/sessions/session";
import { NewPasswordFields } from "../components/access/NewPasswordFields";
import { DateField } from "../components/form/DateField";
import { TextField } from "../components/form/Field";
import type { RouteHandle } from "../lib/layout";
import { serviceUnavailable } from "../lib/service-error";
import { limitStatefulGet } from "../lib/stateful-get.server";
import { easternToday } from "../lib/today";
import type { Route } from "./+types/reset-password";
import { identityLookupSchema, resetSchema } from "./access.schema";
import { accessLimitRefusal, accessPlatform, commonPasswordAnswer } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";

export const handle: RouteHandle = { layout: { hidelogin: true } };

export function meta() {
  return [{ title: `Reset Your Password | ${brand.name}` }];
}

/**
 * With ?token (from the e-mailed link, valid 30 minutes): the new-password
 * form. Without: a form that e-mails such a link ("Check Your Inbox").
 */
/** What this page says when the platform fails (spec file 2, section 8 leaves the words open). */
const SERVICE_TEXT = "We're sorry, please try again.";

/** ValidateToken's state for a link already used within its 30 minutes. */
const TOKEN_USED = 2;

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { mode: "request" as const };
  // Checking a link costs the platform a token: counted per IP, as a crawler's links would be.
  await limitStatefulGet(context, request);
  const { platform } = accessPlatform(context);
  let answer;
  try {
    answer = await platform.call(catalogue.auth.ValidateToken, { token });
  } catch (error) {
    // The link may be fine: the platform is not. Say so, with Try again (the root error boundary).
    if (error instanceof PlatformError) throw serviceUnavailable(SERVICE_TEXT);
    throw error;
  }
  if (answer.tokenState !== 0) throw redirect("/login?CalledFrom=TokenExpired");
  return { mode: "reset" as const };
}

/**
 * A post that stays on this page (field errors, an alert) changes nothing the
 * loader shows: reloading it would only check the link again, and an outage
 * then would replace the form, its alert and what was typed with an error page.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionResult ? false : defaultShouldRevalidate;
}

export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const values = await formValues(request);
  const { platform } = accessPlatform(context);
  try {
    if (token) {
      const checked = await validateStep(resetSchema, values);
      if (!checked.ok) return { errors: (await checked.failure).data.errors, sent: false };
      const common = commonPasswordAnswer(checked.output.password);
      if (common) return { ...common, sent: false };
      const state = await platform.call(catalogue.auth.ValidateToken, { token });
      // A link used moments ago (tokenState 2) may be this page's own update whose answer was lost: the platform
      // answers it again when the password is the one that update set, and calls the link expired otherwise.
      const retry = state.tokenState === TOKEN_USED;
      if (state.tokenState !== 0 && !retry) return redirect("/login?CalledFrom=TokenExpired");
      const answer = await platform.call(catalogue.auth.UpdatePassword, {
        email: state.emailAddress,
        password: checked.output.password,
        confirmPassword: checked.output.confirmPassword,
        tokenId: state.passwordGUID,
      });
      if (!answer.updated && retry) return redirect("/login?CalledFrom=TokenExpired");
      if (!answer.updated)
        return { errors: {}, alert: "We could not update your password. Please request a new link.", sent: false };
      // A reset from the link ends every session of the borrower, this one too if it was theirs (the platform ended their tokens).
      if (!answer.custId) return redirect("/login?CalledFrom=UpdatePwd");
      await endCustomerSessions(context.get(edgeContext).env.DB, answer.custId);
      const ownSession = context.get(sessionContext).session?.data.customerId === answer.custId;
      return redirect(
        "/login?CalledFrom=UpdatePwd",
        ownSession ? { headers: { "Set-Cookie": expiredSessionCookie() } } : undefined,
      );
    }
    const checked = await validateStep(identityLookupSchema(easternToday()), values);
    if (!checked.ok) return { errors: (await checked.failure).data.errors, sent: false };
    const limited = await accessLimitRefusal(context, request, "passwordResetPerIp", {
      policy: "passwordResetPerEmail",
      email: checked.output.email,
    });
    if (limited) return { errors: {}, alert: limited, sent: false };
    await platform.call(catalogue.auth.ResetPassword, {
      email: checked.output.email,
      last4SSN: checked.output.last4,
      DateOfBirth: checked.output.birthdate,
      // The site's configured origin, never the Host header: a forged Host must not put its own site in the e-mail.
      resetUrlBase: siteUrl(context.get(edgeContext).env, "/reset-password"),
    });
    return { errors: {}, sent: true };
  } catch (error) {
    if (error instanceof PlatformError) {
      const problem = error.fields.password;
      const errors: Record<string, string> = problem ? { password: problem } : {};
      return { errors, alert: problem ?? SERVICE_TEXT, sent: false };
    }
    throw error;
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  const alert = actionData && "alert" in actionData ? actionData.alert : undefined;
  if (actionData?.sent) {
    return (
      <section className="container page-section access">
        <h1>Check Your Inbox</h1>
        <p>If the details match an account, we have e-mailed a link to reset your password. It works for 30 minutes.</p>
        <p>
          <Link to="/" className="button button-outline">
            Back to home
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container page-section access">
      <h1>Reset Your Password</h1>
      <Form method="post" className="apply-form access-form" noValidate>
        {loaderData.mode === "reset" ? (
          <NewPasswordFields errors={errors} />
        ) : (
          <>
            <p>Tell us who you are and we'll e-mail you a link to reset your password.</p>
            <TextField name="email" label="Email Address" type="email" error={errors.email} autoComplete="username" />
            <TextField
              name="last4"
              label="Last 4 of SSN"
              type="password"
              error={errors.last4}
              mask="digits9"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
            />
            <DateField name="birthdate" label="Date of Birth" error={errors.birthdate} autoComplete="bday" />
          </>
        )}
        <div className="step-alert" role="alert">
          {alert ?? ""}
        </div>
        <button type="submit" className="button button-primary button-large" disabled={busy}>
          {loaderData.mode === "reset" ? "SUBMIT & GO TO LOG IN" : "E-MAIL ME A LINK"}
        </button>
      </Form>
    </section>
  );
}
