/**
 * Every request reads and writes D1 through one D1 session (the Sessions API,
 * decision record 018): its reads may be answered by the replica nearest the
 * visitor, its writes go to the primary, and within it every read sees the
 * session's own writes. Where it starts:
 *
 * - a post starts at the primary: it writes, and its checks (a login's
 *   wrong passwords, a reset link's single use, a key's claim) must not read
 *   an older copy; a borrower's draw or payment form is the exception, as
 *   its checks are all made where the line is written (`MONEY_FORM`);
 * - a request carrying the bookmark cookie starts at that bookmark (the
 *   browser's last write), so it reads its own writes from any replica that
 *   has them;
 * - a request with a session cookie but no bookmark starts at the primary;
 * - a machine's post (a partner's lead, a provider's webhook) uses the
 *   binding itself, the primary: every read it makes is a check that must see
 *   the newest data (a partner switched off, a claim, a duplicate), and it
 *   keeps no bookmark. Locally a call through a session also costs the one
 *   thread twice the plain binding's (decision record 018, issue 19);
 * - everything else (public pages, documents, a lead's status) starts at any
 *   replica: a moment's staleness of a document or a partner row is harmless.
 *
 * A page request that wrote answers the new bookmark in the cookie. The cron, the
 * queue consumers and the Durable Objects use the binding itself (the primary).
 */
import { hasSessionCookie, readCookie, SESSION_COOKIE } from "../sessions/cookie";
import { type Distance, distantSession, isRead, type SessionStart } from "./d1-distance";

/** Not personal and not secret: where in D1's history this browser's last write is. */
export const BOOKMARK_COOKIE = "__Host-rl_d1";
/** D1's bookmark: four hex groups; anything else is no bookmark (and never reaches D1). */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** As long as a session can live (12 hours): past that, a bookmark is older than any replica. */
const BOOKMARK_MAX_AGE_S = 12 * 3600;

export interface DistanceEnv {
  ENVIRONMENT: "development" | "preview" | "production";
  /** Development only: milliseconds every primary round trip waits (npm run bench -- --d1-rtt 80). */
  D1_SIMULATED_RTT_MS?: string;
  /** Development only: milliseconds every replica read waits (default 10 when a distance is set). */
  D1_SIMULATED_REPLICA_MS?: string;
  /** The worker tests' lagging replica: a second database holding an older copy (tests/worker/helpers/replica.ts). */
  DB_REPLICA?: D1Database;
}

export interface RequestD1 {
  /** The binding as the request's code uses it: every query through the request's session. */
  db: D1Database;
  start: SessionStart;
  /** Whether the request wrote (so its bookmark is worth keeping). */
  wrote(): boolean;
  bookmark(): string | null;
}

const READS_ONLY = new Set(["GET", "HEAD"]);

/**
 * Where the request's session starts. A post (a form, a lead, a webhook)
 * writes, so its checks read the primary too: a login's count of wrong
 * passwords, a reset link's single use, a claim, never a replica's older copy.
 */
export function sessionStart(request: Request): SessionStart {
  const bookmark = readCookie(request, BOOKMARK_COOKIE);
  const kept = bookmark && BOOKMARK.test(bookmark) ? bookmark : null;
  if (!READS_ONLY.has(request.method)) {
    if (isMachinePost(request)) return "primary";
    return kept && isMoneyForm(request) ? kept : "first-primary";
  }
  return kept ?? (hasSessionCookie(request) ? "first-primary" : "first-unconstrained");
}

/**
 * A borrower's draw and payment forms (review and SUBMIT). Their reads here are the session and the
 * platform's token; every check that moves money (the key's claim, the available credit, the line's
 * state) is made where the line's rows are written, at that store's primary: the line's object, or a
 * batch of this database guarded by the line's version, which re-reads at the primary when it loses.
 * So they start at the browser's bookmark, as its pages do (decision record 032).
 */
const MONEY_FORM = /^\/(draw|payments)(\.data)?$/;
const isMoneyForm = (request: Request) => MONEY_FORM.test(new URL(request.url).pathname);

