import type { RouterContextProvider } from "react-router";
import { platformClient } from "#platform";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { sessionTokenHolder } from "#server/sessions/platform-token";
import type { Session } from "#server/sessions/session";

/**
 * The platform client for one page request. Its bearer token comes from the
 * server-side session record (never the browser). For the request's own
 * session it is the request's token holder: every answer's rotated token
 * (a refusal's too) lands there and the session middleware writes it back
 * once the request is answered. A session started during the request gets
 * a holder of its own; routes that save session data pass `tokens.get()`
 * along as well.
 */
export function pagePlatform(context: Readonly<RouterContextProvider>, session: Session | null) {
  const { env, ctx } = context.get(edgeContext);
  const current = context.get(sessionContext);
  const tokens = session && session.id === current.session?.id ? current.tokens : sessionTokenHolder(session);
  return { platform: platformClient(env, tokens, ctx), tokens, persist: () => tokens.persist(env) };
}
