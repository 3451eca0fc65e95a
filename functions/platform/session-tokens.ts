import { saveSession, type Session } from "../sessions/session";
import { memoryTokenHolder, type TokenHolder } from "./client";

/**
 * The platform token kept in the server-side session record: the client
 * reads it from there, and `persist` writes the rotated token back once per
 * request (only when it changed). The browser only ever holds the session id.
 */
export function sessionTokenHolder(session: Session | null): TokenHolder & { persist(d1: D1Database): Promise<Session | null> } {
  const holder = memoryTokenHolder(session?.data.platformToken ?? null);
  return {
    get: holder.get,
    set: holder.set,
    async persist(d1) {
      const token = holder.get();
      if (!session || !holder.changed || !token) return session;
      return saveSession(d1, session, { ...session.data, platformToken: token });
    },
  };
}
