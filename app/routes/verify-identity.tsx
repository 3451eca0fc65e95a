import { Form, Link, redirect, useNavigation } from "react-router";
import type { AccessFlow } from "#domain/access-flow";
import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { saveSession, startSession } from "#server/sessions/session";
import { DateField } from "../components/form/DateField";
import { TextField } from "../components/form/Field";
import type { RouteHandle } from "../lib/layout";
import { easternToday } from "../lib/today";
import type { Route } from "./+types/verify-identity";
import { accessMessages, identityLookupSchema } from "./access.schema";
import { accessLimitRefusal, accessPlatform } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";
import { channelsFor, flowMessages } from "./password-flow.server";

export const handle: RouteHandle = { layout: { hidelogin: true } };

export function meta() {
  return [{ title: `Verify Your Identity | ${brand.name}` }];
}

/**
 * The start of create password (spec file 2, section 2.2): e-mail, last four
 * of the SSN and birthdate. A match without a password continues to the
 * channel step of create password, which then asks none of them again; a
 * registered borrower goes to login.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const values = await formValues(request);
  const checked = await validateStep(identityLookupSchema(easternToday()), values);
  if (!checked.ok) return { errors: (await checked.failure).data.errors, alert: accessMessages.incomplete };
  const { email, last4, birthdate } = checked.output;
  const limited = await accessLimitRefusal(context, request, "emailCheckPerIp", {
    policy: "emailCheckPerEmail",
    email,
  });
  if (limited) return { errors: {}, alert: limited };
  const { platform, tokens } = accessPlatform(context);
  try {
    const identity = await platform.call(catalogue.auth.VerifyIdentity, {
      emailAddress: email,
      custSSN: last4,
      custDOB: birthdate,
      remoteIP: clientInfo(request).ip,
    });
    if (!identity.validIdentity) return { errors: {}, alert: flowMessages.identity };
    if (identity.isRegistered) return redirect("/login");
    const found = await platform.call(catalogue.auth.ValidateEmail, { emailAddress: email });
    const user = found.users[0];
    if (!user) return { errors: {}, alert: flowMessages.identity };
    // Continue in create password at the channel step: the e-mail, last four and birthdate are not asked again.
    const channels = (await channelsFor(platform, user)).map(({ destination: _d, ...c }) => c);
    const { session } = context.get(sessionContext);
    const flow: AccessFlow = {
      kind: "create",
      step: "method",
      email,
      customerId: user.customerId,
      channels,
      resends: 0,
      identity: { last4, birthdate },
    };
    const cookie = session ? null : await startSession(env, { access: flow, platformToken: tokens.get() ?? undefined });
    if (session)
      await saveSession(env, session, {
        ...session.data,
        access: flow,
        platformToken: tokens.get() ?? session.data.platformToken,
      });
    return redirect("/create-password", cookie ? { headers: { "Set-Cookie": cookie.setCookie } } : undefined);
  } catch (error) {
    if (error instanceof PlatformError) return { errors: {}, alert: "We're sorry, please try again." };
    throw error;
  }
}

export default function VerifyIdentity({ actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const busy = useNavigation().state !== "idle";
  return (
    <section className="container page-section access">
      <h1>Verify your identity</h1>
      <Form method="post" className="apply-form access-form" noValidate>
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
        <DateField name="birthdate" label="Birthdate" error={errors.birthdate} autoComplete="bday" />
        <div className="step-alert" role="alert">
          {actionData?.alert ?? ""}
        </div>
        <div className="button-row">
          <Link to="/login" className="button button-outline">
            CANCEL
          </Link>
          <button type="submit" className="button button-primary" disabled={busy}>
            NEXT
          </button>
        </div>
      </Form>
    </section>
  );
}
