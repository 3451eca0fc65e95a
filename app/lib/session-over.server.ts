import { redirect, type RouterContextProvider } from "react-router";
import { edgeContext, sessionContext } from "../../functions/http/request-context";
import { endSession } from "../../functions/sessions/session";

/**
 * The platform refused the session's token (it expires after 30 minutes
 * unused, e.g. while the borrower read public pages, which keep the site's
 * session alive; or the development clock moved): the session is over. It
 * must end here too: the login page sends a signed-in session straight back
 * to the portal, so a redirect that left it alive would loop
 * (ERR_TOO_MANY_REDIRECTS) instead of asking for a login.
 */
export async function sessionOver(context: Readonly<RouterContextProvider>, to = "/login?logout=idle"): Promise<Response> {
  const { env } = context.get(edgeContext);
  const { session } = context.get(sessionContext);
  return redirect(to, { headers: { "Set-Cookie": await endSession(env.DB, session) } });
}
