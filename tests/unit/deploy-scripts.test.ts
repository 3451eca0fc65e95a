/**
 * The deploy scripts' --dry-run output: the exact commands, in order, that a
 * real run would take (a real run prints the same `$ ` lines and runs them),
 * and their argument checks. The scripts' entry functions run in this
 * process (wrangler, which they read wrangler.toml with, takes seconds to
 * load); one run in a child process checks the exit code operators see.
 */
import { execFile } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildIncludesDevTools } from "../../build-environment";
import type { GitState } from "../../scripts/deploy-cli";
import { parsePercent, parseVersionId, runCli, UsageError } from "../../scripts/deploy-cli";
import { deployPreview, usage as deployPreviewUsage } from "../../scripts/deploy-preview";
import { formatCommand, type Shell } from "../../scripts/deploy-shell";
import { promote, usage as promoteUsage } from "../../scripts/promote";
import { type Migration, migrationFiles } from "../../scripts/release-gates";
import { rollback, usage as rollbackUsage } from "../../scripts/rollback";
import { secret, usage as secretUsage } from "../../scripts/secret";
import { offlineWranglerEnv } from "../../scripts/wrangler-env";
import { parseVersionUpload, versionToKeep } from "../../scripts/wrangler-output";

const VERSION = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
const OLD_VERSION = "9e8d7c6b-5a49-4837-a261-50f4e3d2c1b0";

interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The printed commands, without their `$ `. */
  commands: string[];
}

const scripts = {
  "deploy-preview": [deployPreviewUsage, deployPreview],
  promote: [promoteUsage, promote],
  rollback: [rollbackUsage, rollback],
  secret: [secretUsage, secret],
} as const;

/** A clean checkout of this commit, as the scripts see git (a real one may be dirty while a person works). */
const CLEAN = { commit: "abc123def456", dirty: false };

/** Runs a script as its command line does, capturing what it prints. */
/**
 * The migrations a release carries unless a test says otherwise: an ordinary one, no gate. The gates
 * have their own tests below, and one reads the repository's own migrations.
 */
const ORDINARY: Migration[] = [{ file: "0001_first.sql", sql: "CREATE TABLE `a` (`id` integer);" }];

async function runScript(
  script: keyof typeof scripts,
  argv: string[],
  given: { git?: GitState; shell?: Shell; confirm?: () => Promise<string>; migrations?: Migration[] } = { git: CLEAN },
): Promise<ScriptRun> {
  const deps = { migrations: ORDINARY, ...given };
  const [usage, main] = scripts[script];
  const stdout: string[] = [];
  const stderr: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void stdout.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void stderr.push(args.join(" ")));
  const code = await runCli(usage, () => main(argv, deps));
  vi.restoreAllMocks();
  const out = stdout.join("\n");
  return {
    code,
    stdout: out,
    stderr: stderr.join("\n"),
    commands: out
      .split("\n")
      .filter((l) => l.startsWith("$ "))
      .map((l) => l.slice(2)),
  };
}

afterEach(() => vi.restoreAllMocks());
// The first script to read wrangler.toml loads wrangler.
beforeAll(() => runScript("rollback", ["--dry-run"]), 60_000);

/** Production commands the scripts print, as an operator reads them. */
const STATUS = "npx wrangler deployments status --env production --json -c wrangler.toml";
const DEPLOYMENTS = "npx wrangler deployments list --env production --json -c wrangler.toml";
const VERSIONS = "npx wrangler versions list --env production --json -c wrangler.toml";
const RESTORE_POINT = "npx wrangler d1 time-travel info ridgeline-production --env production --json -c wrangler.toml";
const MIGRATE =
  "CI=true npx wrangler d1 migrations apply ridgeline-production --remote --env production -c wrangler.toml";
const SMOKE = "npx tsx scripts/smoke.ts https://ridgelinecredit.example";
/** The migrations production has applied, read before the release gates (db/release-gates.ts). */
const APPLIED =
  "npx wrangler d1 execute ridgeline-production --remote --env production --json --command 'SELECT name FROM d1_migrations' -c wrangler.toml";

const indexOf = (commands: string[], pattern: RegExp) => commands.findIndex((c) => pattern.test(c));

