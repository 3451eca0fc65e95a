import { Form, redirect } from "react-router";
import { DESK_ROLE_LABELS, DESK_ROLES, type DeskRole } from "#domain/desk";
import { devIdentityCookie, expiredDevIdentityCookie, signDevIdentity } from "#server/desk/dev-identity";
import { edgeContext } from "#server/http/request-context";
import type { Route } from "./+types/desk";

/**
 * Development only (decision record 021): sign in to the servicing desk as
 * each role, without Cloudflare Access. This route is not in preview or
 * production builds, and the identity it signs opens nothing outside
 * development.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const form = await request.formData();
  if (form.get("intent") === "signout")
    return redirect("/dev/desk", { headers: { "Set-Cookie": expiredDevIdentityCookie() } });
  const role = String(form.get("role") ?? "") as DeskRole;
  if (!DESK_ROLES.includes(role)) return { error: "Choose a role." };
  const value = await signDevIdentity(env, { email: `${role}@desk.ridgeline.test`, role }, Date.now());
  if (!value) return { error: "The development sign-in needs ENVIRONMENT=development and DESK_DEV_KEY in .dev.vars." };
  return redirect("/desk", { headers: { "Set-Cookie": devIdentityCookie(value) } });
}

export function meta() {
  return [{ title: "Desk sign-in (development) | Ridgeline Credit" }];
}

export default function DevDeskSignIn({ actionData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>Servicing desk: development sign-in</h1>
      <p>
        In preview and production, Cloudflare Access signs staff in. Here, choose a role to try the desk as (an identity
        signed with this machine's DESK_DEV_KEY).
      </p>
      {actionData?.error ? (
        <p className="banner banner-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="button-row">
        {DESK_ROLES.map((role) => (
          <button key={role} type="submit" name="role" value={role} className="button button-primary">
            Sign in as {DESK_ROLE_LABELS[role]}
          </button>
        ))}
      </Form>
    </section>
  );
}
