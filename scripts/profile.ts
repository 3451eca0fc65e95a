/**
 * `npm run profile -- [path ...]`: where a request's CPU time goes (issue 19).
 * Builds the Worker unminified (names kept), serves it with `wrangler dev`
 * on local workerd with its inspector open, signs a borrower in, warms each
 * page, then records a CPU profile over the DevTools protocol while one
 * connection asks for the page 200 times (`/api/leads`: posts 200 new
 * signed leads). Prints the self time by area
 * (rendering, validation, the ORM, crypto, JSON...) and the heaviest
 * functions, per request. Not a test: figures go in the README.
 */
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { signInCopyOfCurrent } from "./bench-distance";
import { devVar, ensureDevVars, migrateLocal, run, waitForHealth } from "./run";
import { seedLocal } from "./seed";
import { signedLead, unlimitedDemoPartner } from "./signed-lead";
import { offlineWranglerEnv } from "./wrangler-env";

const PORT = 8797;
const INSPECTOR = 9231;
const BASE = `http://localhost:${PORT}`;
const STATE = ".wrangler/profile-state";
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 200);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** One DevTools protocol session with the Worker's isolate. */
async function devtools() {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  // wrangler's inspector proxy accepts DevTools' origin only (Node's WebSocket takes headers as an extension).
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, {
    headers: { Origin: "https://devtools.devprod.cloudflare.dev" },
  } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    // workerd answers with the request's id (and its method); the proxy's own calls use ids of their own.
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  };
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = ++next;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => waiting.set(id, resolve as (r: unknown) => void));
    },
    close: () => socket.close(),
  };
}

/** Which part of the stack a function belongs to, from workerd's module path, then its name. */
const AREAS: Array<[string, RegExp]> = [
  ["D1 client (rows into JavaScript)", /cloudflare-internal:d1-api/],
  ["React rendering", /render|Fizz|pushStartInstance|writeChunk|stringToChunk|escapeTextForBrowser|createElement|jsx/i],
  [
    "React Router (matching, data)",
    /compilePath|matchRoutes|matchPath|flattenRoutes|rankRouteBranches|serverBuild|turbo|encode|decode|createStaticHandler|singleFetch/i,
  ],
  ["valibot (schemas)", /~run|~standard|safeParse|_addIssue|_getStandardProps/],
  [
    "drizzle (queries, rows)",
    /mapResultRow|buildSelectQuery|sqlToQuery|buildQueryFromSourceParams|mapColumns|orderSelectedFields|escapeName|prepareQuery/i,
  ],
  [
    "crypto and encodings",
    /digest|encrypt|decrypt|importKey|sha256|seal|unseal|hmac|base64|btoa|atob|getRandomValues|randomUUID/i,
  ],
  ["headers and cookies", /cookie|header|setAttributes|is\$1/i],
  ["hono (routing)", /compose|dispatch|hono|router/i],
  ["the money engine", /accountState|serviceDay|daysToService|ledger|statement|book|figures|interest|fee/i],
  ["JSON", /^(stringify|parse|toJson|json)$/i],
  ["garbage collection", /\(garbage collector\)/],
  ["V8 and workerd (native)", /^\((program|anonymous)\)$|^(fetch|text|arrayBuffer)$/],
];

function areaOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (functionName === "(idle)") return functionName;
  // Only workerd's own modules are told by path: a bundle chunk is named after
  // one of its modules (security-headers-*.js holds drizzle and React Router too).
  if (url.startsWith("cloudflare-internal:")) for (const [area, pattern] of AREAS) if (pattern.test(url)) return area;
  for (const [area, pattern] of AREAS) if (pattern.test(functionName || "(anonymous)")) return area;
  return "other (the site and servicing code)";
}

function summarize(profile: Profile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)!;
    const area = areaOf(node);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const name = `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.split("/").pop()}:${node.callFrame.lineNumber}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const busy = [...areas].filter(([a]) => a !== "(idle)").reduce((sum, [, ms]) => sum + ms, 0);
  const per = (ms: number) => (ms / requests).toFixed(2);
  console.log(`\nCPU busy per request: ${per(busy)} ms (${requests} requests, one at a time)`);
  console.table(
    [...areas]
      .filter(([a]) => a !== "(idle)")
      .sort((a, b) => b[1] - a[1])
      .map(([area, ms]) => ({ area, "ms per request": per(ms), share: `${((ms / busy) * 100).toFixed(0)}%` })),
  );
  console.table(
    [...functions]
      .filter(([fn]) => !fn.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([fn, ms]) => ({ function: fn, "ms per request": per(ms) })),
  );
}

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
ensureDevVars();
await run("npx", ["react-router", "build"], { env: { ...process.env, WORKER_UNMINIFIED: "1" } });
rmSync(STATE, { recursive: true, force: true });
await migrateLocal(STATE);
await seedLocal(STATE);
await unlimitedDemoPartner(STATE);
const server = spawn(
  "npx",
  ["wrangler", "dev", "--port", String(PORT), "--inspector-port", String(INSPECTOR), "--persist-to", STATE],
  { stdio: "ignore", env: { ...process.env, ...offlineWranglerEnv }, detached: true },
);
try {
  await waitForHealth(BASE);
  const cookie = await signInCopyOfCurrent(BASE);
  const inspector = await devtools();
  for (const path of paths.length > 0 ? paths : ["/account"]) {
    // /api/leads is posted: a new signed lead each time, as the bench sends them; any other path is a signed-in GET.
    const ask = () =>
      (path === "/api/leads"
        ? fetch(`${BASE}${path}`, { method: "POST", ...signedLead(devVar("PARTNER_SECRET_DEMO")) })
        : fetch(`${BASE}${path}`, { headers: { Cookie: cookie } })
      ).then((r) => r.arrayBuffer());
    for (let i = 0; i < 30; i++) await ask();
    await inspector.send("Profiler.enable");
    await inspector.send("Profiler.setSamplingInterval", { interval: 100 });
    await inspector.send("Profiler.start");
    for (let i = 0; i < REQUESTS; i++) await ask();
    const { profile } = await inspector.send<{ profile: Profile }>("Profiler.stop");
    console.log(`\n${path}`);
    summarize(profile, REQUESTS);
    // The whole profile, for Chromium's DevTools (Performance, load profile) or a closer look.
    const file = `.wrangler/profile${path.replaceAll("/", "-")}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`Profile written to ${file}`);
  }
  inspector.close();
} finally {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
}