describe("npm run deploy:preview --dry-run", () => {
  it("builds for preview, migrates the preview database, then uploads and serves the version on the preview Worker", async () => {
    const { code, commands } = await runScript("deploy-preview", ["--dry-run"]);
    expect(code).toBe(0);
    const build = indexOf(commands, /^CLOUDFLARE_ENV=preview npx react-router build$/);
    const migrate = indexOf(
      commands,
      /^CI=true npx wrangler d1 migrations apply ridgeline-preview --remote --env preview -c wrangler\.toml$/,
    );
    const upload = indexOf(commands, /^npx wrangler versions upload --env preview( --tag \S+)?$/);
    const serve = indexOf(
      commands,
      /^npx wrangler versions deploy PREVIEW_VERSION_ID@100 --env preview -y -c wrangler\.toml$/,
    );
    expect([build, migrate, upload, serve].every((i) => i >= 0)).toBe(true);
    expect(build).toBeLessThan(migrate);
    expect(migrate).toBeLessThan(upload);
    expect(upload).toBeLessThan(serve);
  });

  it("then stages the same commit in production without migrating or serving it", async () => {
    const { commands, stdout } = await runScript("deploy-preview", ["--dry-run"]);
    const serve = indexOf(commands, /versions deploy .* --env preview/);
    const build = indexOf(commands, /^CLOUDFLARE_ENV=production npx react-router build$/);
    const upload = indexOf(commands, /^npx wrangler versions upload --env production( --tag \S+)?$/);
    const smoked = indexOf(
      commands,
      /^npx tsx scripts\/smoke\.ts https:\/\/ridgeline-credit-preview\.ridgeline\.workers\.dev$/,
    );
    // The preview passes the smoke check before production gets a version of it.
    expect(serve).toBeLessThan(smoked);
    expect(smoked).toBeLessThan(build);
    expect(build).toBeLessThan(upload);
    expect(commands.filter((c) => /--env production/.test(c))).toHaveLength(1);
    expect(commands).toHaveLength(8);
    expect(stdout).toContain("npm run promote -- PRODUCTION_VERSION_ID 10");
    expect(stdout).toContain("https://ridgeline-credit-preview.ridgeline.workers.dev");
  });
});

describe("npm run promote --dry-run", () => {
  it("applies the production migrations, then gives the version its share and the serving version the rest", async () => {
    const { code, commands } = await runScript("promote", [VERSION, "10", "--dry-run"]);
    expect(code).toBe(0);
    expect(commands).toEqual([
      `npx wrangler versions view ${VERSION} --env production --json -c wrangler.toml`,
      APPLIED,
      RESTORE_POINT,
      MIGRATE,
      STATUS,
      `npx wrangler versions deploy ${VERSION}@10 CURRENT_VERSION_ID@90 --env production -y -c wrangler.toml`,
      SMOKE,
    ]);
  });

  it("at 100% (the default) deploys the version alone, after the migrations", async () => {
    const { code, commands } = await runScript("promote", [VERSION, "--dry-run"]);
    expect(code).toBe(0);
    expect(commands).toEqual([
      `npx wrangler versions view ${VERSION} --env production --json -c wrangler.toml`,
      APPLIED,
      RESTORE_POINT,
      MIGRATE,
      `npx wrangler versions deploy ${VERSION}@100 --env production -y -c wrangler.toml`,
      SMOKE,
    ]);
  });

  it("refuses a bad version id, a bad percent or no arguments with exit code 2 before any command", async () => {
    for (const [argv, message] of [
      [["v42", "10"], '"v42" is not a Worker version id'],
      [[VERSION, "0"], '"0" is not a percentage of traffic'],
      [[VERSION, "101"], '"101" is not a percentage of traffic'],
      [[], "promote takes a version id"],
      [[VERSION, "10", "50"], "promote takes a version id"],
      [[VERSION, "--percent", "10"], "Unknown option --percent"],
    ] as const) {
      const { code, commands, stderr } = await runScript("promote", [...argv, "--dry-run"]);
      expect(code).toBe(2);
      expect(commands).toEqual([]);
      expect(stderr).toContain(message);
      expect(stderr).toContain("Usage: npm run promote -- VERSION_ID [PERCENT]");
    }
  });

  it("exits with code 2 on the command line too", async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(
        "node_modules/.bin/tsx",
        ["scripts/promote.ts", "not-a-version", "--dry-run"],
        { env: { ...process.env, ...offlineWranglerEnv } },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      ),
    );
    expect(code).toBe(2);
    expect(stderr).toContain('"not-a-version" is not a Worker version id');
  }, 30_000);
});

