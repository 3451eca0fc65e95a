/**
 * D1's statement interface over a Durable Object's own SQLite (decision
 * record 032): the servicing core's queries, drizzle's and the guarded
 * batches' raw SQL alike, run unchanged on a line's object. A batch is one
 * synchronous transaction of the object's storage: all its statements apply,
 * or none (an exception rolls it back), as a D1 batch does. Only what the core
 * uses is implemented; `dump` and `withSession` throw.
 */

type Param = string | number | null | ArrayBuffer;

function param(value: unknown): Param {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice().buffer;
  return value as string | number;
}

const SELECT = /^\s*select\b/i;

interface Ran {
  rows: Record<string, SqlStorageValue>[];
  columns: string[];
  raw: SqlStorageValue[][];
  changes: number;
  lastRowId: number;
  rowsRead: number;
  rowsWritten: number;
}

class ObjectStatement {
  constructor(
    private readonly sql: SqlStorage,
    private readonly query: string,
    private readonly params: Param[] = [],
  ) {}

  bind(...values: unknown[]): ObjectStatement {
    return new ObjectStatement(this.sql, this.query, values.map(param));
  }

  /** Runs now, synchronously (the object's storage is local). */
  execute(): Ran {
    const cursor = this.sql.exec(this.query, ...this.params);
    const columns = cursor.columnNames;
    const raw = [...cursor.raw()];
    // SQLite's own counters (rowsWritten would count index writes too); a plain SELECT changes nothing, so it skips that query.
    const counters = SELECT.test(this.query)
      ? { changes: 0, id: 0 }
      : this.sql.exec("SELECT changes() AS changes, last_insert_rowid() AS id").one();
    return {
      columns,
      raw,
      rows: raw.map((values) => Object.fromEntries(columns.map((c, i) => [c, values[i]!]))),
      changes: Number(counters.changes),
      lastRowId: Number(counters.id),
      rowsRead: cursor.rowsRead,
      rowsWritten: cursor.rowsWritten,
    };
  }

  result(ran: Ran): D1Result {
    const writes = /^\s*(insert|update|delete|replace)/i.test(this.query);
    return {
      success: true,
      results: ran.rows,
      meta: {
        duration: 0,
        size_after: 0,
        rows_read: ran.rowsRead,
        rows_written: ran.rowsWritten,
        last_row_id: ran.lastRowId,
        changed_db: writes && ran.changes > 0,
        changes: writes ? ran.changes : 0,
      },
    } as D1Result;
  }

  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    const row = this.execute().rows[0];
    if (!row) return null;
    return (column ? row[column] : row) as T;
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.result(this.execute()) as D1Result<T>;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.all<T>();
  }

  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const ran = this.execute();
    return (options?.columnNames ? [ran.columns, ...ran.raw] : ran.raw) as T[];
  }
}

/** A D1Database whose statements run on `storage` (a Durable Object's). */
export function objectD1(storage: DurableObjectStorage): D1Database {
  const sql = storage.sql;
  return {
    prepare: (query: string) => new ObjectStatement(sql, query),
    async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
      return storage.transactionSync(() =>
        (statements as unknown as ObjectStatement[]).map((s) => s.result(s.execute()) as D1Result<T>),
      );
    },
    async exec(query: string): Promise<D1ExecResult> {
      sql.exec(query);
      return { count: 1, duration: 0 };
    },
    dump: () => Promise.reject(new Error("dump is not available on a line's object")),
    withSession: () => {
      throw new Error("sessions are not available on a line's object");
    },
  } as unknown as D1Database;
}
