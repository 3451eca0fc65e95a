/**
 * Every environment builds and bundles, and only development builds carry
 * the development tools (decision record 011).
 *
 * Each environment is built as a deploy builds it (CLOUDFLARE_ENV picks the
 * environment) into a temporary folder, then bundled by
 * `wrangler deploy --dry-run [--env ENV]` from that build's output. The
 * builds run together (about a minute on two cores). A build also rewrites
 * .wrangler/deploy/config.json, which points wrangler at the last build:
 * it is put back afterwards so `wrangler dev` keeps serving build/.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuiltFor } from "../../scripts/deploy-steps";
import { offlineWranglerEnv } from "../../scripts/wrangler-env";

const ENVIRONMENTS = [
  { name: "development", database: "ridgeline-local", worker: "ridgeline-credit-local" },
  { name: "preview", database: "ridgeline-preview", worker: "ridgeline-credit-preview" },
  { name: "production", database: "ridgeline-production", worker: "ridgeline-credit" },
] as const;

/** What the development tools leave in a bundle: the pages' route ids, the dev API's code and its mount. */
const DEV_TOOL_MARKERS: ReadonlyArray<string | RegExp> = [
  "routes/dev/outbox", // the /dev/outbox page's route id
  "routes/dev/clock", // the /dev/clock page's route id
  "routes/dev/styleguide", // the /dev/styleguide page's route id
  "routes/dev/desk", // the servicing desk's development sign-in (/dev/desk)
  "Use a step like +30d", // POST /api/dev/clock's message (functions/server/api/dev.ts)
  "Unknown demo borrower.", // POST /api/dev/borrower's message
  "has no payment that can be returned now", // POST /api/dev/return's and /dev/clock's message (functions/servicing/dev-returns.ts)
  /\.route\(["'`]\/dev["'`]/, // the /api/dev mount (functions/server/api/dev-tools.ts), in whatever quotes the minifier writes
];

interface BuiltConfig {
  name: string;
  targetEnvironment?: string;
  durable_objects: { bindings: Array<{ name: string; class_name: string }> };
  migrations: Array<{ tag: string; new_sqlite_classes?: string[] }>;
  triggers: { crons: string[] };
}

const root = mkdtempSync(join(tmpdir(), "ridgeline-builds-"));
const folder = (environment: string) => join(root, environment);
const DEPLOY_REDIRECT = join(".wrangler", "deploy", "config.json");

function exec(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      args,
      { env: { ...process.env, ...offlineWranglerEnv, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

async function build(environment: string): Promise<void> {
  const dir = folder(environment);
  const { code, output } = await exec(["react-router", "build"], {
    CLOUDFLARE_ENV: environment === "development" ? undefined : environment, // unset: the top level
    RIDGELINE_BUILD_DIR: join(dir, "build"),
  });
  if (code !== 0) throw new Error(`the ${environment} build failed:\n${output.slice(-3_000)}`);
  // Point wrangler at this build as the vite plugin points it at build/.
  mkdirSync(join(dir, ".wrangler", "deploy"), { recursive: true });
  writeFileSync(
    join(dir, DEPLOY_REDIRECT),
    JSON.stringify({ configPath: "../../build/server/wrangler.json", auxiliaryWorkers: [] }),
  );
}

/** Every text file of a build (server bundle, client assets, source maps). */
function builtText(environment: string): string {
  const dir = join(folder(environment), "build");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|mjs|json|map|html|css)$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
    .join("\n");
}

beforeAll(async () => {
  const redirect = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT) : undefined;
  try {
    await Promise.all(ENVIRONMENTS.map((e) => build(e.name)));
  } finally {
    if (redirect) writeFileSync(DEPLOY_REDIRECT, redirect);
    else rmSync(DEPLOY_REDIRECT, { force: true });
  }
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.concurrent.each(ENVIRONMENTS)("the $name build", ({ name, database, worker }) => {
  it("bundles with wrangler deploy --dry-run for its environment", async () => {
    const dir = folder(name);
    const envFlag = name === "development" ? [] : ["--env", name];
    const { code, output } = await exec([
      "wrangler",
      "deploy",
      "--dry-run",
      ...envFlag,
      "--outdir",
      join(dir, "bundle"),
      "--cwd",
      dir,
    ]);
    expect(code, output).toBe(0);
    expect(output).toContain(`env.DB (${database})`);
    expect(output).toContain(`env.ENVIRONMENT ("${name}")`);
    expect(existsSync(join(dir, "bundle", "index.js"))).toBe(true);
    // The flattened configuration: this environment's Worker, with the Durable
    // Object bindings and class migrations and the servicing cron.
    const config = JSON.parse(readFileSync(join(dir, "build", "server", "wrangler.json"), "utf8")) as BuiltConfig;
    expect(config.name).toBe(worker);
    expect(config.targetEnvironment).toBe(name === "development" ? undefined : name);
    expect(config.durable_objects.bindings.map((b) => `${b.name}:${b.class_name}`)).toEqual([
      "RATE_LIMITER:RateLimiter",
      "PASSCODES:PasscodeVault",
      "LINES:LineLedger",
    ]);
    expect(config.migrations.map((m) => `${m.tag}:${m.new_sqlite_classes?.join()}`)).toEqual([
      "v1:RateLimiter",
      "v2:PasscodeVault",
      "v3:LineLedger",
    ]);
    expect(config.triggers.crons).toEqual(["*/15 * * * *"]);
  });

  it(name === "development" ? "carries the development tools" : "carries no development tools", () => {
    const text = builtText(name);
    const present = DEV_TOOL_MARKERS.filter((marker) =>
      typeof marker === "string" ? text.includes(marker) : marker.test(text),
    );
    expect(present).toEqual(name === "development" ? DEV_TOOL_MARKERS : []);
  });
});

/**
 * What must never reach a browser (issue 17): drizzle's table builder, the
 * database's column names, and the servicing core's own code. Each is read
 * from the client assets of the production build and of the development build
 * (whose /dev pages open the core's door in their loaders), JavaScript only
 * (source maps are not served to pages).
 */
const SERVER_ONLY_MARKERS: ReadonlyArray<string> = [
  "drizzle:IsDrizzleTable", // drizzle's table builder (db/schema), a symbol name that survives minification
  "ssn_encrypted", // db/schema/servicing.ts
  "password_hash", // db/schema/servicing.ts
  "bank_account_encrypted", // db/schema/servicing.ts
  "Ridgeline servicing core", // the PDF producer of functions/domain/pdf.ts, run on the server only
  "cloudflare:workers", // workerd's module, imported by the servicing core's Durable Object
];

function clientJavaScript(environment: string): Array<{ file: string; text: string }> {
  const dir = join(folder(environment), "build", "client");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => ({ file: entry.name, text: readFileSync(join(entry.parentPath, entry.name), "utf8") }));
}

describe("the client bundles", () => {
  it.each(["development", "production"])("carry no database schema and no servicing core (%s)", (environment) => {
    const found = clientJavaScript(environment).flatMap(({ file, text }) =>
      SERVER_ONLY_MARKERS.filter((m) => text.includes(m)).map((m) => `${file}: ${m}`),
    );
    expect(found).toEqual([]);
  });

  it("the check would see them: the server bundle has them", () => {
    const server = readdirSync(join(folder("production"), "build", "server"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"))
      .join("\n");
    expect(SERVER_ONLY_MARKERS.filter((m) => !server.includes(m))).toEqual([]);
  });
});

describe("the deploy scripts' build check", () => {
  it("accepts a build for the environment being deployed and refuses any other", () => {
    const built = (environment: string) => join(folder(environment), "build");
    expect(() => assertBuiltFor("preview", built("preview"))).not.toThrow();
    expect(() => assertBuiltFor("production", built("production"))).not.toThrow();
    expect(() => assertBuiltFor("production", built("preview"))).toThrow(/is for "preview", not "production"/);
    expect(() => assertBuiltFor("production", built("development"))).toThrow(/is for "development", not "production"/);
  });
});