/** A shell that prints each command as a real run does and answers `versions view` as wrangler would (or fails). */
function fakeShell(view: (command: string) => string): Shell {
  return {
    dryRun: false,
    async run(command) {
      console.log(`$ ${formatCommand(command)}`);
    },
    async read(command) {
      const line = formatCommand(command);
      console.log(`$ ${line}`);
      if (line.includes("versions view")) return view(line);
      if (line.includes("time-travel info"))
        return JSON.stringify({ bookmark: "00000085-0000024c-00004c6d-8e61117bf38d7adb" });
      return JSON.stringify({ versions: [{ version_id: OLD_VERSION, percentage: 100 }] });
    },
  };
}

const viewTagged = (tag: string | null) => () =>
  JSON.stringify({ id: VERSION, annotations: tag === null ? {} : { "workers/tag": tag } });

describe("promote and deploy:preview check what they release before touching anything (issue 21)", () => {
  it("refuse a working tree with changes, before any command", async () => {
    const dirty = { git: { commit: CLEAN.commit, dirty: true } };
    for (const [script, argv] of [
      ["promote", [VERSION, "--dry-run"]],
      ["deploy-preview", ["--dry-run"]],
    ] as const) {
      const { code, commands, stderr } = await runScript(script, [...argv], dirty);
      expect([code, commands]).toEqual([1, []]);
      expect(stderr).toContain("the working tree has changes");
    }
  });

  it("promote refuses a version production does not have (a preview id, a typo), migrating nothing", async () => {
    const shell = fakeShell(() => {
      throw new Error("wrangler: version not found");
    });
    const { code, commands, stderr } = await runScript("promote", [VERSION], { git: CLEAN, shell });
    expect(code).toBe(1);
    expect(commands).toEqual([`npx wrangler versions view ${VERSION} --env production --json -c wrangler.toml`]);
    expect(stderr).toContain(`${VERSION} is not a version of ridgeline-credit`);
  });

  it("promote refuses a version built from another commit than the one checked out, or untagged", async () => {
    for (const tag of ["0123456789ab", null]) {
      const shell = fakeShell(viewTagged(tag));
      const { code, commands, stderr } = await runScript("promote", [VERSION, "10"], { git: CLEAN, shell });
      expect(code).toBe(1);
      expect(commands.some((c) => c.includes("migrations apply"))).toBe(false);
      expect(stderr).toContain(`but ${CLEAN.commit} is checked out`);
    }
  });

  it("promote of the checked-out commit's version migrates, then deploys", async () => {
    const shell = fakeShell(viewTagged(CLEAN.commit));
    const { code, commands, stdout } = await runScript("promote", [VERSION, "10"], { git: CLEAN, shell });
    expect(code).toBe(0);
    expect(stdout).toContain(
      "npx wrangler d1 time-travel restore ridgeline-production --bookmark=00000085-0000024c-00004c6d-8e61117bf38d7adb --env production",
    );
    expect(commands).toEqual([
      `npx wrangler versions view ${VERSION} --env production --json -c wrangler.toml`,
      APPLIED,
      RESTORE_POINT,
      MIGRATE,
      STATUS,
      `npx wrangler versions deploy ${VERSION}@10 ${OLD_VERSION}@90 --env production -y -c wrangler.toml`,
      SMOKE,
    ]);
  });

  it("promote stops and offers the rollback when the smoke check fails after a step", async () => {
    const shell = fakeShell(viewTagged(CLEAN.commit));
    const failing: Shell = {
      ...shell,
      async run(command) {
        await shell.run(command);
        if (formatCommand(command).includes("scripts/smoke.ts")) throw new Error("exit 1");
      },
    };
    const { code, stderr } = await runScript("promote", [VERSION, "10"], { git: CLEAN, shell: failing });
    expect(code).toBe(1);
    expect(stderr).toContain(`The smoke check failed with ${VERSION} at 10% of production`);
    expect(stderr).toContain("npm run rollback -- --message");
  });
});

