import { createContext } from "react-router";
import type { Env } from "../env";
import type { Session, SessionEnd } from "../sessions/session";

/** The Worker's bindings and execution context, for loaders and actions. */
export const edgeContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/**
 * The request's session, looked up once by the root middleware and shared by
 * every loader and action of the request. `ended` says why a cookie's session
 * just ended, so pages can tell the visitor.
 */
export const sessionContext = createContext<{ session: Session | null; ended: SessionEnd | null }>({
  session: null,
  ended: null,
});
