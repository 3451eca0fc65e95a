import { createContext } from "react-router";
import type { Env } from "../env";
import { sessionTokenHolder } from "../sessions/platform-token";
import type { RequestSession } from "../sessions/request-session";

/** The Worker's bindings and execution context, for loaders and actions. */
export const edgeContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/**
 * The request's session, looked up once by the root middleware and shared by
 * every loader and action of the request. `ended` says why a cookie's session
 * just ended, so pages can tell the visitor; `tokens` is the platform token
 * of the request, written back by the middleware once the request is answered.
 */
export const sessionContext = createContext<RequestSession>({
  session: null,
  ended: null,
  tokens: sessionTokenHolder(null),
});
