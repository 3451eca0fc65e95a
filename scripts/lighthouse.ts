/**
 * `npm run lighthouse`: Lighthouse (its defaults: mobile, simulated
 * throttling) for performance, accessibility and best practices on the home
 * page, the application's first step and a demo borrower's /account, against
 * the built site on local workerd (issue 16). Starts it through `npm start`'s
 * script on a port of its own (PORT, 8795 by default) and stops it at the end;
 * BASE_URL points at a site already running instead. Each page runs three
 * times: stdout gets the median scores and, for a category below its target,
 * the failing audits of its median run; lighthouse/summary.json gets those
 * audits' details for every category. A measurement, not a test: it exits 0
 * whatever the scores, 1 only when the site or a run fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, openSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { demo } from "../tests/e2e/fixtures/portal";

const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100 };
/** Recorded for every page whatever the scores: where LCP and CLS come from is what a reader asks next. */
const ALWAYS = ["lcp-breakdown-insight", "cls-culprits-insight"];
const PAGES = [
  { path: "/", signedIn: false },
  { path: "/apply/personal", signedIn: false },
  { path: "/account", signedIn: true },
];
const OUT = "lighthouse";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// Chromium's sandbox refuses to start as root (containers, CI); as anyone else it stays on.
const chromeFlags = ["--headless=new", ...(process.getuid?.() === 0 ? ["--no-sandbox"] : [])];

const port = process.env.PORT ?? "8795";
const base = process.env.BASE_URL ?? `http://localhost:${port}`;
let server: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let interrupted = false;
/** Set when the site stops on its own (or is stopped by someone else): a run's error then says why. */
let serverGone: string | undefined;

/** `npm start` (build, migrations, wrangler dev, demo seed) in a process group of its own, so stopping it stops workerd too. */
async function startSite(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const log = openSync(`${OUT}/server.log`, "w"); // the build's output would bury the table
  server = spawn("npx", ["tsx", "scripts/start.ts"], {
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, PORT: port },
  });
  server.on(
    "exit",
    (code, signal) => (serverGone = `the site stopped (${signal ?? `exit ${code}`}); see ${OUT}/server.log`),
  );
  // The build comes first, on a busy machine: allow minutes, not start's two.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && !serverGone) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(serverGone ?? `${base} did not start in ten minutes; see ${OUT}/server.log`);
}

/** Signals the site's whole process group; false once no process is left in it (or there was none). */
function signalSite(signal: NodeJS.Signals | 0): boolean {
  try {
    return server?.pid ? process.kill(-server.pid, signal) : false;
  } catch {
    return false;
  }
}

/** wrangler may outlive start.ts, and even a first SIGTERM (seen): done only when the group is empty. */
async function stopSite(): Promise<void> {
  signalSite("SIGTERM");
  for (let i = 0; i < 20 && signalSite(0); i++) await new Promise((r) => setTimeout(r, 500));
  signalSite("SIGKILL");
}

/**
 * A fresh copy of the current demo borrower, signed in through /login as a
 * person would, in a browser; its session cookie for Lighthouse's requests
 * (Lighthouse clears the browser's cookies before each run, headers stay).
 */
async function sessionCookie(): Promise<string> {
  // start.ts seeds the demo borrowers just after /api/health answers: wait for them.
  let borrower: { email: string; password: string } | undefined;
  for (let i = 0; i < 60 && !borrower; i++) {
    const res = await fetch(`${base}/api/dev/borrower`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ like: demo.current }),
    });
    if (res.status === 201) borrower = (await res.json()) as { email: string; password: string };
    else await new Promise((r) => setTimeout(r, 1000));
  }
  if (!borrower)
    throw new Error(`${base}/api/dev/borrower gave no demo borrower (is the site running in development?)`);
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage({ baseURL: base });
    await page.goto("/login", { waitUntil: "load" });
    await page.getByLabel("Email Address").fill(borrower.email);
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await page.getByLabel("Password").fill(borrower.password);
    await page.getByRole("button", { name: "LOG IN", exact: true }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 }); // a PBKDF2 check on a busy machine
    const cookie = (await page.context().cookies()).find((c) => c.name === "__Host-rl_session");
    if (!cookie) throw new Error("signed in, but no __Host-rl_session cookie");
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await browser.close();
  }
}

