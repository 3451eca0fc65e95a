/**
 * The Worker's size and startup (issue 17), for `npm run bench`: the built
 * server bundle (build/server) whole, and the part evaluated when an isolate
 * starts (the entry and every module it imports statically; a dynamic
 * `import()` such as pdf-lib's is left out), raw and gzip; and the startup
 * CPU time from `wrangler check startup`'s profile (busy samples only).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { run } from "./run";

const SERVER = "build/server";

export interface Size {
  raw: number;
  gzip: number;
  files: number;
}

const sizeOf = (paths: Iterable<string>): Size => {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  for (const path of paths) {
    const bytes = readFileSync(path);
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
    files += 1;
  }
  return { raw, gzip, files };
};

/** The entry and its static imports, transitively (`import ... from "./x.js"` and `export ... from`). */
function startupModules(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g,
    ))
      visit(resolve(dirname(file), m[1]!));
  };
  visit(resolve(entry));
  return seen;
}

export function workerSizes(): { whole: Size; startup: Size } {
  const all = [
    join(SERVER, "index.js"),
    ...readdirSync(join(SERVER, "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => join(SERVER, "assets", f)),
  ];
  return { whole: sizeOf(all), startup: sizeOf(startupModules(join(SERVER, "index.js"))) };
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds of CPU the isolate spent starting: the profile's samples that were not idle. */
export async function startupMilliseconds(): Promise<number> {
  const outfile = ".wrangler/worker-startup.cpuprofile";
  await run("npx", ["wrangler", "check", "startup", "--outfile", outfile], { stdio: "ignore" });
  const profile = JSON.parse(readFileSync(outfile, "utf8")) as Profile;
  const idle = new Set(
    profile.nodes
      .filter((n) => ["(idle)", "(program)", "(garbage collector)"].includes(n.callFrame.functionName))
      .map((n) => n.id),
  );
  const busy = profile.samples.reduce((sum, node, i) => sum + (idle.has(node) ? 0 : (profile.timeDeltas[i] ?? 0)), 0);
  return busy / 1000;
}