describe("npm run rollback --dry-run", () => {
  it("reads what it would change, then rolls production back to the previous version with a message", async () => {
    const { code, commands } = await runScript("rollback", ["--dry-run"]);
    expect(code).toBe(0);
    expect(commands).toEqual([
      STATUS,
      DEPLOYMENTS,
      "npx wrangler rollback --env production --message 'Rolled back with npm run rollback' -y -c wrangler.toml",
    ]);
  });

  it("or to a given version, with the operator's message; a bad id exits 2", async () => {
    expect((await runScript("rollback", [VERSION, "--message", "payments page broken", "--dry-run"])).commands).toEqual(
      [
        STATUS,
        `npx wrangler rollback ${VERSION} --env production --message 'payments page broken' -y -c wrangler.toml`,
      ],
    );
    const bad = await runScript("rollback", ["latest", "--dry-run"]);
    expect(bad.code).toBe(2);
    expect(bad.commands).toEqual([]);
  });
});

describe("npm run rollback shows what it changes and asks first (issue 21)", () => {
  const deployments = JSON.stringify([
    { versions: [{ version_id: OLD_VERSION, percentage: 100 }] },
    { versions: [{ version_id: "1111aaaa-2222-4333-8444-555566667777", percentage: 100 }] },
    { versions: [{ version_id: VERSION, percentage: 100 }] },
  ]);
  const view = (id: string, tag: string, secrets: string[]) =>
    JSON.stringify({
      id,
      annotations: { "workers/tag": tag },
      resources: { bindings: secrets.map((name) => ({ type: "secret_text", name })) },
    });
  const shell = () =>
    answeringShell({
      "deployments status": statusOf([VERSION, 100]),
      "deployments list": deployments,
      [`versions view ${VERSION}`]: view(VERSION, "bbbbbbbbbbbb", ["PARTNER_SECRET_ACME", "SSN_ENCRYPTION_KEY"]),
      "versions view 1111aaaa": view("1111aaaa-2222-4333-8444-555566667777", "aaaaaaaaaaaa", [
        "PARTNER_NEXT_SECRET_ACME",
        "SSN_ENCRYPTION_KEY",
      ]),
    });

  it("names the version and commit it returns to and the secrets that change, then rolls back once confirmed", async () => {
    const { code, commands, stdout } = await runScript("rollback", [], {
      shell: shell(),
      confirm: async () => "rollback",
    });
    expect(code).toBe(0);
    expect(stdout).toContain(`from ${VERSION} (commit bbbbbbbbbbbb)`);
    expect(stdout).toContain("to   1111aaaa-2222-4333-8444-555566667777 (commit aaaaaaaaaaaa)");
    expect(stdout).toContain("secrets that go: PARTNER_SECRET_ACME");
    expect(stdout).toContain("secrets that come back: PARTNER_NEXT_SECRET_ACME");
    expect(stdout).toContain("(a secret put since is undone): SSN_ENCRYPTION_KEY");
    expect(commands.at(-1)).toBe(
      "npx wrangler rollback 1111aaaa-2222-4333-8444-555566667777 --env production --message 'Rolled back with npm run rollback' -y -c wrangler.toml",
    );
  });

  it("changes nothing unless 'rollback' is typed; --yes skips the question", async () => {
    const refused = await runScript("rollback", [], { shell: shell(), confirm: async () => "yes" });
    expect(refused.code).toBe(1);
    expect(refused.commands.some((c) => c.startsWith("npx wrangler rollback"))).toBe(false);
    expect(refused.stderr).toContain("Not confirmed: nothing was changed.");
    const yes = await runScript("rollback", ["--yes"], {
      shell: shell(),
      confirm: async () => {
        throw new Error("asked");
      },
    });
    expect(yes.code).toBe(0);
    expect(yes.commands.at(-1)).toMatch(/^npx wrangler rollback 1111aaaa/);
  });
});

