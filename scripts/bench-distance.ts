/**
 * `npm run bench -- --d1-rtt 80` (or a list: `--d1-rtt 0,40,80,150`): pages
 * under a simulated distance to D1's primary. The built Worker on local
 * workerd waits that long on every primary round trip and 10 ms on every read
 * a nearby replica may answer (functions/server/http/d1-distance.ts). Latency
 * is measured with one connection, so the CPU queueing of this two-core
 * machine does not hide the distance; the round trips each page makes are
 * printed beside it (development's Server-Timing).
 */
import type { ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { uniqueSsn } from "../tests/contract/applicants";
import { addressStep } from "../tests/support/address-step";
import { waitForHealth } from "./run";

/** The bench's server: where it listens, how it is started with vars and stopped, and a signed-in borrower's cookies. */
/**
 * A signed-in borrower's cookies, made the way a person makes them: a fresh
 * borrower (a copy of the current demo borrower, months of history) logs in
 * through the login form; the session and the bookmark of the sign-in's
 * writes, as a browser holds them.
 */
export async function signInCopyOfCurrent(base: string): Promise<string> {
  const made = await fetch(`${base}/api/dev/borrower`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ like: "current@demo.ridgeline.test" }),
  });
  if (made.status !== 201) throw new Error(`making a borrower failed (${made.status})`);
  const { email, password } = (await made.json()) as { email: string; password: string };
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(base),
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookie = cookiesOf(res);
  if (res.status !== 302 || !cookie) throw new Error(`login failed (${res.status})`);
  return cookie;
}

export interface Site {
  base: string;
  start(vars: Record<string, string>): ChildProcess;
  stop(server: ChildProcess): Promise<void>;
  signedInCookie(): Promise<string>;
}

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
  // Asked twice: the second is the steady state (development's clock offset is read at most once a second).
  let probe = await fetch(`${base}${visitor.path}`, init);
  await probe.arrayBuffer();
  probe = await fetch(`${base}${visitor.path}`, init);
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
  if (result["4xx"] + result["5xx"] + result.errors > 0)
    throw new Error(
      `bench: ${visitor.label} had ${result["4xx"]} 4xx, ${result["5xx"]} 5xx and ${result.errors} errors`,
    );
  return {
    page: visitor.label,
    "D1 trips": tripsIn(probe.headers.get("Server-Timing"), "d1"),
    "DO calls": tripsIn(probe.headers.get("Server-Timing"), "do"),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
  };
}

/** The cookies a response sets, as one Cookie header. */
export const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

const formHeaders = (base: string, cookie?: string) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: base,
  ...(cookie ? { Cookie: cookie } : {}),
});

/** The application's first step as a person fills it in. */
function personalStep(): string {
  const ssn = uniqueSsn();
  const email = `bench.${ssn}@example.com`;
  return new URLSearchParams({
    firstName: "Marisol",
    lastName: "Quintero",
    birthdate: "05/17/1990",
    ssn: `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`,
    email,
    confirmEmail: email,
  }).toString();
}

/** The second step (no SSN check, so no per-IP limit of 30 an hour): what the latency of a step's save measures. */
const addressForm = new URLSearchParams(addressStep).toString();

/** An applicant who saved the first step: their session and bookmark. */
async function applicantCookie(base: string, body: string): Promise<string> {
  const res = await fetch(`${base}/apply/personal`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(base),
    body,
  });
  if (res.status !== 302) {
    const said = (await res.text()).match(/role="alert"[^>]*>([^<]{0,200})/g)?.join(" | ");
    throw new Error(`bench: the first step answered ${res.status}: ${said ?? "(no alert)"}`);
  }
  return cookiesOf(res);
}

/** Posts per distance: two distances' worth stay under the 240 form posts a minute from one IP. */
const STEP_POSTS = 100;
const LATENCY_S = Number(process.env.BENCH_LATENCY_SECONDS ?? 8);

/** SUBMITs timed per kind and distance (each one reviewed first, untimed, for a key of its own). */
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 12);

const hiddenIn = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The first day the payment date's hint allows ("… between Nov. 30, 2026 and …"), as the form takes it. */
function earliestPaymentDate(html: string): string {
  const [, month, day, year] = /between ([A-Z][a-z]+)\.? (\d{1,2}), (\d{4})/.exec(html) ?? [];
  const m = MONTHS.indexOf(month?.slice(0, 3) ?? "") + 1;
  return m > 0 ? `${String(m).padStart(2, "0")}/${day!.padStart(2, "0")}/${year}` : "";
}

