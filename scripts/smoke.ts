/**
 * `npm run smoke -- URL`: a scripted check of a running site (issue 21),
 * run by deploy:preview against the preview and by promote after each step.
 *
 * 1. public pages answer (home, login, the application's first step, the
 *    terms, the partner contract);
 * 2. `/api/health?deep=1`: D1 read and write, both Durable Objects, the
 *    platform; it names the version answering;
 * 3. an application through the five steps to a decision, as a browser
 *    without JavaScript posts it, with a test identity underwriting denies
 *    (take-home pay under the minimum): the review page is reached. Each run
 *    leaves one denied application, named "Smoke Check" with an
 *    @example.com e-mail (docs/operations.md);
 * 4. a test borrower signs in through the login form and opens the account
 *    page (SMOKE_BORROWER_EMAIL and SMOKE_BORROWER_PASSWORD);
 * 5. a sandbox partner's signed lead is decided and its status read
 *    (SMOKE_PARTNER_ID and SMOKE_PARTNER_SECRET: a test partner, so
 *    nothing reaches underwriting or makes an application).
 *
 * Locally (a localhost URL) the defaults are the demo borrower and the
 * demo sandbox partner of `.dev.vars`. Exit code 0 when every check passes,
 * 1 otherwise, with each failure named.
 */
import { uniqueSsn } from "../tests/contract/applicants";
import { demoLead } from "../tests/e2e/fixtures/lead-data";
import { stepFields } from "../tests/support/wizard-fields";
import { devVar } from "./run";
import { signText as sign } from "./signed-lead";

export interface SmokeOptions {
  borrower?: { email: string; password: string };
  partner?: { id: string; secret: string };
}

export interface SmokeCheck {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}

const PUBLIC_PAGES = ["/", "/login", "/apply/personal", "/termsandconditions", "/api/openapi.json"];

/** The demo borrower and sandbox partner of a local site. */
export function localDefaults(): SmokeOptions {
  return {
    borrower: { email: "current@demo.ridgeline.test", password: "Demo!pass1" },
    partner: { id: "DEMO_TEST", secret: devVar("PARTNER_SECRET_DEMO_TEST") },
  };
}

function fromEnvironment(): SmokeOptions {
  const env = process.env;
  return {
    borrower:
      env.SMOKE_BORROWER_EMAIL && env.SMOKE_BORROWER_PASSWORD
        ? { email: env.SMOKE_BORROWER_EMAIL, password: env.SMOKE_BORROWER_PASSWORD }
        : undefined,
    partner:
      env.SMOKE_PARTNER_ID && env.SMOKE_PARTNER_SECRET
        ? { id: env.SMOKE_PARTNER_ID, secret: env.SMOKE_PARTNER_SECRET }
        : undefined,
  };
}

async function check(name: string, body: () => Promise<string>): Promise<SmokeCheck> {
  const started = Date.now();
  try {
    const detail = await body();
    return { name, ok: true, ms: Date.now() - started, detail };
  } catch (error) {
    return {
      name,
      ok: false,
      ms: Date.now() - started,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

function expectStatus(res: Response, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}, not ${status}`);
}

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

async function signIn(base: string, borrower: NonNullable<SmokeOptions["borrower"]>): Promise<string> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ intent: "login", email: borrower.email, password: borrower.password }),
  });
  const cookie = cookiesOf(login);
  const landing = login.headers.get("Location") ?? "";
  if (login.status !== 302 || !cookie) throw new Error(`the login form answered ${login.status} (wrong credentials?)`);
  const account = await fetch(new URL(landing, base), { headers: { Cookie: cookie }, redirect: "manual" });
  expectStatus(account, 200, `the landing page ${new URL(landing, base).pathname}`);
  return `signed in, ${new URL(landing, base).pathname} shown`;
}

/** The smoke check's applicant: a fresh test identity, paid $400 every two weeks (under $1,000 a month: denied). */
function smokeApplicant(): Record<string, Record<string, string>> {
  const ssn = uniqueSsn();
  const fields = stepFields({
    firstName: "Smoke",
    email: `smoke.check.${ssn}@example.com`,
    ssn,
    birthdate: "05/17/1990",
  });
  return {
    ...fields,
    personal: { ...fields.personal, lastName: "Check" },
    income: { ...fields.income, employerName: "Smoke Check Tools", takeHomePay: "400.00" },
  };
}

async function application(base: string): Promise<string> {
  // A jar, as a browser keeps one: a response's cookies replace those of the same name.
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const pair of cookiesOf(res).split("; ").filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
    return [...jar.values()].join("; ");
  };
  // A fresh application: ?start=1 begins one and sends the browser to the first step.
  const start = await fetch(`${base}/apply/personal?start=1`, { redirect: "manual" });
  let cookie = keep(start);
  const first = new URL(start.headers.get("Location") ?? "/apply/personal", base);
  const entry = await fetch(first, { redirect: "manual", headers: { Cookie: cookie } });
  expectStatus(entry, 200, "the application's first step");
  cookie = keep(entry);
  let landing = "";
  for (const [step, fields] of Object.entries(smokeApplicant())) {
    const res = await fetch(`${base}/apply/${step}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams(fields),
    });
    if (res.status !== 302) throw new Error(`the ${step} step answered ${res.status}, not 302 (a refused field?)`);
    cookie = keep(res);
    landing = new URL(res.headers.get("Location") ?? "", base).pathname;
  }
  if (landing !== "/apply/review") throw new Error(`the decision led to ${landing}, not /apply/review (denied)`);
  const review = await fetch(`${base}${landing}`, { headers: { Cookie: cookie }, redirect: "manual" });
  expectStatus(review, 200, "the review page");
  return "five steps, denied as expected, the review page shown";
}

