/**
 * `npm run bench`: serves the built Worker on local workerd and loads it from
 * this second process with autocannon. Prints requests/s, p50 and p99 for
 * the home page's server render, the account page's server render for a
 * signed-in borrower, signed partner leads (POST /api/leads), and
 * /api/health, their ratios, and the
 * gzip size of the JavaScript the home page loads against the framework's
 * own floor (React + React Router's client runtime). Not a test: figures go
 * in the README.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { DEMO_SANDBOX_PARTNER_ID } from "#db/seed/partners";
import { DEMO_PARTNER } from "#server/leads/partners";
import { type FakeTwilio, startFakeTwilio } from "../tests/support/fake-twilio";
import { distanceArgument, distanceBench, signInCopyOfCurrent, tripsIn } from "./bench-distance";
import { scaleArgument, scaleBench } from "./bench-scale";
import { devVar, ensureDevVars, migrateLocal, run, waitForHealth } from "./run";
import { seedLocal } from "./seed";
import { signedLead, unlimitedDemoPartner } from "./signed-lead";
import { startupMilliseconds, workerSizes } from "./worker-figures";
import { offlineWranglerEnv } from "./wrangler-env";

const PORT = 8798;
const BASE = `http://localhost:${PORT}`;
const STATE = ".wrangler/bench-state";
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function load(path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${BASE}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: ${path} had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return { path, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Signed leads of one demo partner for the load's duration: the live one is decided by underwriting, the sandbox by its documented values. */
async function loadLeads(partnerId: string = DEMO_PARTNER.id) {
  const secret = devVar(`PARTNER_SECRET_${partnerId}`);
  // Warm the path (and check the contract holds) before measuring.
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${BASE}/api/leads`, { method: "POST", ...signedLead(secret, partnerId) });
    const answer = (await res.json()) as { status?: string };
    if (res.status !== 200 || answer.status !== "approved")
      throw new Error(`bench: a demo lead answered ${res.status} ${answer.status ?? ""}`);
  }
  const result = await autocannon({
    url: `${BASE}/api/leads`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: "POST",
    requests: [{ setupRequest: (request) => ({ ...request, method: "POST", ...signedLead(secret, partnerId) }) }],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`bench: /api/leads had ${result.non2xx} non-2xx and ${result.errors} errors`);
  return {
    path: partnerId === DEMO_PARTNER.id ? "/api/leads (signed, decided)" : "/api/leads (sandbox: the site's part)",
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function gzipSize(path: string): Promise<number> {
  const res = await fetch(`${BASE}${path}`);
  return gzipSync(new Uint8Array(await res.arrayBuffer())).length;
}

/**
 * Every script the home page loads: its module preloads and its inline
 * scripts (the route manifest travels inline with lazy route discovery). The
 * floor is the client entry and its imports, read from that manifest.
 */
async function homeJavaScript(): Promise<{ total: number; floor: number; files: string[] }> {
  const html = await (await fetch(`${BASE}/`)).text();
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g)) files.add(m[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("\n");
  const manifestPath = [...files].find((f) => /\/manifest-[^/]+\.js$/.test(f));
  const manifest = manifestPath ? await (await fetch(`${BASE}${manifestPath}`)).text() : inline;
  const entry = manifest.match(/"entry":\s*\{\s*"module":\s*"([^"]+)",\s*"imports":\s*\[([^\]]*)\]/);
  if (!entry) throw new Error("bench: no entry in the route manifest");
  const floorFiles = [entry[1]!, ...[...entry[2]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)];
  const sizes = new Map(
    await Promise.all([...new Set([...files, ...floorFiles])].map(async (f) => [f, await gzipSize(f)] as const)),
  );
  const sum = (list: Iterable<string>) => [...list].reduce((n, f) => n + (sizes.get(f) ?? 0), 0);
  const inlineBytes = gzipSync(new TextEncoder().encode(inline)).length;
  return { total: sum(files) + inlineBytes, floor: sum(floorFiles), files: [...files] };
}

const PLATFORM_ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const PLATFORM_SAMPLES = 500;

/** Seeds the accounts through the dev API in chunks, then times the calls inside the Worker. */
async function platformFigures() {
  for (let from = 0; from < PLATFORM_ACCOUNTS; from += 1_000) {
    const res = await fetch(`${BASE}/api/dev/bench/seed`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ from, count: Math.min(1_000, PLATFORM_ACCOUNTS - from) }),
    });
    if (!res.ok) throw new Error(`bench: seeding failed (${res.status})`);
  }
  const res = await fetch(`${BASE}/api/dev/bench/run`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ accounts: PLATFORM_ACCOUNTS, samples: PLATFORM_SAMPLES }),
  });
  if (!res.ok) throw new Error(`bench: platform run failed (${res.status})`);
  type Timing = { samples: number; p50: number; p99: number };
  return (await res.json()) as { getSummary: Timing; postTransaction: Timing };
}

/**
 * A signed-in borrower's session cookie, made the way a person makes one: a
 * fresh borrower (a copy of the current demo borrower, months of history)
 * logs in through the login form.
 */
async function signedInCookie(): Promise<string> {
  const cookie = await signInCopyOfCurrent(BASE);
  const account = await fetch(`${BASE}/account`, { headers: { Cookie: cookie }, redirect: "manual" });
  if (account.status !== 200) throw new Error(`bench: /account answered ${account.status} for the signed-in borrower`);
  return cookie;
}

const PASSCODES = Number(process.env.BENCH_PASSCODES ?? 300);

/**
 * Passcode texts through the dispatch queue to the fake Twilio: asked for
 * in-process 20 at a time, matched by number with their arrival at the
 * provider. Sends per second from the first request to the last arrival, and
 * the request-to-provider latency.
 */
async function askPasscodes(count: number, concurrency: number) {
  const res = await fetch(`${BASE}/api/dev/bench/passcodes`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ count, concurrency }),
  });
  if (!res.ok) throw new Error(`bench: passcode requests failed (${res.status})`);
  return (await res.json()) as Array<{ to: string; at: number }>;
}

/** Waits (two minutes at most) until the fake provider has every number asked for; when each arrived. */
async function arrivals(fake: FakeTwilio, asked: Array<{ to: string }>) {
  const arrived = () => new Map(fake.requests.filter((r) => r.status === 201).map((r) => [r.form.To!.slice(2), r.at]));
  const deadline = Date.now() + 120_000;
  while (asked.some((a) => !arrived().has(a.to)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return arrived();
}

const percentileOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** One passcode at a time, each after the last arrived: what a person asking for one waits, on a quiet queue. */
async function lonePasscodeFigures(fake: FakeTwilio, samples = 20) {
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const [asked] = await askPasscodes(1, 1);
    const at = await arrivals(fake, [asked!]);
    latencies.push(at.get(asked!.to)! - asked!.at);
  }
  latencies.sort((x, y) => x - y);
  return { samples, p50: percentileOf(latencies, 0.5), p99: percentileOf(latencies, 0.99) };
}

async function passcodeFigures(fake: FakeTwilio) {
  const asked = await askPasscodes(PASSCODES, CONNECTIONS);
  const at = await arrivals(fake, asked);
  const latencies = asked
    .filter((a) => at.has(a.to))
    .map((a) => at.get(a.to)! - a.at)
    .sort((x, y) => x - y);
  const last = Math.max(...at.values());
  const first = Math.min(...asked.map((a) => a.at));
  return {
    asked: asked.length,
    delivered: latencies.length,
    perSecond: latencies.length / ((last - first) / 1000),
    p50: percentileOf(latencies, 0.5),
    p99: percentileOf(latencies, 0.99),
  };
}

const PORTAL_PAGES = ["/account", "/transactions", "/documents", "/draw", "/payments", "/preferences"];

/** D1 round trips and Durable Object calls per page, from the Server-Timing header the Worker answers in development (issue 19). */
async function roundTrips(cookie: string) {
  const rows: Array<{ path: string; "D1 trips": string; "DO calls": string }> = [];
  for (const path of ["/", "/api/health", ...PORTAL_PAGES]) {
    // The second of two: the first may slide the session's idle window (once a minute, decision record 014).
    let res = await fetch(`${BASE}${path}`, { headers: path === "/" ? {} : { Cookie: cookie }, redirect: "manual" });
    await res.arrayBuffer();
    res = await fetch(`${BASE}${path}`, { headers: path === "/" ? {} : { Cookie: cookie }, redirect: "manual" });
    await res.arrayBuffer();
    const timing = res.headers.get("Server-Timing");
    rows.push({ path, "D1 trips": tripsIn(timing, "d1"), "DO calls": tripsIn(timing, "do") });
  }
  // A signed lead (the loads above already made the merchant token its leads share).
  const lead = await fetch(`${BASE}/api/leads`, { method: "POST", ...signedLead(devVar("PARTNER_SECRET_DEMO")) });
  await lead.arrayBuffer();
  const timing = lead.headers.get("Server-Timing");
  rows.push({ path: "POST /api/leads", "D1 trips": tripsIn(timing, "d1"), "DO calls": tripsIn(timing, "do") });
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureDevVars();
if (!process.env.BENCH_SKIP_BUILD) await run("npx", ["react-router", "build"]);
rmSync(STATE, { recursive: true, force: true });
await migrateLocal(STATE);
await seedLocal(STATE);
await unlimitedDemoPartner(STATE);

// Texts go to a local fake Twilio (the real provider code over real HTTP), through the dispatch queue.
const fakeTwilio = await startFakeTwilio();
const twilioVars = {
  TWILIO_ACCOUNT_SID: fakeTwilio.accountSid,
  TWILIO_AUTH_TOKEN: fakeTwilio.authToken,
  TWILIO_FROM_NUMBER: "+18005550142",
  TWILIO_API_BASE: fakeTwilio.url,
};
/** The built Worker on local workerd, with `vars` over wrangler.toml's (the simulated distance, the fake Twilio). */
function startServer(vars: Record<string, string>) {
  // Per-request logging in wrangler's Node process would dominate the figures.
  return spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(PORT),
      "--persist-to",
      STATE,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { stdio: "ignore", env: { ...process.env, ...offlineWranglerEnv }, detached: true },
  );
}

const stopServer = async (server: ReturnType<typeof spawn>) => {
  if (server.pid) process.kill(-server.pid, "SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
};

const distances = distanceArgument(process.argv.slice(2));
if (distances) {
  try {
    await distanceBench(distances, { base: BASE, start: startServer, stop: stopServer, signedInCookie });
  } finally {
    await fakeTwilio.close();
  }
  process.exit(0);
}
const scale = scaleArgument(process.argv.slice(2));
if (scale) {
  try {
    await scaleBench(scale, { base: BASE, state: STATE, start: startServer, stop: stopServer });
  } finally {
    await fakeTwilio.close();
  }
  process.exit(0);
}
const server = startServer(twilioVars);
try {
  await waitForHealth(BASE);
  // Warm both paths (isolate start, edge cache fill) before measuring.
  for (let i = 0; i < 20; i++) await Promise.all([fetch(`${BASE}/`), fetch(`${BASE}/api/health`)]);
  const cookie = await signedInCookie();
  for (let i = 0; i < 20; i++) await fetch(`${BASE}/account`, { headers: { Cookie: cookie } });
  const health = await load("/api/health");
  const home = await load("/");
  const account = await load("/account", { Cookie: cookie });
  const lead = await loadLeads();
  if (process.argv.includes("--throughput")) {
    // Only the loads and their ratios (`npm run bench -- --throughput`), a minute instead of several; with
    // two floors beside them: a page that reads nothing (signed out, not cached) and a lead's site part.
    const page = await load("/login");
    const sandboxLead = await loadLeads(DEMO_SANDBOX_PARTNER_ID);
    printThroughput({ health, home, account, lead }, [page, sandboxLead]);
    await stopServer(server);
    await fakeTwilio.close();
    process.exit(0);
  }
  const js = await homeJavaScript();
  const platform = await platformFigures();
  const lonePasscode = await lonePasscodeFigures(fakeTwilio);
  const passcodes = await passcodeFigures(fakeTwilio);
  const trips = await roundTrips(cookie);

  console.log(`\nLoad: ${CONNECTIONS} connections, ${DURATION_S} s per path, local workerd (wrangler dev)\n`);
  console.table(
    [home, account, lead, health].map((r) => ({
      path: r.path,
      "requests/s": Math.round(r.rps),
      "p50 ms": r.p50,
      "p99 ms": r.p99,
    })),
  );
  console.log("D1 round trips per request (development's Server-Timing):");
  console.table(trips);
  const ratio = home.rps / health.rps;
  console.log(`Home / health throughput: ${(ratio * 100).toFixed(0)}% (target >= 50%)`);
  console.log(`Home p99: ${home.p99} ms (target <= 50 ms)`);
  console.log(
    `Account page (signed in, one platform summary per request) / health throughput: ${((account.rps / health.rps) * 100).toFixed(0)}%`,
  );
  console.log(
    `Signed leads (signature, partner budget, claim, platform decision, record): ${Math.round(lead.rps)} leads/s, p99 ${lead.p99} ms`,
  );
  console.log(`Home page JavaScript: ${kb(js.total)} gzip in ${js.files.length} files`);
  console.log(`Framework floor (React + React Router client runtime): ${kb(js.floor)} gzip`);
  console.log(`Above the floor: ${kb(js.total - js.floor)} (target <= 15 KB)`);
  console.log(
    `\nPlatform in-process (embedded core through the typed client), ${PLATFORM_ACCOUNTS.toLocaleString()} accounts of 50 ledger rows, each line in its own Durable Object:`,
  );
  console.table([
    {
      call: "Account/GetSummary",
      samples: platform.getSummary.samples,
      "p50 ms": platform.getSummary.p50,
      "p99 ms": platform.getSummary.p99,
    },
    {
      call: "Account/PostTransaction",
      samples: platform.postTransaction.samples,
      "p50 ms": platform.postTransaction.p50,
      "p99 ms": platform.postTransaction.p99,
    },
  ]);
  console.log(`GetSummary p99: ${platform.getSummary.p99} ms (target <= 20 ms)`);
  console.log(
    `\nQueued passcode texts (request, dispatch queue, consumer, fake Twilio over HTTP): ${passcodes.delivered} of ${passcodes.asked} delivered, ${passcodes.perSecond.toFixed(0)} sends/s, request to provider p50 ${passcodes.p50} ms, p99 ${passcodes.p99} ms`,
  );
  console.log(
    `One passcode at a time (${lonePasscode.samples}, each after the last arrived): request to provider p50 ${lonePasscode.p50} ms, p99 ${lonePasscode.p99} ms`,
  );
  const worker = workerSizes();
  console.log(
    `\nWorker (build/server, minified): ${kb(worker.whole.raw)} raw, ${kb(worker.whole.gzip)} gzip in ${worker.whole.files} files`,
  );
  console.log(
    `Evaluated at startup (the entry and its static imports): ${kb(worker.startup.raw)} raw, ${kb(worker.startup.gzip)} gzip in ${worker.startup.files} files (target < 500 KB gzip)`,
  );
  console.log(
    `Startup CPU (wrangler check startup, busy samples): ${(await startupMilliseconds()).toFixed(0)} ms (target < 100 ms)`,
  );
} finally {
  await stopServer(server);
  await fakeTwilio.close();
}

type Loaded = Awaited<ReturnType<typeof load>>;

function printThroughput(r: Record<"health" | "home" | "account" | "lead", Loaded>, floors: Loaded[]) {
  console.table(
    [r.home, r.account, r.lead, r.health, ...floors].map((x) => ({
      path: x.path,
      "requests/s": Math.round(x.rps),
      "p50 ms": x.p50,
      "p99 ms": x.p99,
    })),
  );
  const share = (x: { rps: number }) => `${((x.rps / r.health.rps) * 100).toFixed(1)}%`;
  console.log(
    `Of /api/health's throughput: home ${share(r.home)} (target >= 50%), account ${share(r.account)} (target >= 25%), signed leads ${share(r.lead)} (target >= 10%)`,
  );
  // Throughput on the Worker's one thread is the inverse of each request's share of it.
  const ms = (x: { rps: number }) => `${(1000 / x.rps).toFixed(2)} ms`;
  console.log(
    `Thread time a request: health ${ms(r.health)}, ${floors.map((f) => `${f.path} ${ms(f)}`).join(", ")}, account ${ms(r.account)}, signed lead ${ms(r.lead)}`,
  );
}