/** A fresh borrower for SUBMITs (its line in its object): signed in, its account number, its earliest payment date. */
async function submitter(base: string) {
  const cookie = await signInCopyOfCurrent(base);
  const form = (fields: Record<string, string>, path: string) =>
    fetch(`${base}${path}`, { method: "POST", headers: formHeaders(base, cookie), body: new URLSearchParams(fields) });
  const applNo = hiddenIn(await (await form({ intent: "review", amount: "100" }, "/draw")).text(), "applNo");
  const payments = await (await fetch(`${base}/payments`, { headers: { Cookie: cookie } })).text();
  const date = earliestPaymentDate(payments);
  if (!applNo || !date) throw new Error("bench: the borrower's account number or payment date was not found");
  return { cookie, form, date };
}

type Submitter = Awaited<ReturnType<typeof submitter>>;

/** One reviewed SUBMIT, timed: null when refused (the borrower's credit or pending payments are used up). */
async function timedSubmit(who: Submitter, kind: "draw" | "payment") {
  const review =
    kind === "draw"
      ? await who.form({ intent: "review", amount: "100" }, "/draw")
      : await who.form({ intent: "review", option: "other", other: "20", date: who.date }, "/payments");
  const html = await review.text();
  const names = kind === "draw" ? ["amount", "key", "applNo"] : ["option", "other", "date", "amount", "key", "review"];
  const fields = Object.fromEntries(names.map((name) => [name, hiddenIn(html, name)]));
  if (!fields.key) return null;
  const started = performance.now();
  const submit = await who.form({ intent: "submit", ...fields }, kind === "draw" ? "/draw.data" : "/payments.data");
  const text = await submit.text();
  const ms = performance.now() - started;
  return text.includes("thanks") ? { ms, timing: submit.headers.get("Server-Timing") } : null;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

/** The form posts' per-IP window (a minute): the SUBMITs start in a window of their own. */
const FORM_WINDOW_MS = 61_000;

/** A draw's and a payment's SUBMIT, one at a time. */
async function submitRows(base: string, rtt: number) {
  await new Promise((resolve) => setTimeout(resolve, FORM_WINDOW_MS));
  const rows: Array<Record<string, string | number>> = [];
  for (const kind of ["draw", "payment"] as const) {
    const times: number[] = [];
    let timing: string | null = null;
    let who = await submitter(base);
    for (let tries = 0; times.length < SUBMITS; tries++) {
      if (tries > SUBMITS * 3) throw new Error(`bench: too many refused ${kind} SUBMITs`);
      const done = await timedSubmit(who, kind);
      if (!done) {
        who = await submitter(base);
        continue;
      }
      times.push(done.ms);
      timing = done.timing;
    }
    times.sort((a, b) => a - b);
    rows.push({
      "D1 RTT ms": rtt,
      page: `POST ${kind === "draw" ? "/draw" : "/payments"} SUBMIT`,
      "D1 trips": tripsIn(timing, "d1"),
      "DO calls": tripsIn(timing, "do"),
      "p50 ms": Math.round(percentile(times, 0.5)),
      "p99 ms": Math.round(percentile(times, 0.99)),
    });
  }
  return rows;
}

const distanceVars = (rtt: number) => ({
  D1_SIMULATED_RTT_MS: String(rtt),
  D1_SIMULATED_REPLICA_MS: String(rtt > 0 ? REPLICA_MS : 0),
});

/** Each distance: the server restarted with it, then each page with one connection. */
export async function distanceBench(list: number[], site: Site) {
  const base = site.base;
  const rows: Array<Record<string, string | number>> = [];
  for (const rtt of list) {
    const server = site.start(distanceVars(rtt));
    try {
      await waitForHealth(base);
      for (let i = 0; i < 20; i++) await Promise.all([fetch(`${base}/`), fetch(`${base}/api/health`)]);
      const borrower = await site.signedInCookie();
      const applicant = await applicantCookie(base, personalStep());
      const visitors: Visitor[] = [
        { label: "GET / (signed out, edge cache)", path: "/" },
        { label: "GET /account (signed in, line in its object)", path: "/account", headers: { Cookie: borrower } },
        { label: "GET /transactions (signed in)", path: "/transactions", headers: { Cookie: borrower } },
        { label: "GET /apply/address (applicant)", path: "/apply/address", headers: { Cookie: applicant } },
        {
          label: "POST /apply/address (a step saved)",
          path: "/apply/address",
          method: "POST",
          headers: formHeaders(base, applicant),
          body: addressForm,
        },
      ];
      for (const visitor of visitors)
        rows.push({
          "D1 RTT ms": rtt,
          ...(await latencyOf(base, visitor, LATENCY_S, visitor.method === "POST" ? STEP_POSTS : undefined)),
        });
      rows.push(...(await submitRows(base, rtt)));
    } finally {
      await site.stop(server);
    }
  }
  console.log(
    `\nOne connection, ${LATENCY_S} s per page (a step's save: ${STEP_POSTS} posts, under the per-IP form limit); primary round trips wait the D1 RTT, replica reads ${REPLICA_MS} ms\n`,
  );
  console.table(rows);
}