/**
 * One Lighthouse run in a Chrome of its own, so no run inherits another's
 * caches or processes. A run whose trace broke (NO_NAVSTART and the like,
 * seen on a loaded machine; Lighthouse's own advice is to run again) is run
 * once more before it counts as an error.
 */
async function audit(url: string, cookie?: string, retry = true): Promise<Result> {
  // Ctrl-C is ours to handle (below): chrome-launcher's own handler would exit before the site is stopped.
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, handleSIGINT: false });
  let lhr: Result | undefined;
  try {
    if (interrupted) throw new Error("interrupted");
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    lhr = result?.lhr;
  } finally {
    chrome.kill();
    chrome = undefined;
  }
  if (lhr && !lhr.runtimeError) return lhr;
  const why = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : "no result";
  if (!retry || interrupted) throw new Error(`${url}: ${why}`);
  process.stderr.write(`  ${why}; running again\n`);
  return audit(url, cookie, false);
}

const score = (lhr: Result, c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
/** The run whose score in `c` is the median: its failing audits are the ones that explain that number. */
const medianRun = (runs: Result[], c: Category) =>
  [...runs].sort((a, b) => score(a, c) - score(b, c))[Math.floor(runs.length / 2)]!;
const clip = (s: string) => (s.length > 240 ? `${s.slice(0, 237)}...` : s);

/** Audit details (tables, lists, checklists, nodes) as short lines: the element, resource or message that fails. */
function lines(details: unknown): string[] {
  if (!details || typeof details !== "object") return [];
  const d = details as { type?: string; items?: unknown; value?: unknown; chains?: Record<string, Chain> };
  if (d.type === "list" && Array.isArray(d.items)) return d.items.flatMap(lines);
  if (d.type === "list-section") return lines(d.value);
  if (d.type === "text" && typeof d.value === "string") return [d.value];
  if (d.type === "network-tree") return chain(d.chains ?? {}, "");
  if (d.type === "checklist" && d.items && typeof d.items === "object")
    return Object.values(d.items as Record<string, { label: string; value: boolean }>)
      .filter((c) => !c.value)
      .map((c) => `not met: ${c.label}`);
  if (d.type === "node") return [cell(d)];
  if (!Array.isArray(d.items)) return [];
  return d.items.slice(0, 15).map((item: Record<string, unknown>) => {
    const own = Object.entries(item).filter(([k, v]) => k !== "subItems" && v !== undefined && v !== null && v !== "");
    const sub = lines(item.subItems)
      .slice(0, 5)
      .map((s) => ` <- ${s}`);
    return clip(own.map(([k, v]) => `${k}: ${cell(v)}`).join("; ") + sub.join(""));
  });
}

type Chain = { url: string; navStartToEndTime: number; transferSize: number; children?: Record<string, Chain> };

/** The critical request chains, each request under the one that found it (the fix is usually to shorten one). */
function chain(chains: Record<string, Chain>, indent: string): string[] {
  return Object.values(chains).flatMap((c) => [
    `${indent}${c.url} (ends ${Math.round(c.navStartToEndTime)} ms, ${c.transferSize} B)`,
    ...chain(c.children ?? {}, `${indent}  `),
  ]);
}

function cell(v: unknown): string {
  if (typeof v === "number") return String(Math.round(v * 10) / 10);
  if (typeof v !== "object" || v === null) return String(v);
  const o = v as Record<string, unknown>;
  if (o.type === "node")
    return [o.selector, o.nodeLabel && `"${o.nodeLabel}"`, o.snippet, o.explanation].filter(Boolean).join(" ");
  if (o.type === "source-location") return `${o.url}:${o.line}:${o.column}`;
  if (typeof o.value === "string" || typeof o.value === "number") return String(o.value);
  if (typeof o.formattedDefault === "string") return o.formattedDefault;
  return clip(JSON.stringify(o));
}

/** A category's audits that did not pass (the report's own line: 0.9), hidden ones aside. */
function failing(lhr: Result, c: Category) {
  return (lhr.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 0.9)
    .map((a) => ({
      id: a.id,
      title: a.title,
      score: a.score,
      displayValue: a.displayValue,
      details: lines(a.details),
    }));
}

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];
/** A metric in ms, CLS unitless with three decimals. */
const metric = (r: Result, id: string) =>
  ((v) => (id === "cumulative-layout-shift" ? Math.round(v * 1000) / 1000 : Math.round(v)))(
    r.audits[id]?.numericValue ?? NaN,
  );

