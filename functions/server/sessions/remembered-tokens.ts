import { readCookie, SESSION_COOKIE } from "./cookie";

/**
 * The platform token each session last held, as this isolate saw it, so a
 * page can start its first call before the session row is read
 * (early-call.ts). Only a hint: a call started with it counts once the
 * session is read and still holds that token.
 */

/** Sessions an isolate remembers: far more than it serves at once; the oldest go first. */
const REMEMBERED_SESSIONS = 2_000;
/** A platform token lives 30 minutes from its last use: an older memory is of no use. */
const REMEMBERED_FOR_MS = 30 * 60_000;

const lastTokens = new Map<string, { token: string; at: number }>();

/** The token a session's request ended with, for that session's next request here. */
export function rememberToken(sessionId: string, token: string | null, now = Date.now()): void {
  lastTokens.delete(sessionId);
  if (!token) return;
  lastTokens.set(sessionId, { token, at: now });
  if (lastTokens.size > REMEMBERED_SESSIONS) lastTokens.delete(lastTokens.keys().next().value!);
}

/** Forgets a session (it ended): its cookie starts nothing early again. */
export function forgetSession(sessionId: string): void {
  lastTokens.delete(sessionId);
}

export function rememberedToken(request: Request, now = Date.now()): { sessionId: string; token: string } | null {
  const sessionId = readCookie(request, SESSION_COOKIE);
  const known = sessionId ? lastTokens.get(sessionId) : undefined;
  if (!sessionId || !known || now - known.at >= REMEMBERED_FOR_MS) return null;
  return { sessionId, token: known.token };
}
