/**
 * `npm run bench -- --scale 20000`: the servicing core at a lender's scale
 * (decision record 032). Seeds N lines, each in its own Durable Object with a
 * year of history made by the servicing run itself, every line's alarm set to
 * one instant (as midnight arrives for the whole book), then waits until every
 * line has serviced its day. Prints the wall time, the most lines any one
 * invocation serviced, the bytes a borrower takes in D1 and a line in its
 * object, and the sweeper's run over the whole directory. With `--write` the
 * figures go into docs/benchmarks.md's scale table.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { waitForHealth } from "./run";

export function scaleArgument(argv: string[]): number | null {
  const at = argv.indexOf("--scale");
  if (at === -1) return null;
  const n = Number(argv[at + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error("Use --scale N, N a whole number of lines.");
  return n;
}

interface Server {
  base: string;
  state: string;
  start: (vars: Record<string, string>) => ChildProcess;
  stop: (server: ChildProcess) => Promise<void>;
}

const SEED_REQUEST = 250;
const SEED_PARALLEL = 2;
const FIRST_LINE = 70_000_000;

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/dev/bench/scale${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`bench: ${path} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Bytes of the SQLite files under a directory (a D1 database's, or every object's of a class). */
function bytesUnder(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, name.name);
      if (name.isDirectory()) walk(path);
      else if (name.name.endsWith(".sqlite")) {
        bytes += statSync(path).size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

const d1Dir = (state: string) => join(state, "v3", "d1");
const objectsDir = (state: string) => {
  const root = join(state, "v3", "do");
  const dir = readdirSync(root).find((d) => d.endsWith("-LineLedger"));
  if (!dir) throw new Error("bench: no LineLedger objects on disk");
  return join(root, dir);
};

export async function scaleBench(lines: number, server: Server): Promise<void> {
  const process_ = server.start({});
  try {
    await waitForHealth(server.base);
    const t0 = performance.now();
    const template = await post<{ template: string; rows: number }>(server.base, "/template", {});
    const templateMs = performance.now() - t0;
    const d1Before = bytesUnder(d1Dir(server.state)).bytes;
    // The alarms from one instant after the seeding (far enough ahead that none fires before all are seeded),
    // spread over the next minute by line id.
    const perLineMs = 45;
    const fireAt = Date.now() + 30_000 + lines * perLineMs;
    const seedStarted = performance.now();
    const starts = Array.from({ length: Math.ceil(lines / SEED_REQUEST) }, (_, i) => FIRST_LINE + i * SEED_REQUEST);
    for (let i = 0; i < starts.length; i += SEED_PARALLEL)
      await Promise.all(
        starts.slice(i, i + SEED_PARALLEL).map((from) =>
          post(server.base, "/seed", {
            template: template.template,
            from,
            count: Math.min(SEED_REQUEST, FIRST_LINE + lines - from),
            fireAt,
          }),
        ),
      );
    const seedMs = performance.now() - seedStarted;
    if (Date.now() >= fireAt) throw new Error("bench: the seeding outran the alarms' instant; raise perLineMs");
    await new Promise((resolve) => setTimeout(resolve, fireAt - Date.now()));
    const runStarted = performance.now();
    let progress = { total: 0, serviced: 0 };
    while (progress.serviced < lines) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Under the whole book's alarms local D1 may drop a read: ask again on the next tick.
      const res = await fetch(`${server.base}/api/dev/bench/scale/progress`).catch(() => null);
      if (res?.ok) progress = (await res.json()) as typeof progress;
      else await res?.arrayBuffer();
      if (performance.now() - runStarted > 3_600_000) throw new Error("bench: the day's run took over an hour");
    }
    const runMs = performance.now() - runStarted;
    const sample = await post<{ mostLinesOneInvocation: number; objectBytesAverage: number; sampled: number }>(
      server.base,
      "/sample",
      { from: FIRST_LINE, count: Math.min(lines, 500) },
    );
    const healthy = await post<{ overdue: number; ms: number }>(server.base, "/sweep", { lost: 0 });
    const lost = Math.max(1, Math.floor(lines / 100));
    const swept = await post<{ overdue: number; ms: number }>(server.base, "/sweep", { lost });
    const d1After = bytesUnder(d1Dir(server.state)).bytes;
    const objects = bytesUnder(objectsDir(server.state));
    const figures = {
      lines,
      "template (one line's year through the run)": `${template.rows} rows, ${(templateMs / 1000).toFixed(1)} s`,
      seeding: `${(seedMs / 1000).toFixed(0)} s`,
      "one servicing day, wall time (alarms spread over 60 s)": `${(runMs / 1000).toFixed(1)} s`,
      "most lines one invocation serviced": sample.mostLinesOneInvocation,
      "D1 bytes a borrower (directory)": Math.round((d1After - d1Before) / lines),
      "object bytes a line (storage API, sampled)": sample.objectBytesAverage,
      "object bytes a line (files on disk)": Math.round(objects.bytes / Math.max(1, objects.files)),
      "sweeper, nothing lost": `${healthy.ms} ms, ${healthy.overdue} found`,
      [`sweeper, ${lost} alarms lost`]: `${swept.ms} ms, ${swept.overdue} found`,
    };
    console.log(`\nScale: ${lines.toLocaleString()} lines, each in its own object, local workerd\n`);
    console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value })));
  } finally {
    await server.stop(process_);
  }
}
