/**
 * Development only (issue 19): every D1 round trip a request makes, counted.
 * A statement's `first`, `all`, `run` or `raw` is one trip, a `batch` is one,
 * an `exec` is one. A trip that starts while none is in flight counts as
 * sequential (it waited for the one before); one that starts beside another
 * does not. The Worker reports the tally in a `Server-Timing` header.
 */

export interface Trip {
  kind: "first" | "all" | "run" | "raw" | "batch" | "exec";
  ms: number;
  /** Started while no other trip was in flight. */
  sequential: boolean;
}

export interface TripTally {
  trips: Trip[];
  inFlight: number;
}

export const newTally = (): TripTally => ({ trips: [], inFlight: 0 });

async function timed<T>(tally: TripTally, kind: Trip["kind"], run: () => Promise<T>): Promise<T> {
  const sequential = tally.inFlight === 0;
  tally.inFlight += 1;
  const started = performance.now();
  try {
    return await run();
  } finally {
    tally.inFlight -= 1;
    tally.trips.push({ kind, ms: performance.now() - started, sequential });
  }
}

/** The real statement behind a counted one (D1's batch takes only its own statements). */
const realStatement = new WeakMap<object, D1PreparedStatement>();

function countedStatement(statement: D1PreparedStatement, tally: TripTally): D1PreparedStatement {
  const counted = new Proxy(statement, {
    get(target, property) {
      if (property === "bind") return (...values: unknown[]) => countedStatement(target.bind(...values), tally);
      if (property === "first" || property === "all" || property === "run" || property === "raw") {
        const method = target[property].bind(target) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => timed(tally, property, () => method(...args));
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
      if (property === "prepare") return (query: string) => countedStatement(target.prepare(query), tally);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) =>
          timed(tally, "batch", () => target.batch(statements.map((s) => realStatement.get(s) ?? s)));
      if (property === "exec") return (query: string) => timed(tally, "exec", () => target.exec(query));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The tally as a Server-Timing header: the total, then each trip in order. */
export function serverTiming(tally: TripTally): string {
  const sequential = tally.trips.filter((t) => t.sequential).length;
  const total = tally.trips.reduce((sum, t) => sum + t.ms, 0);
  const summary = `d1;desc="${tally.trips.length} round trips, ${sequential} sequential";dur=${total.toFixed(1)}`;
  const each = tally.trips.map(
    (t, i) => `d1-${i + 1};desc="${t.kind}${t.sequential ? "" : " (parallel)"}";dur=${t.ms.toFixed(1)}`,
  );
  return [summary, ...each].join(", ");
}