// Ctrl-C must not leave workerd holding the port, nor a Chrome behind: both run detached, out of the terminal's
// reach. `on`, not `once`: npm and tsx pass the signal on, and a second one with no listener would exit at once.
process.on("SIGINT", () => {
  if (interrupted) return;
  interrupted = true;
  chrome?.kill();
  void stopSite().finally(() => process.exit(130));
});

let failed = false;
try {
  if (!process.env.BASE_URL) await startSite();
  const cookie = await sessionCookie();
  const pages = [];
  for (const { path, signedIn } of PAGES) {
    const runs: Result[] = [];
    for (let i = 1; i <= RUNS; i++) {
      process.stderr.write(`lighthouse ${path} run ${i}/${RUNS}\n`);
      const lhr = await audit(`${base}${path}`, signedIn ? cookie : undefined);
      // A session the site did not take would measure the login page instead.
      if (signedIn && !new URL(lhr.finalDisplayedUrl).pathname.endsWith(path))
        throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}`);
      runs.push(lhr);
    }
    const categories = Object.fromEntries(
      CATEGORIES.map((c) => {
        const median = medianRun(runs, c);
        const m = score(median, c);
        // Recorded at any score (a 96 still says what holds it back); printed only below target.
        return [c, { median: m, runs: runs.map((r) => score(r, c)), target: TARGETS[c], failing: failing(median, c) }];
      }),
    ) as Record<Category, { median: number; runs: number[]; target: number; failing: ReturnType<typeof failing> }>;
    const perfMedian = medianRun(runs, "performance");
    pages.push({
      path,
      finalDisplayedUrl: perfMedian.finalDisplayedUrl,
      categories,
      metrics: Object.fromEntries(METRICS.map((id) => [id, runs.map((r) => metric(r, id))])), // every run's: the noise shows
      always: Object.fromEntries(ALWAYS.map((id) => [id, lines(perfMedian.audits[id]?.details)])),
      warnings: perfMedian.runWarnings,
    });
  }
  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    `${OUT}/summary.json`,
    `${JSON.stringify({ base, runs: RUNS, formFactor: "mobile (Lighthouse defaults)", chrome: chromePath, pages }, null, 2)}\n`,
  );
  console.table(
    Object.fromEntries(
      pages.map((p) => [p.path, Object.fromEntries(CATEGORIES.map((c) => [c, p.categories[c].median]))]),
    ),
  );
  for (const p of pages)
    for (const c of CATEGORIES.filter((c) => p.categories[c].median < TARGETS[c]))
      for (const a of p.categories[c].failing)
        console.log(
          `${p.path}  ${c} ${p.categories[c].median}/${TARGETS[c]}  ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`,
        );
  console.log(`\nDetails: ${OUT}/summary.json`);
} catch (error) {
  if (!interrupted) console.error(error);
  if (serverGone) console.error(serverGone);
  failed = true;
} finally {
  await stopSite();
}
process.exit(failed ? 1 : 0);
