import { eq } from "drizzle-orm";
import { database } from "#db/client";
import { sessions } from "#db/schema/site";
import { security } from "#domain/config";
import { randomToken, sha256Hex } from "#domain/tokens";
import { platformTime } from "#platform";
import type { Env } from "../env";
import { expiredSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./cookie";
import { forgetSession, rememberToken } from "./remembered-tokens";
import { seal, unseal } from "./seal";
import type { SessionData } from "./session-data";

const IDLE_MS = security.sessionIdleMinutes * 60_000;
const ABSOLUTE_MS = security.sessionAbsoluteHours * 3_600_000;
/** Skip the write that slides the idle window when the last one is this fresh. */
const TOUCH_GRANULARITY_MS = 60_000;
/** A session with nothing to keep (no sign-in, draft, flow or e-sign) is purged once unused this long. */
const EMPTY_IDLE_MS = 10 * 60_000;

/**
 * What a session row seals with the site's key (functions/server/sessions/seal.ts):
 * the platform token, the application draft, a password flow and the e-sign
 * answers. The rest (who is signed in, the line's status) stays readable,
 * so the store can find and purge sessions without opening them.
 */
const SEALED_FIELDS = ["platformToken", "application", "access", "esign"] as const satisfies ReadonlyArray<
  keyof SessionData
>;

/** What the store needs: the table, the seal key, and the environment (for the development clock). */
export type SessionEnv = Pick<Env, "DB" | "SESSION_SEAL_KEY" | "ENVIRONMENT">;

export interface Session {
  /** The opaque id from the cookie; never stored. */
  id: string;
  data: SessionData;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

/** Why a session ended: 30 idle minutes, 12 hours in all, or the platform refused its token. */
export type SessionEnd = "idle" | "absolute" | "token";

/** Why a cookie's session could not be used (the page says so on login). */
export type SessionLookup =
  | { status: "none" }
  /** `touched`: this request slid the idle window (at most once a minute), so the platform token is kept alive with it. */
  | { status: "active"; session: Session; touched: boolean }
  | { status: "expired"; reason: SessionEnd };

const hashId = sha256Hex;

/**
 * The site's clock: real time, or in development the development clock the
 * embedded platform also runs on (functions/servicing/clock.ts). One clock
 * for the session's idle window and the platform token's life, so a moved
 * clock ages both alike (decision record 014).
 */
export async function sessionNow(env: SessionEnv): Promise<number> {
  return (await platformTime(env)).getTime();
}

/** Seals the sealed fields, bound to the row (its id hash) and the field, so a copied value opens nowhere else. */
async function sealData(env: SessionEnv, idHash: string, data: Partial<SessionData>): Promise<Record<string, unknown>> {
  const stored: Record<string, unknown> = { ...data };
  for (const field of SEALED_FIELDS) {
    const value = data[field];
    if (value !== undefined && value !== null)
      stored[field] = await seal(env, "session", JSON.stringify(value), `${idHash}:${field}`);
  }
  return stored;
}

/** The row's data opened, or null when a sealed field does not open (another key, another row, altered). */
async function openData(env: SessionEnv, idHash: string, stored: Record<string, unknown>): Promise<SessionData | null> {
  const data: Record<string, unknown> = { ...stored };
  try {
    for (const field of SEALED_FIELDS) {
      const value = stored[field];
      if (value !== undefined && value !== null)
        data[field] = JSON.parse(await unseal(env, "session", String(value), `${idHash}:${field}`)) as unknown;
    }
  } catch {
    return null;
  }
  return data as SessionData;
}

/**
 * The session behind the request's cookie. Ends it on the server when it has
 * been idle 30 minutes or alive 12 hours; otherwise slides the idle window.
 * A row whose sealed data does not open is no session at all (and goes).
 */
export async function lookupSession(env: SessionEnv, request: Request, now?: number): Promise<SessionLookup> {
  const found = await findSession(env, request, now);
  if (found.status !== "active") return found;
  const { touch, ...active } = found;
  if (active.touched) await touch();
  return active;
}

/** A lookup whose slide of the idle window is still to be written (`touch`). */
type FoundSession =
  | Exclude<SessionLookup, { status: "active" }>
  | (Extract<SessionLookup, { status: "active" }> & { touch: () => Promise<void> });

/**
 * The same, leaving the slide of the idle window to the caller (`touch`), who
 * may run it beside other work (the token's extension, which depends only on
 * `touched`) instead of before it.
 */
export async function findSession(env: SessionEnv, request: Request, now?: number): Promise<FoundSession> {
  const id = readCookie(request, SESSION_COOKIE);
  if (!id) return { status: "none" };
  const at = now ?? (await sessionNow(env));
  const db = database(env.DB);
  const idHash = await hashId(id);
  const row = await db.select().from(sessions).where(eq(sessions.idHash, idHash)).get();
  if (!row) return { status: "none" };
  const ended: SessionEnd | null = at >= row.expiresAt ? "absolute" : at - row.lastSeenAt >= IDLE_MS ? "idle" : null;
  if (ended) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "expired", reason: ended };
  }
  const data = await openData(env, idHash, row.data);
  if (!data) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "none" };
  }
  const touched = at - row.lastSeenAt >= TOUCH_GRANULARITY_MS;
  return {
    status: "active",
    touched,
    touch: async () => {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.idHash, idHash));
    },
    session: {
      id,
      data,
      createdAt: row.createdAt,
      lastSeenAt: touched ? at : row.lastSeenAt,
      expiresAt: row.expiresAt,
    },
  };
}