describe("deploy script helpers", () => {
  it("percent: whole numbers 1 to 100, with or without %", () => {
    expect(parsePercent("1")).toBe(1);
    expect(parsePercent("25%")).toBe(25);
    expect(parsePercent("100")).toBe(100);
    for (const bad of ["0", "101", "12.5", "-5", "ten", ""]) expect(() => parsePercent(bad), bad).toThrow(UsageError);
  });

  it("version ids are lowercase UUIDs", () => {
    expect(parseVersionId(VERSION)).toBe(VERSION);
    for (const bad of [VERSION.toUpperCase(), VERSION.slice(1), `${VERSION}@10`])
      expect(() => parseVersionId(bad)).toThrow(UsageError);
  });

  it("reads the version id, and the preview URL when there is one, from wrangler versions upload", () => {
    const output = `Uploaded ridgeline-credit-preview (3.2 sec)\nWorker Version ID: ${VERSION}\nVersion Preview URL: https://0f1e2d3c-ridgeline-credit-preview.ridgeline.workers.dev\n`;
    expect(parseVersionUpload(output)).toEqual({
      versionId: VERSION,
      previewUrl: "https://0f1e2d3c-ridgeline-credit-preview.ridgeline.workers.dev",
    });
    expect(parseVersionUpload(`Worker Version ID: ${VERSION}\n`)).toEqual({ versionId: VERSION });
    expect(() => parseVersionUpload("Uploaded ridgeline-credit (1 sec)\n")).toThrow(/no Worker Version ID/);
  });

  it("keeps the version serving the most traffic other than the one promoted", () => {
    const status = (versions: Array<[string, number]>) =>
      `Fetching...\n${JSON.stringify({ id: "d1", versions: versions.map(([version_id, percentage]) => ({ version_id, percentage })) })}\n`;
    expect(versionToKeep(status([[OLD_VERSION, 100]]), VERSION)).toBe(OLD_VERSION);
    expect(
      versionToKeep(
        status([
          [VERSION, 10],
          [OLD_VERSION, 90],
        ]),
        VERSION,
      ),
    ).toBe(OLD_VERSION);
    expect(() => versionToKeep(status([[VERSION, 100]]), VERSION)).toThrow(/already serves all traffic/);
  });

  it("prints commands as they would be typed", () => {
    expect(
      formatCommand({ env: { CI: "true" }, argv: ["npx", "wrangler", "rollback", "--message", "it's broken"] }),
    ).toBe("CI=true npx wrangler rollback --message 'it'\\''s broken'");
  });

  it("development tools go only into development builds", () => {
    expect(buildIncludesDevTools(undefined)).toBe(true);
    expect(buildIncludesDevTools("development")).toBe(true);
    expect(buildIncludesDevTools("preview")).toBe(false);
    expect(buildIncludesDevTools("production")).toBe(false);
    expect(buildIncludesDevTools("staging")).toBe(false);
  });
});

/** A shell answering wrangler's reads from `answers` (by what the command line contains), printing as a real run does. */
function answeringShell(answers: Record<string, string>): Shell {
  return {
    dryRun: false,
    async run(command) {
      console.log(`$ ${formatCommand(command)}`);
    },
    async read(command) {
      const line = formatCommand(command);
      console.log(`$ ${line}`);
      const key = Object.keys(answers).find((k) => line.includes(k));
      if (key === undefined) throw new Error(`no answer for ${line}`);
      return answers[key];
    },
  };
}

const statusOf = (...versions: Array<[string, number]>) =>
  JSON.stringify({ versions: versions.map(([version_id, percentage]) => ({ version_id, percentage })) });
const listOf = (...ids: string[]) =>
  JSON.stringify(ids.map((id, i) => ({ id, metadata: { created_on: `2026-11-2${i}T10:00:00Z` } })));

