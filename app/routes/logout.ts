import { redirect } from "react-router";
import { catalogue, PlatformError } from "#platform";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { endSession } from "#server/sessions/session";
import { LOGGED_OUT_PATH } from "../lib/logged-out";
import { pagePlatform } from "../lib/platform.server";
import type { Route } from "./+types/logout";

/**
 * Log Out posts here: the session ends on the server, and its platform token
 * with it (Auth/Logout), so nothing a session held outlives it. After 30
 * idle minutes the page posts here by itself (reason=idle) and lands on
 * login with a notice.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const { session } = context.get(sessionContext);
  const idle = (await request.formData()).get("reason") === "idle";
  if (session?.data.customerId && session.data.platformToken) {
    try {
      await pagePlatform(context, session).platform.call(catalogue.auth.Logout, {});
    } catch (error) {
      // Already refused or unreachable: the token expires on its own within 30 minutes; the site session ends now regardless.
      if (!(error instanceof PlatformError)) throw error;
    }
  }
  return redirect(idle ? "/login?logout=idle" : LOGGED_OUT_PATH, {
    headers: { "Set-Cookie": await endSession(env, session) },
  });
}

export function loader() {
  return redirect("/");
}