async function sandboxLead(base: string, partner: NonNullable<SmokeOptions["partner"]>): Promise<string> {
  const lead = demoLead({ personal: { lastName: "Smoke" } });
  const body = JSON.stringify(lead);
  const headers = (timestamp: string, signature: string) => ({
    "Content-Type": "application/json",
    // Asks for the sandbox: a live partner's id is refused (409 not_sandbox) before anything is decided.
    "X-Partner-Mode": "test",
    "X-Partner-Id": partner.id,
    "X-Timestamp": timestamp,
    "X-Signature": signature,
  });
  let timestamp = String(Math.floor(Date.now() / 1000));
  const decided = await fetch(`${base}/api/leads`, {
    method: "POST",
    headers: headers(timestamp, sign(partner.secret, timestamp, body)),
    body,
  });
  expectStatus(decided, 200, "the sandbox lead");
  if (decided.headers.get("X-Partner-Mode") !== "test")
    throw new Error(`${partner.id} is not a sandbox partner: the smoke check posts test leads only`);
  const answer = (await decided.json()) as { status: string };
  if (answer.status !== "approved") throw new Error(`the sandbox lead was ${answer.status}, not approved`);
  const path = `/api/leads/${encodeURIComponent(lead.partnerLeadId)}`;
  timestamp = String(Math.floor(Date.now() / 1000) - 1);
  const status = await fetch(`${base}${path}`, { headers: headers(timestamp, sign(partner.secret, timestamp, path)) });
  expectStatus(status, 200, "the lead's status");
  return "decided (approved) and its status read";
}

/** Every check against `base`; none stops the others. */
export async function smoke(base: string, options: SmokeOptions): Promise<SmokeCheck[]> {
  const root = base.replace(/\/$/, "");
  const checks: SmokeCheck[] = [];
  for (const page of PUBLIC_PAGES)
    checks.push(
      await check(`GET ${page}`, async () => {
        const res = await fetch(`${root}${page}`, { redirect: "manual" });
        expectStatus(res, 200, page);
        return `${(await res.arrayBuffer()).byteLength} bytes`;
      }),
    );
  checks.push(
    await check("deep health", async () => {
      const res = await fetch(`${root}/api/health?deep=1`);
      const body = (await res.json()) as { failed?: string[]; version?: { id: string | null } };
      if (res.status !== 200) throw new Error(`${res.status}: failing ${body.failed?.join(", ") ?? "?"}`);
      return `ok, version ${body.version?.id ?? "unknown"}`;
    }),
  );
  checks.push(await check("an application to a decision", () => application(root)));
  checks.push(
    await check("a test borrower signs in", async () => {
      if (!options.borrower) throw new Error("set SMOKE_BORROWER_EMAIL and SMOKE_BORROWER_PASSWORD");
      return signIn(root, options.borrower);
    }),
  );
  checks.push(
    await check("a sandbox partner's signed lead", async () => {
      if (!options.partner) throw new Error("set SMOKE_PARTNER_ID and SMOKE_PARTNER_SECRET (a test partner)");
      return sandboxLead(root, options.partner);
    }),
  );
  return checks;
}

export function report(base: string, checks: SmokeCheck[]): boolean {
  for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.name} (${c.ms} ms): ${c.detail}`);
  const failed = checks.filter((c) => !c.ok);
  console.log(
    failed.length === 0
      ? `Smoke check of ${base} passed.`
      : `Smoke check of ${base} FAILED: ${failed.map((c) => c.name).join("; ")}`,
  );
  return failed.length === 0;
}

if (import.meta.main) {
  const base = process.argv[2];
  if (!base || !/^https?:\/\//.test(base)) {
    console.error("Usage: npm run smoke -- URL   (e.g. http://localhost:8787)");
    process.exit(2);
  }
  const local = /^https?:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(base);
  const options = {
    ...(local ? localDefaults() : {}),
    ...Object.fromEntries(Object.entries(fromEnvironment()).filter(([, v]) => v)),
  };
  process.exitCode = report(base, await smoke(base, options)) ? 0 : 1;
}