describe("npm run secret (issue 21)", () => {
  it("--dry-run prints the release check, then the secret command", async () => {
    const { code, commands } = await runScript("secret", [
      "put",
      "PARTNER_SECRET_ACME",
      "--env",
      "production",
      "--dry-run",
    ]);
    expect(code).toBe(0);
    expect(commands).toEqual([
      STATUS,
      VERSIONS,
      "npx wrangler secret put PARTNER_SECRET_ACME --env production -c wrangler.toml",
    ]);
  });

  it("refuses while a release is in flight (a ramp, or a version staged and not deployed), changing nothing", async () => {
    const ramp = answeringShell({
      "deployments status": statusOf([VERSION, 10], [OLD_VERSION, 90]),
      "versions list": listOf(OLD_VERSION, VERSION),
    });
    const staged = answeringShell({
      "deployments status": statusOf([OLD_VERSION, 100]),
      "versions list": listOf(OLD_VERSION, VERSION),
    });
    for (const shell of [ramp, staged]) {
      const { code, commands, stderr } = await runScript(
        "secret",
        ["delete", "PARTNER_NEXT_SECRET_ACME", "--env", "production"],
        { shell },
      );
      expect(code).toBe(1);
      expect(commands.some((c) => c.includes("secret delete"))).toBe(false);
      expect(stderr).toContain("A release is in flight in production");
      expect(stderr).toContain("Nothing was changed.");
    }
  });

  it("runs wrangler's secret command when the newest version serves all traffic", async () => {
    const shell = answeringShell({
      "deployments status": statusOf([VERSION, 100]),
      "versions list": listOf(OLD_VERSION, VERSION),
    });
    const { code, commands } = await runScript("secret", ["put", "SESSION_SEAL_KEY", "--env", "preview"], { shell });
    expect(code).toBe(0);
    expect(commands.at(-1)).toBe("npx wrangler secret put SESSION_SEAL_KEY --env preview -c wrangler.toml");
  });

  it("lists the secrets of the version serving now, not the staged one's", async () => {
    const view = JSON.stringify({
      id: OLD_VERSION,
      resources: {
        bindings: [
          { type: "secret_text", name: "SSN_ENCRYPTION_KEY" },
          { type: "d1", name: "DB" },
          { type: "secret_text", name: "PARTNER_SECRET_ACME" },
        ],
      },
    });
    const shell = answeringShell({
      "deployments status": statusOf([OLD_VERSION, 100]),
      "versions list": listOf(OLD_VERSION, VERSION),
      "versions view": view,
    });
    const { code, commands, stdout } = await runScript("secret", ["list", "--env", "production"], { shell });
    expect(code).toBe(0);
    expect(commands).toContain(`npx wrangler versions view ${OLD_VERSION} --env production --json -c wrangler.toml`);
    expect(stdout).toContain(
      `Secrets of ${OLD_VERSION} (100% of https://ridgelinecredit.example):\nPARTNER_SECRET_ACME\nSSN_ENCRYPTION_KEY`,
    );
  });

  it("refuses a missing environment, a bad verb or a bad name with exit code 2 before any command", async () => {
    for (const argv of [
      ["put", "X"],
      ["rotate", "X", "--env", "production"],
      ["put", "lower", "--env", "production"],
      ["put", "--env", "staging"],
    ]) {
      const { code, commands, stderr } = await runScript("secret", [...argv, "--dry-run"]);
      expect([code, commands]).toEqual([2, []]);
      expect(stderr).toContain("Usage: npm run secret");
    }
  });
});

