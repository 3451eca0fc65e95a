/**
 * Development only (issue 19): D1 as a far edge sees it, on one machine.
 * Wraps a request's D1 session so that every trip to the primary waits
 * `primaryMs` and every read a replica may serve waits `replicaMs` (the bench's
 * `--d1-rtt`), and, when a lagging replica is given (the worker tests), such
 * reads are answered from that replica's older copy of the data. It routes as
 * D1's Sessions API does: writes go to the primary; a read goes to a replica
 * unless the session must start at the primary or the replica is older than
 * the session's bookmark (the session's own last write, or the one it was
 * opened with). So a request that forgets the bookmark reads stale data here,
 * as it would in production.
 */

/** D1's session constraint: a bookmark, or where the first query may go; "primary": the binding itself, no session. */
export type SessionStart = "primary" | "first-primary" | "first-unconstrained" | string;

export interface Distance {
  primaryMs: number;
  replicaMs: number;
  /** A replica holding an older copy, and the bookmark it is caught up to; none: replicas are current. */
  replica?: { db: D1Database; bookmark: string };
}

const READ = /^\s*(select|with|pragma|explain)\b/i;

/** A statement that may be answered by a replica (a batch: only when all of it may). */
export const isRead = (sql: string): boolean => READ.test(sql);

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** A statement not yet tied to a database: it runs where the session routes it. */
class RoutedStatement {
  constructor(
    readonly sql: string,
    readonly params: unknown[],
    private readonly session: DistantSession,
  ) {}
  bind(...params: unknown[]) {
    return new RoutedStatement(this.sql, params, this.session);
  }
  on(db: D1Database): D1PreparedStatement {
    const statement = db.prepare(this.sql);
    return this.params.length > 0 ? statement.bind(...this.params) : statement;
  }
  first(column?: string) {
    return this.session.run([this], (s) => (column ? s[0]!.first(column) : s[0]!.first()));
  }
  all() {
    return this.session.run([this], (s) => s[0]!.all());
  }
  run() {
    return this.session.run([this], (s) => s[0]!.run());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.session.run([this], (s) => s[0]!.raw(options as { columnNames: true }));
  }
}

class DistantSession {
  private wrote = false;
  private readPrimary = false;
  private readonly primary: D1DatabaseSession;
  private bookmarkSeen: string | null;

  constructor(
    private readonly d1: D1Database,
    private readonly start: SessionStart,
    private readonly distance: Distance,
  ) {
    this.primary = d1.withSession("first-primary");
    this.bookmarkSeen = start.startsWith("first-") || start === "primary" ? null : start;
  }

  /** Where a read goes: the primary at a first-primary start, after this session wrote, or when the replica is behind. */
  private readsReplica(): boolean {
    // A first-primary session reads the primary until the primary has answered it once (reads sent side
    // by side with the first one, like the session's lookup and the early summary, included).
    if (this.start === "primary" || this.wrote || (this.start === "first-primary" && !this.readPrimary)) return false;
    const replica = this.distance.replica;
    if (!replica) return true;
    // A lagging replica is behind anything this session read at the primary, even when local D1 gave that
    // read no bookmark: D1 would not route the session's next read to it.
    if (this.readPrimary && this.bookmarkSeen === null) return false;
    return this.bookmarkSeen === null || this.bookmarkSeen <= replica.bookmark;
  }

  async run<T>(
    statements: RoutedStatement[],
    exec: (on: D1PreparedStatement[], db: Pick<D1Database, "batch">) => Promise<T>,
  ): Promise<T> {
    const toReplica = statements.every((s) => isRead(s.sql)) && this.readsReplica();
    if (toReplica) {
      await wait(this.distance.replicaMs);
      const replica = this.distance.replica;
      const db = replica?.db ?? this.d1;
      const answer = await exec(
        statements.map((s) => s.on(db)),
        db,
      );
      if (replica && (this.bookmarkSeen === null || this.bookmarkSeen < replica.bookmark))
        this.bookmarkSeen = replica.bookmark;
      return answer;
    }
    await wait(this.distance.primaryMs);
    const answer = await exec(
      statements.map((s) => s.on(this.primary as unknown as D1Database)),
      this.primary,
    );
    if (!statements.every((s) => isRead(s.sql))) this.wrote = true;
    this.readPrimary = true;
    this.bookmarkSeen = this.primary.getBookmark() ?? this.bookmarkSeen;
    return answer;
  }

  prepare(sql: string) {
    return new RoutedStatement(sql, [], this);
  }

  batch(statements: RoutedStatement[]) {
    return this.run(statements, (on, db) => db.batch(on));
  }

  getBookmark(): string | null {
    return this.bookmarkSeen;
  }
}

/** The request's D1 session, at the simulated distance (development only: see functions/server/http/d1-session.ts). */
export function distantSession(d1: D1Database, start: SessionStart, distance: Distance): D1DatabaseSession {
  return new DistantSession(d1, start, distance) as unknown as D1DatabaseSession;
}
