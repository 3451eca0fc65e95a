import type { Env } from "../env";
import type { ClientInfo } from "../http/client-info";
import type { SessionTokens } from "../sessions/platform-token";
import type { Session, SessionEnd } from "../sessions/session";

/** Typed Bindings and Variables shared by every API sub-app. */
export interface ApiEnv {
  Bindings: Env;
  Variables: {
    client: ClientInfo;
    session: Session | null;
    /** Why the cookie's session just ended, if it did (a refused platform token: the answer says so). */
    sessionEnded: SessionEnd | null;
    /** The request's platform token (functions/server/api/middleware.ts persists it once answered). */
    tokens: SessionTokens;
  };
}
