import { redirect } from "react-router";
import { edgeContext, sessionContext } from "../../functions/http/request-context";
import { endSession } from "../../functions/sessions/session";
import type { Route } from "./+types/logout";

/**
 * Log Out posts here: the session ends on the server. After 30 idle minutes
 * the page posts here by itself (reason=idle) and lands on login with a notice.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const { session } = context.get(sessionContext);
  const idle = (await request.formData()).get("reason") === "idle";
  return redirect(idle ? "/login?logout=idle" : "/", { headers: { "Set-Cookie": await endSession(env.DB, session) } });
}

export function loader() {
  return redirect("/");
}
