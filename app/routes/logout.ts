import { redirect } from "react-router";
import { sessionContext, edgeContext } from "../../functions/http/request-context";
import { endSession } from "../../functions/sessions/session";
import type { Route } from "./+types/logout";

/** Log Out posts here: the session ends on the server, then home. */
export async function action({ context }: Route.ActionArgs) {
  const { env } = context.get(edgeContext);
  const { session } = context.get(sessionContext);
  return redirect("/", { headers: { "Set-Cookie": await endSession(env.DB, session) } });
}

export function loader() {
  return redirect("/");
}
