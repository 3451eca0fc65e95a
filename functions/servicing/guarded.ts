/** What a guard reads of a line (lines.id and lines.version). */
type Versioned = { id: number; version: string };

/**
 * Writes guarded by the line's version (decision record 005): the batch swaps
 * `lines.version` from the value read to a fresh one, and every other write
 * carries a guard on the fresh value, so all apply or none (another posting or
 * run changed the line since it was read, and this one re-reads and retries).
 */
export interface GuardedWrite {
  sql: string;
  params: unknown[];
}

/** An INSERT of one row, written as INSERT ... SELECT so the guard can follow; a repeat of its key is ignored. */
export function insertRow(table: string, row: Record<string, unknown>): GuardedWrite {
  const columns = Object.keys(row);
  return {
    sql: `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) SELECT ${columns.map(() => "?").join(", ")} WHERE`,
    params: Object.values(row),
  };
}

/** An INSERT of one row when `condition` (SQL with its own parameters) holds, and the guard. */
export function insertRowWhere(
  table: string,
  row: Record<string, unknown>,
  condition: string,
  conditionParams: unknown[],
): GuardedWrite {
  const insert = insertRow(table, row);
  return { sql: `${insert.sql} ${condition} AND`, params: [...insert.params, ...conditionParams] };
}

/** An UPDATE of one table: `where` is SQL with its own parameters. */
export function updateRows(
  table: string,
  set: Record<string, unknown>,
  where: string,
  whereParams: unknown[],
): GuardedWrite {
  const columns = Object.keys(set);
  return {
    sql: `UPDATE ${table} SET ${columns.map((c) => `${c} = ?`).join(", ")} WHERE ${where} AND`,
    params: [...Object.values(set), ...whereParams],
  };
}

export async function writeIfUnchanged(d1: D1Database, line: Versioned, writes: GuardedWrite[]): Promise<boolean> {
  return (await guardedBatch(d1, line, writes)) !== null;
}

/** The same batch; the rows each write changed, in order (null when the line changed and nothing was written). */
export async function guardedBatch(d1: D1Database, line: Versioned, writes: GuardedWrite[]): Promise<number[] | null> {
  const next = crypto.randomUUID();
  const guard = " (SELECT version FROM lines WHERE id = ?) = ?";
  const results = await d1.batch([
    d1.prepare("UPDATE lines SET version = ? WHERE id = ? AND version = ?").bind(next, line.id, line.version),
    ...writes.map((w) => d1.prepare(`${w.sql}${guard}`).bind(...w.params, line.id, next)),
  ]);
  return results[0]!.meta.changes === 1 ? results.slice(1).map((r) => r.meta.changes) : null;
}
