/**
 * Development only (issue 19): every D1 round trip a request makes, counted,
 * and every call to a Durable Object. A statement's `first`, `all`, `run` or
 * `raw` is one trip, a `batch` is one, an `exec` is one; a method called on a
 * Durable Object stub is one. A trip that starts while none of its kind is in
 * flight counts as sequential (it waited for the one before); one that starts
 * beside another does not. The Worker reports the tally in a `Server-Timing`
 * header.
 */

export interface Trip {
  kind: "first" | "all" | "run" | "raw" | "batch" | "exec" | "do";
  /** What it did, for a person reading the header: the verb and the first table ("select sessions"). */
  what: string;
  ms: number;
  /** Started while no other trip was in flight. */
  sequential: boolean;
}

export interface TripTally {
  trips: Trip[];
  inFlight: { d1: number; do: number };
}

export const newTally = (): TripTally => ({ trips: [], inFlight: { d1: 0, do: 0 } });

const storeOf = (kind: Trip["kind"]) => (kind === "do" ? "do" : "d1");

/** "select sessions", "update lines", "batch of 3": never the bound values. */
export function describeSql(sql: string): string {
  const verb = sql.trim().split(/\s+/)[0]?.toLowerCase() ?? "?";
  const table = sql.match(/\b(?:from|into|update|join)\s+["`]?(\w+)/i)?.[1];
  return table ? `${verb} ${table}` : verb;
}

async function timed<T>(tally: TripTally, kind: Trip["kind"], what: string, run: () => Promise<T>): Promise<T> {
  const store = storeOf(kind);
  const sequential = tally.inFlight[store] === 0;
  tally.inFlight[store] += 1;
  const started = performance.now();
  try {
    return await run();
  } finally {
    tally.inFlight[store] -= 1;
    tally.trips.push({ kind, what, ms: performance.now() - started, sequential });
  }
}

/** The real statement behind a counted one (D1's batch takes only its own statements). */
const realStatement = new WeakMap<object, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement, tally: TripTally, what: string): D1PreparedStatement {
  const counted = new Proxy(statement, {
    get(target, property) {
      if (property === "bind") return (...values: unknown[]) => countedStatement(target.bind(...values), tally, what);
      if (property === "first" || property === "all" || property === "run" || property === "raw") {
        const method = target[property].bind(target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => timed(tally, property, what, () => method(...args));
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  realStatement.set(counted, statement);
  return counted;
}

/** The D1 binding, counting into `tally`. */
export function countedD1(d1: D1Database, tally: TripTally): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === "prepare")
        return (query: string) => countedStatement(target.prepare(query), tally, describeSql(query));
      if (property === "batch")
        return (statements: D1PreparedStatement[]) =>
          timed(tally, "batch", `batch of ${statements.length}`, () =>
            target.batch(statements.map((s) => realStatement.get(s) ?? s)),
          );
      if (property === "exec")
        return (query: string) => timed(tally, "exec", describeSql(query), () => target.exec(query));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * A Durable Object namespace whose stubs count each call into `tally` (the object's name: the binding's).
 * `awayMs`: development's simulated distance to the object (the distance bench), waited before each call.
 */
export function countedNamespace<T extends DurableObjectNamespace>(
  namespace: T,
  tally: TripTally,
  name: string,
  awayMs = 0,
): T {
  const away = () => (awayMs > 0 ? new Promise<void>((resolve) => setTimeout(resolve, awayMs)) : Promise.resolve());
  const countedStub = (stub: object) =>
    new Proxy(stub, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (typeof value !== "function" || typeof property !== "string" || property === "then") return value;
        return (...args: unknown[]) =>
          timed(tally, "do", `${name}.${property}`, () => away().then(() => Reflect.apply(value, target, args)));
      },
    });
  return new Proxy(namespace, {
    get(target, property) {
      if (property === "get" || property === "getByName")
        return (...args: unknown[]) =>
          countedStub(Reflect.apply(Reflect.get(target, property) as (...a: unknown[]) => object, target, args));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function summaryOf(trips: Trip[], label: string, unit: string): string {
  const sequential = trips.filter((t) => t.sequential).length;
  const total = trips.reduce((sum, t) => sum + t.ms, 0);
  const count = `${trips.length} ${unit}${trips.length === 1 ? "" : "s"}`;
  return `${label};desc="${count}, ${sequential} sequential";dur=${total.toFixed(1)}`;
}

/** How many trips of each kind the header lists one by one. */
const LISTED = 24;

/** The tally as a Server-Timing header: D1's total, the Durable Objects' total, then each trip in order. */
export function serverTiming(tally: TripTally): string {
  const d1 = tally.trips.filter((t) => t.kind !== "do");
  const objects = tally.trips.filter((t) => t.kind === "do");
  // The first trips one by one (a seeding request of the bench makes thousands: the header must stay small).
  const each = (trips: Trip[], label: string) =>
    trips
      .slice(0, LISTED)
      .map((t, i) => `${label}-${i + 1};desc="${t.what}${t.sequential ? "" : " (parallel)"}";dur=${t.ms.toFixed(1)}`);
  return [
    summaryOf(d1, "d1", "round trip"),
    summaryOf(objects, "do", "call"),
    ...each(d1, "d1"),
    ...each(objects, "do"),
  ].join(", ");
}