describe("a migration that waits for the data: its release gate (db/release-gates.ts)", () => {
  const DROP = {
    file: "0099_drop_line_tables.sql",
    sql: "-- release gate: every-line-moved\nDROP TABLE `ledger_entries`;",
  };
  const EARLIER = { file: "0001_first.sql", sql: "CREATE TABLE `a` (`id` integer);" };
  const GATE =
    /--command 'SELECT COUNT\(\*\) AS n FROM lines WHERE status != '\\''moved'\\'' AND opened_at IS NOT NULL'/;

  /** Production as wrangler answers it: these migrations applied, and this many lines not yet moved. */
  function productionWith(applied: string[], unmoved: number): Shell {
    const shell = fakeShell(viewTagged(CLEAN.commit));
    const rows = (results: unknown[]) => JSON.stringify([{ results, success: true }]);
    return {
      ...shell,
      async read(command) {
        const line = formatCommand(command);
        const answer = line.includes("d1_migrations")
          ? rows(applied.map((name) => ({ name })))
          : line.includes("FROM lines")
            ? rows([{ n: unmoved }])
            : null;
        if (answer === null) return shell.read(command);
        console.log(`$ ${line}`);
        return answer;
      },
    };
  }

  it("promote refuses while an opened line is not moved, before the restore point or any migration", async () => {
    const shell = productionWith([EARLIER.file], 3);
    const run = await runScript("promote", [VERSION], { git: CLEAN, shell, migrations: [EARLIER, DROP] });
    expect(run.code).toBe(1);
    expect(run.commands.at(-1)).toMatch(GATE);
    expect(run.commands.some((c) => c.includes("time-travel") || c.includes("migrations apply"))).toBe(false);
    expect(run.stderr).toContain(
      '0099_drop_line_tables.sql waits for its release gate "every-line-moved" in production: 3 opened lines still keep their rows in the shared database.',
    );
    expect(run.stderr).toContain("Nothing was changed.");
  });

  it("goes on once every line is moved, and asks nothing once the migration is applied", async () => {
    const open = await runScript("promote", [VERSION], {
      git: CLEAN,
      shell: productionWith([EARLIER.file], 0),
      migrations: [EARLIER, DROP],
    });
    expect(open.code).toBe(0);
    expect(open.commands.filter((c) => GATE.test(c))).toHaveLength(1);
    expect(open.commands).toContain(MIGRATE);
    const applied = await runScript("promote", [VERSION], {
      git: CLEAN,
      shell: productionWith([EARLIER.file, DROP.file], 5),
      migrations: [EARLIER, DROP],
    });
    expect(applied.code).toBe(0);
    expect(applied.commands.some((c) => GATE.test(c))).toBe(false);
  });

  it("deploy:preview asks the preview database the same, before its migrations", async () => {
    // A dry run's shell, answering all the same: the build it would check is not made here.
    const shell = { ...productionWith([], 1), dryRun: true };
    const run = await runScript("deploy-preview", [], { git: CLEAN, shell, migrations: [DROP] });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('release gate "every-line-moved" in preview: 1 opened line still keeps its rows');
    expect(run.commands.some((c) => c.includes("migrations apply"))).toBe(false);
  });

  describe("this repository's drop of the line tables (0027, then 0028)", () => {
    const own = migrationFiles();
    const names = own.map((m) => m.file);
    const upTo = (file: string) => names.slice(0, names.indexOf(file));
    const NO_LINE_SERVED = "0027_no_line_served_from_d1.sql";
    const DROP_LINE_TABLES = "0028_drop_line_tables.sql";

    it("never ships the drop with the release that stopped reading the tables", async () => {
      const run = await runScript("promote", [VERSION], {
        git: CLEAN,
        shell: productionWith(upTo(NO_LINE_SERVED), 0),
        migrations: own,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${DROP_LINE_TABLES} drops ledger_entries, unused since 0027_no_line_served_from_d1, which this release would apply too: the version serving production now still reads it.`,
      );
      expect(run.commands.some((c) => c.includes("migrations apply") || c.includes("time-travel"))).toBe(false);
    });

    it("the release that serves no line from D1 waits for the last line to be moved", async () => {
      const run = await runScript("promote", [VERSION], {
        git: CLEAN,
        shell: productionWith(upTo(NO_LINE_SERVED), 2),
        migrations: own.filter((m) => m.file !== DROP_LINE_TABLES),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `${NO_LINE_SERVED} waits for its release gate "every-line-moved" in production: 2 opened lines`,
      );
    });

    it("the drop goes once that release serves and no line is left in D1; a new database takes both at once", async () => {
      const after = await runScript("promote", [VERSION], {
        git: CLEAN,
        shell: productionWith(upTo(DROP_LINE_TABLES), 0),
        migrations: own,
      });
      expect(after.code).toBe(0);
      expect(after.commands).toContain(MIGRATE);
      const fresh = await runScript("promote", [VERSION], {
        git: CLEAN,
        shell: productionWith([], 0),
        migrations: own,
      });
      expect(fresh.code).toBe(0);
    });
  });

  it("a gate no one defined is the migration's mistake, refused before anything is asked", async () => {
    const typo = { file: "0100_typo.sql", sql: "-- release gate: every-lines-moved\nSELECT 1;" };
    const run = await runScript("promote", [VERSION], {
      git: CLEAN,
      shell: productionWith([], 0),
      migrations: [typo],
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('0100_typo.sql: no release gate is named "every-lines-moved"');
    expect(run.commands.some((c) => c.includes("FROM lines") || c.includes("migrations apply"))).toBe(false);
  });
});
