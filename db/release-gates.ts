/**
 * Release gates: a migration that may run only once the data allows it
 * names its gate in a `-- release gate: <name>` line. Before a release
 * applies any migration, the deploy scripts ask the environment's database
 * each pending migration's gate (scripts/release-gates.ts) and refuse, changing
 * nothing, while one counts anything. The first: the migration that drops
 * the shared line tables waits until every opened line lives in its own
 * Durable Object (decision record 032).
 */
export interface ReleaseGate {
  /** One row with a count `n`: what still stands in the way (0: the gate is open). */
  sql: string;
  /** What the operator reads when the count is not 0. */
  refusal: (n: number) => string;
}

export const RELEASE_GATES = {
  "every-line-moved": {
    sql: "SELECT COUNT(*) AS n FROM lines WHERE status != 'moved' AND opened_at IS NOT NULL",
    refusal: (n) =>
      `${n} opened line${n === 1 ? " still keeps its" : "s still keep their"} rows in the shared database. The scheduled move takes 25 lines every 15 minutes into their objects, verifying each; a line its verification refused stays and is counted in that run's log line. Promote again once none is left.`,
  },
} satisfies Record<string, ReleaseGate>;

export type ReleaseGateName = keyof typeof RELEASE_GATES;

const isGateName = (name: string): name is ReleaseGateName => Object.hasOwn(RELEASE_GATES, name);

/** The gates a migration's SQL names; a name no gate has is the migration's mistake, refused at once. */
export function gatesIn(file: string, sql: string): ReleaseGateName[] {
  return [...sql.matchAll(/^--\s*release gate:\s*(\S+)\s*$/gim)].map(([, name]) => {
    if (!isGateName(name!))
      throw new Error(`${file}: no release gate is named "${name}" (db/release-gates.ts names them).`);
    return name;
  });
}