export async function getSession(env: SessionEnv, request: Request, now?: number): Promise<Session | null> {
  const found = await lookupSession(env, request, now);
  return found.status === "active" ? found.session : null;
}

/**
 * Start a fresh session and return the Set-Cookie header for it. Pass the
 * previous session to replace it: every privilege change (sign-in, an
 * approval) gets a new id, so an id planted before it is worthless after it
 * (session fixation).
 */
export async function startSession(
  env: SessionEnv,
  data: SessionData,
  options: { replacing?: Session | null; now?: number } = {},
): Promise<{ session: Session; setCookie: string }> {
  const now = options.now ?? (await sessionNow(env));
  const db = database(env.DB);
  const id = randomToken();
  const idHash = await hashId(id);
  const session: Session = { id, data, createdAt: now, lastSeenAt: now, expiresAt: now + ABSOLUTE_MS };
  const insert = db.insert(sessions).values({
    idHash,
    data: await sealData(env, idHash, data),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: session.expiresAt,
  });
  if (options.replacing) {
    await db.batch([db.delete(sessions).where(eq(sessions.idHash, await hashId(options.replacing.id))), insert]);
  } else {
    await insert;
  }
  rememberToken(id, data.platformToken ?? null);
  return { session, setCookie: sessionCookie(id, ABSOLUTE_MS / 1000) };
}

/** Replace the session's data (the id stays; use startSession to rotate it). */
export async function saveSession(
  env: SessionEnv,
  session: Session,
  data: SessionData,
  now?: number,
): Promise<Session> {
  const at = now ?? (await sessionNow(env));
  const idHash = await hashId(session.id);
  await database(env.DB)
    .update(sessions)
    .set({ data: await sealData(env, idHash, data), lastSeenAt: at })
    .where(eq(sessions.idHash, idHash));
  session.data = data;
  rememberToken(session.id, data.platformToken ?? null);
  return { ...session, data, lastSeenAt: at };
}

/**
 * Merge fields into the stored session data (SQLite's json_patch) instead of
 * rewriting all of it, so a save of other fields by a request running at the
 * same time (another tab's rotated platform token) is not undone by this one.
 * The session object is updated too, so a later save in this request keeps them.
 */
export async function patchSession(env: SessionEnv, session: Session, patch: Partial<SessionData>): Promise<void> {
  const idHash = await hashId(session.id);
  await env.DB.prepare("UPDATE sessions SET data = json_patch(data, ?) WHERE id_hash = ?")
    .bind(JSON.stringify(await sealData(env, idHash, patch)), idHash)
    .run();
  session.data = { ...session.data, ...patch };
  if ("platformToken" in patch) rememberToken(session.id, patch.platformToken ?? null);
}

/** End the session on the server and return the Set-Cookie that clears it. */
export async function endSession(env: SessionEnv, session: Session | null): Promise<string> {
  if (session) {
    forgetSession(session.id);
    await database(env.DB)
      .delete(sessions)
      .where(eq(sessions.idHash, await hashId(session.id)));
  }
  return expiredSessionCookie();
}

/**
 * The scheduled purge (the site's own step of the Cron Trigger): sessions
 * past their absolute end or idle window, and sessions with nothing to keep
 * (no sign-in, draft, flow or e-sign; at most a merchant token) unused for
 * 10 minutes, so the table holds what visitors are doing, not who passed by.
 */
export async function purgeSessions(env: SessionEnv, now?: number): Promise<void> {
  const at = now ?? (await sessionNow(env));
  const empty = ["customerId", "application", "access", "esign", "esignDone"]
    .map((f) => `json_extract(data, '$.${f}') IS NULL`)
    .join(" AND ");
  await env.DB.prepare(
    `DELETE FROM sessions WHERE expires_at <= ?1 OR last_seen_at <= ?2 OR (last_seen_at <= ?3 AND ${empty})`,
  )
    .bind(at, at - IDLE_MS, at - EMPTY_IDLE_MS)
    .run();
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
