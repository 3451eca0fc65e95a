import { memoryTokenHolder, type TokenHolder } from "#platform";
import { patchSession, type Session, type SessionEnv } from "./session";

export interface SessionTokens extends TokenHolder {
  /**
   * Writes the token back to the session record when it changed since it
   * was read (or last written): only the token field, so data another
   * request saved meanwhile stays.
   */
  persist(env: SessionEnv): Promise<void>;
}

/**
 * The platform token kept in the server-side session record: the client
 * reads it from there and every answer's tokenToUse (a refusal's too)
 * replaces it. The page and API middleware hold one per request and persist
 * it once the request is answered, whether its calls succeeded or were
 * refused (functions/server/sessions/request-session.ts). The browser only ever
 * holds the session id.
 */
export function sessionTokenHolder(session: Session | null): SessionTokens {
  const holder = memoryTokenHolder(session?.data.platformToken ?? null);
  let written = session?.data.platformToken ?? null;
  return {
    get: holder.get,
    set: holder.set,
    async persist(env) {
      const token = holder.get();
      // Already in the record: read with it, or a save of this request carried it.
      if (!session || !token || token === written || token === session.data.platformToken) return;
      await patchSession(env, session, { platformToken: token });
      written = token;
    },
  };
}