/** Posts that no browser sends: a partner's lead, a provider's webhook (no session, no bookmark to keep). */
const MACHINE_POST = /^\/api\/(leads|webhooks\/)/;
const isMachinePost = (request: Request) => MACHINE_POST.test(new URL(request.url).pathname);

/** The worker tests' lagging replica, when a test has made one (its bookmark row). */
async function laggingReplica(db: D1Database | undefined): Promise<Distance["replica"]> {
  if (!db) return undefined;
  const row = await db
    .prepare("SELECT bookmark FROM _replica_state LIMIT 1")
    .first<{ bookmark: string }>()
    .catch(() => null);
  return row ? { db, bookmark: row.bookmark } : undefined;
}

async function simulatedDistance(env: DistanceEnv): Promise<Distance | null> {
  if (env.ENVIRONMENT !== "development") return null;
  const primaryMs = Number(env.D1_SIMULATED_RTT_MS ?? 0) || 0;
  const replicaMs = Number(env.D1_SIMULATED_REPLICA_MS ?? (primaryMs > 0 ? 10 : 0)) || 0;
  const replica = await laggingReplica(env.DB_REPLICA);
  return primaryMs > 0 || replica ? { primaryMs, replicaMs, replica } : null;
}

/**
 * Development only: how far a line's object is from the visitor in the distance bench. It is created
 * near its borrower (decision record 032): 10 ms, like a nearby replica, whenever D1's primary is set far.
 */
export function simulatedObjectMs(env: DistanceEnv): number {
  if (env.ENVIRONMENT !== "development") return 0;
  return (Number(env.D1_SIMULATED_RTT_MS ?? 0) || 0) > 0 ? Number(env.D1_SIMULATED_REPLICA_MS ?? 10) || 0 : 0;
}

/** The request's D1: one session, at the simulated distance in development when one is set. */
export async function requestD1(d1: D1Database, env: DistanceEnv, request: Request): Promise<RequestD1> {
  const start = sessionStart(request);
  const distance = await simulatedDistance(env);
  const session = distance
    ? distantSession(d1, start, distance)
    : start === "primary"
      ? alwaysPrimary(d1)
      : d1.withSession(start);
  let wrote = false;
  const db = new Proxy(d1, {
    get(target, property) {
      if (property === "prepare")
        return (sql: string) => {
          wrote ||= !isRead(sql);
          return session.prepare(sql);
        };
      if (property === "batch") return (statements: D1PreparedStatement[]) => session.batch(statements);
      // exec and dump have no session form: the primary answers them.
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, start, wrote: () => wrote, bookmark: () => session.getBookmark() };
}

/** The binding itself, as a session that never has a bookmark: every statement goes to the primary. */
const alwaysPrimary = (d1: D1Database) =>
  ({
    prepare: (sql: string) => d1.prepare(sql),
    batch: d1.batch.bind(d1),
    getBookmark: () => null,
  }) as unknown as D1DatabaseSession;

const ATTRIBUTES = "Path=/; HttpOnly; Secure; SameSite=Lax";

/**
 * The bookmark cookie for the response: the new bookmark when the request
 * wrote for a browser (a page, or an API call with a session: a reset's new
 * password is read back by the login that follows, sessions or not; a
 * partner's lead gets none); cleared with the session it served.
 */
export function bookmarkCookie(request: Request, response: Response, d1: RequestD1): string | null {
  const sessionCookies = response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (sessionCookies.some((c) => /Max-Age=0/.test(c)) && readCookie(request, BOOKMARK_COOKIE) !== null)
    return `${BOOKMARK_COOKIE}=; ${ATTRIBUTES}; Max-Age=0`;
  const bookmark = d1.bookmark();
  if (!d1.wrote() || !bookmark || !BOOKMARK.test(bookmark)) return null;
  const isApi = new URL(request.url).pathname.startsWith("/api/");
  if (isApi && !hasSessionCookie(request) && sessionCookies.length === 0) return null;
  return `${BOOKMARK_COOKIE}=${bookmark}; ${ATTRIBUTES}; Max-Age=${BOOKMARK_MAX_AGE_S}`;
}
