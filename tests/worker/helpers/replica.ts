import { env } from "cloudflare:test";

/**
 * A read replica that lags (issue 19): DB_REPLICA gets a copy of every table
 * of DB as it is now, with the primary's bookmark of this moment. From then
 * until `dropReplica`, the Worker (in development) answers each request's
 * replica reads from this copy, as D1's Sessions API routes them
 * (functions/server/http/d1-distance.ts): a request that does not carry the
 * bookmark of its own later writes reads the old data.
 */
export async function lagReplica(): Promise<string> {
  const replica = env.DB_REPLICA!;
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  ).all<{ name: string }>();
  // A replica is a copy, replaced whole: the append-only tables' triggers guard the primary's writes, not this.
  const { results: triggers } = await replica
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
    .all<{ name: string }>();
  const copy: D1PreparedStatement[] = [
    ...triggers.map(({ name }) => replica.prepare(`DROP TRIGGER IF EXISTS "${name}"`)),
    replica.prepare("CREATE TABLE IF NOT EXISTS _replica_state (bookmark TEXT NOT NULL)"),
    replica.prepare("DELETE FROM _replica_state"),
  ];
  for (const { name } of tables) {
    copy.push(replica.prepare(`DELETE FROM "${name}"`));
    const { results: rows } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of rows) {
      const columns = Object.keys(row);
      copy.push(
        replica
          .prepare(
            `INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          )
          .bind(...Object.values(row)),
      );
    }
  }
  const primary = env.DB.withSession("first-primary");
  await primary.prepare("SELECT 1").first();
  const bookmark = primary.getBookmark()!;
  copy.push(replica.prepare("INSERT INTO _replica_state (bookmark) VALUES (?)").bind(bookmark));
  await replica.batch(copy);
  return bookmark;
}

/** Replicas current again: the Worker reads the primary's data. */
export async function dropReplica(): Promise<void> {
  await env.DB_REPLICA!.prepare("DROP TABLE IF EXISTS _replica_state").run();
}
