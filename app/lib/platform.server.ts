import type { RouterContextProvider } from "react-router";
import { edgeContext } from "../../functions/http/request-context";
import { platformClient } from "../../functions/platform/index";
import { sessionTokenHolder } from "../../functions/platform/session-tokens";
import type { Session } from "../../functions/sessions/session";

/**
 * The platform client for one page request. Its bearer token comes from the
 * server-side session record (never the browser); every answer's rotated
 * token lands in `tokens`, and `persist()` writes it back once, only when it
 * changed. Routes that save other session data at the same time pass
 * `tokens.get()` along instead.
 */
export function pagePlatform(context: Readonly<RouterContextProvider>, session: Session | null) {
  const { env, ctx } = context.get(edgeContext);
  const tokens = sessionTokenHolder(session);
  return { platform: platformClient(env, tokens, ctx), tokens, persist: () => tokens.persist(env.DB) };
}
