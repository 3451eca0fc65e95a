import { eq, lt, or } from "drizzle-orm";
import { database } from "../../db/client";
import { sessions } from "../../db/schema";
import { security } from "../config";
import { randomToken, sha256Hex } from "../tokens";
import { expiredSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./cookie";
import type { SessionData } from "./session-data";

const IDLE_MS = security.sessionIdleMinutes * 60_000;
const ABSOLUTE_MS = security.sessionAbsoluteHours * 3_600_000;
/** Skip the write that slides the idle window when the last one is this fresh. */
const TOUCH_GRANULARITY_MS = 60_000;

export interface Session {
  /** The opaque id from the cookie; never stored. */
  id: string;
  data: SessionData;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export type SessionEnd = "idle" | "absolute";

/** Why a cookie's session could not be used (the page says so on login). */
export type SessionLookup =
  | { status: "none" }
  | { status: "active"; session: Session }
  | { status: "expired"; reason: SessionEnd };

const hashId = sha256Hex;

/**
 * The session behind the request's cookie. Ends it on the server when it has
 * been idle 30 minutes or alive 12 hours; otherwise slides the idle window.
 */
export async function lookupSession(d1: D1Database, request: Request, now = Date.now()): Promise<SessionLookup> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id) return { status: "none" };
  const db = database(d1);
  const idHash = await hashId(id);
  const row = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).get();
  if (!row) return { status: "none" };
  const ended: SessionEnd | null = now >= row.expiresAt ? "absolute" : now - row.lastSeenAt >= IDLE_MS ? "idle" : null;
  if (ended) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "expired", reason: ended };
  }
  if (now - row.lastSeenAt >= TOUCH_GRANULARITY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    row.lastSeenAt = now;
  }
  return { status: "active", session: { id, data: row.data, createdAt: row.createdAt, lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt } };
}

export async function getSession(d1: D1Database, request: Request, now = Date.now()): Promise<Session | null> {
  const found = await lookupSession(d1, request, now);
  return found.status === "active" ? found.session : null;
}

/**
 * Start a fresh session and return the Set-Cookie header for it. Pass the
 * previous session to replace it: every sign-in gets a new id, so an id
 * planted before sign-in is worthless after it (session fixation).
 */
export async function startSession(
  d1: D1Database,
  data: SessionData,
  options: { replacing?: Session | null; now?: number } = {},
): Promise<{ session: Session; setCookie: string }> {
  const now = options.now ?? Date.now();
  const db = database(d1);
  const id = randomToken();
  const session: Session = { id, data, createdAt: now, lastSeenAt: now, expiresAt: now + ABSOLUTE_MS };
  const insert = db.insert(sessions).values({ idHash: await hashId(id), data, createdAt: now, lastSeenAt: now, expiresAt: session.expiresAt });
  if (options.replacing) {
    await db.batch([db.delete(sessions).where(eq(sessions.idHash, await hashId(options.replacing.id))), insert]);
  } else {
    await insert;
  }
  return { session, setCookie: sessionCookie(id, ABSOLUTE_MS / 1000) };
}

/** Replace the session's data (the id stays; use startSession to rotate it). */
export async function saveSession(d1: D1Database, session: Session, data: SessionData, now = Date.now()): Promise<Session> {
  await database(d1)
    .update(sessions)
    .set({ data, lastSeenAt: now })
    .where(eq(sessions.idHash, await hashId(session.id)));
  return { ...session, data, lastSeenAt: now };
}

/**
 * Merge fields into the stored session data (SQLite's json_patch) instead of
 * rewriting all of it, so a save of other fields by a request running at the
 * same time (another tab's rotated platform token) is not undone by this one.
 * The session object is updated too, so a later save in this request keeps them.
 */
export async function patchSession(d1: D1Database, session: Session, patch: Partial<SessionData>): Promise<void> {
  await d1.prepare("UPDATE sessions SET data = json_patch(data, ?) WHERE id_hash = ?").bind(JSON.stringify(patch), await hashId(session.id)).run();
  session.data = { ...session.data, ...patch };
}

/** End the session on the server and return the Set-Cookie that clears it. */
export async function endSession(d1: D1Database, session: Session | null): Promise<string> {
  if (session) await database(d1).delete(sessions).where(eq(sessions.idHash, await hashId(session.id)));
  return expiredSessionCookie();
}

/** Remove sessions past their absolute end or idle window (run on a schedule). */
export async function purgeExpiredSessions(d1: D1Database, now = Date.now()): Promise<void> {
  await database(d1)
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, now - IDLE_MS)));
}

export function isSignedIn(session: Session | null): boolean {
  return Boolean(session?.data.customerId);
}

/**
 * End every session of a borrower but `except` (the one making the change):
 * a password change or reset, or a new sign-in e-mail, ends every other
 * session (0-decisions.md, "Access and security"). A reset from an e-mailed
 * link passes no `except`: it ends them all.
 */
export async function endCustomerSessions(d1: D1Database, customerId: string, except?: Session | null): Promise<void> {
  await d1
    .prepare("DELETE FROM sessions WHERE json_extract(data, '$.customerId') = ? AND id_hash IS NOT ?")
    .bind(customerId, except ? await hashId(except.id) : null)
    .run();
}
