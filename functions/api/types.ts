import type { Env } from "../env";
import type { ClientInfo } from "../http/client-info";
import type { Session } from "../sessions/session";

/** Typed Bindings and Variables shared by every API sub-app. */
export interface ApiEnv {
  Bindings: Env;
  Variables: {
    client: ClientInfo;
    session: Session | null;
  };
}
