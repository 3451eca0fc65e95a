import { type RouterContextProvider, redirect } from "react-router";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { SESSION_ENDED_PATH } from "#server/sessions/request-session";
import { endSession } from "#server/sessions/session";

/**
 * The platform refused the session's token (ended on its side, or it
 * expired although the session kept it alive): the session is over. It ends
 * here too, with the login page's notice ('Your session has ended. Please
 * log in again.'): the login page sends a signed-in session straight back
 * to the portal, so a redirect that left it alive would loop
 * (ERR_TOO_MANY_REDIRECTS) instead of asking for a login.
 */
export async function sessionOver(
  context: Readonly<RouterContextProvider>,
  to = SESSION_ENDED_PATH,
): Promise<Response> {
  const { env } = context.get(edgeContext);
  const { session } = context.get(sessionContext);
  return redirect(to, { headers: { "Set-Cookie": await endSession(env, session) } });
}
