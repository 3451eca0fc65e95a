/**
 * `npm run bench -- --d1-rtt 80` (or a list: `--d1-rtt 0,40,80,150`): pages
 * under a simulated distance to D1's primary. The built Worker on local
 * workerd waits that long on every primary round trip and 10 ms on every read
 * a nearby replica may answer (functions/server/http/d1-distance.ts). Latency
 * is measured with one connection, so the CPU queueing of this two-core
 * machine does not hide the distance; the round trips each page makes are
 * printed beside it (development's Server-Timing).
 */
import autocannon from "autocannon";

export const REPLICA_MS = 10;

/** The distances asked for with `--d1-rtt`, or null when the flag is absent. */
export function distanceArgument(argv: string[]): number[] | null {
  const at = argv.findIndex((a) => a === "--d1-rtt" || a.startsWith("--d1-rtt="));
  if (at === -1) return null;
  const value = argv[at]!.includes("=") ? argv[at]!.split("=")[1]! : (argv[at + 1] ?? "");
  const list = value.split(",").map((v) => Number(v.trim()));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 0 || n > 1000))
    throw new Error("bench: --d1-rtt takes milliseconds, e.g. --d1-rtt 80 or --d1-rtt 0,40,80,150");
  return list;
}

export interface Visitor {
  label: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** The counts of the first `store;desc="N …, S sequential"` entry of Server-Timing. */
export function tripsIn(header: string | null, store: "d1" | "do"): string {
  const match = header?.match(new RegExp(`(?:^|, )${store};desc="(\\d+) [a-z ]+?, (\\d+) sequential"`));
  return match ? `${match[1]} (${match[2]} seq.)` : "?";
}

/** One connection for `seconds` (or `amount` requests): p50 and p99, after one request read for its round trips. */
export async function latencyOf(base: string, visitor: Visitor, seconds: number, amount?: number) {
  const init = {
    method: visitor.method ?? "GET",
    headers: visitor.headers,
    body: visitor.body,
    redirect: "manual" as const,
  };
  const probe = await fetch(`${base}${visitor.path}`, init);
  await probe.arrayBuffer();
  if (probe.status >= 400) throw new Error(`bench: ${visitor.label} answered ${probe.status}`);
  const result = await autocannon({
    url: `${base}${visitor.path}`,
    connections: 1,
    ...(amount ? { amount } : { duration: seconds }),
    method: visitor.method ?? "GET",
    headers: visitor.headers,
    body: visitor.body,
  });
  const refused = result["4xx"] + result["5xx"] + result.errors;
  if (refused > 0) throw new Error(`bench: ${visitor.label} had ${refused} refusals or errors`);
  return {
    page: visitor.label,
    "D1 trips": tripsIn(probe.headers.get("Server-Timing"), "d1"),
    "DO calls": tripsIn(probe.headers.get("Server-Timing"), "do"),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
  };
}
