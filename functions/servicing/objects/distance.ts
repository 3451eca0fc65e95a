import type { CoreEnv } from "../env";

/**
 * Development only (the distance bench, `npm run bench -- --d1-rtt 150`): the shared database as a
 * line's object sees it when the object is near its borrower and D1's primary is far away. Each of
 * the object's statements or batches waits the simulated round trip first; a line's own rows are in
 * its storage and wait for nothing. Anywhere else, or with no distance set, the binding itself.
 */
export function sharedAtDistance(env: CoreEnv): D1Database {
  const ms = env.ENVIRONMENT === "development" ? Number(env.D1_SIMULATED_RTT_MS ?? 0) || 0 : 0;
  if (ms <= 0) return env.DB;
  const far = <T>(run: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(run);
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (s: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = new Proxy(s, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => far(() => Reflect.apply(value, target, args) as Promise<unknown>);
      },
    });
    real.set(wrapped, s);
    return wrapped;
  };
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") return (query: string) => statement(target.prepare(query));
      if (property === "batch")
        return (list: D1PreparedStatement[]) => far(() => target.batch(list.map((s) => real.get(s) ?? s)));
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
