/**
 * The steps the deploy scripts are made of, per environment of
 * wrangler.toml. Names (Worker, D1 database, URL) are read from
 * wrangler.toml itself, so the scripts cannot drift from it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DeployedEnvironment } from "../build-environment";
import type { Command, Shell } from "./deploy-shell";
import { parseVersionUpload, type UploadedVersion } from "./wrangler-output";

const WRANGLER = ["npx", "wrangler"] as const;
/**
 * Commands that act on a Worker by name (migrations, deployments, rollback)
 * read the source configuration. Without -c wrangler would read the last
 * build's configuration, and refuses an --env other than the one it was
 * built for.
 */
const SOURCE_CONFIG = ["-c", "wrangler.toml"];

export interface DeployTarget {
  environment: DeployedEnvironment;
  workerName: string;
  database: string;
  /** Where the environment serves: its first passkey origin, which must be its public URL. */
  url: string;
}

export async function deployTarget(environment: DeployedEnvironment): Promise<DeployTarget> {
  // Loaded on first use: wrangler takes seconds to import, and a mistyped argument should fail at once.
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: "wrangler.toml", env: environment });
  const database = config.d1_databases.find(
    (d: { binding: string; database_name?: string }) => d.binding === "DB",
  )?.database_name;
  const url = String(config.vars.WEBAUTHN_ORIGINS ?? "")
    .split(",")[0]
    ?.trim();
  if (!config.name || !database || !url)
    throw new Error(`wrangler.toml: [env.${environment}] needs a name, a DB database and WEBAUTHN_ORIGINS`);
  return { environment, workerName: config.name, database, url };
}

export interface Traffic {
  versionId: string;
  percent: number;
}

export const commands = {
  build: (environment: DeployedEnvironment): Command => ({
    env: { CLOUDFLARE_ENV: environment },
    argv: ["npx", "react-router", "build"],
  }),
  // CI=true: apply without the confirmation prompt (the script is the confirmation).
  applyMigrations: (target: DeployTarget): Command => ({
    env: { CI: "true" },
    argv: [
      ...WRANGLER,
      "d1",
      "migrations",
      "apply",
      target.database,
      "--remote",
      "--env",
      target.environment,
      ...SOURCE_CONFIG,
    ],
  }),
  /** One read of the environment's database; wrangler answers JSON, one entry per statement. */
  query: (target: DeployTarget, sql: string): Command => ({
    argv: [
      ...WRANGLER,
      "d1",
      "execute",
      target.database,
      "--remote",
      "--env",
      target.environment,
      "--json",
      "--command",
      sql,
      ...SOURCE_CONFIG,
    ],
  }),
  // No -c: wrangler uploads the built output (.wrangler/deploy/config.json points at build/server/wrangler.json).
  uploadVersion: (target: DeployTarget, tag?: string): Command => ({
    argv: [...WRANGLER, "versions", "upload", "--env", target.environment, ...(tag ? ["--tag", tag] : [])],
  }),
  deployVersions: (target: DeployTarget, traffic: Traffic[]): Command => ({
    argv: [
      ...WRANGLER,
      "versions",
      "deploy",
      ...traffic.map((t) => `${t.versionId}@${t.percent}`),
      "--env",
      target.environment,
      "-y",
      ...SOURCE_CONFIG,
    ],
  }),
  /** The scripted check of a running environment (scripts/smoke.ts; SMOKE_* variables name its test borrower and sandbox partner). */
  smoke: (target: DeployTarget): Command => ({ argv: ["npx", "tsx", "scripts/smoke.ts", target.url] }),
  /** The database's current Time Travel bookmark: the point to restore to if a migration goes wrong. */
  restorePoint: (target: DeployTarget): Command => ({
    argv: [
      ...WRANGLER,
      "d1",
      "time-travel",
      "info",
      target.database,
      "--env",
      target.environment,
      "--json",
      ...SOURCE_CONFIG,
    ],
  }),
  listDeployments: (target: DeployTarget): Command => ({
    argv: [...WRANGLER, "deployments", "list", "--env", target.environment, "--json", ...SOURCE_CONFIG],
  }),
  listVersions: (target: DeployTarget): Command => ({
    argv: [...WRANGLER, "versions", "list", "--env", target.environment, "--json", ...SOURCE_CONFIG],
  }),
  secret: (target: DeployTarget, verb: "put" | "delete", name: string): Command => ({
    argv: [...WRANGLER, "secret", verb, name, "--env", target.environment, ...SOURCE_CONFIG],
    interactive: true,
  }),
  viewVersion: (target: DeployTarget, versionId: string): Command => ({
    argv: [...WRANGLER, "versions", "view", versionId, "--env", target.environment, "--json", ...SOURCE_CONFIG],
  }),
  deploymentStatus: (target: DeployTarget): Command => ({
    argv: [...WRANGLER, "deployments", "status", "--env", target.environment, "--json", ...SOURCE_CONFIG],
  }),
  rollback: (target: DeployTarget, versionId: string | undefined, message: string): Command => ({
    argv: [
      ...WRANGLER,
      "rollback",
      ...(versionId ? [versionId] : []),
      "--env",
      target.environment,
      "--message",
      message,
      "-y",
      ...SOURCE_CONFIG,
    ],
  }),
};

/** Builds for one environment, and checks the output is for it. */
export async function buildFor(
  shell: Shell,
  environment: DeployedEnvironment,
  buildDirectory = process.env.RIDGELINE_BUILD_DIR ?? "build",
): Promise<void> {
  await shell.run(commands.build(environment));
  if (!shell.dryRun) assertBuiltFor(environment, buildDirectory);
}

/**
 * A development build uploaded with --env production would go to the
 * Worker named in the build, with development's vars and tools (wrangler
 * checks the environment only for builds made for one), so the scripts
 * check the build's target themselves.
 */
export function assertBuiltFor(environment: DeployedEnvironment, buildDirectory: string): void {
  const built = JSON.parse(readFileSync(join(buildDirectory, "server", "wrangler.json"), "utf8")) as {
    targetEnvironment?: string;
  };
  if (built.targetEnvironment !== environment)
    throw new Error(
      `The build in ${buildDirectory} is for "${built.targetEnvironment ?? "development"}", not "${environment}".`,
    );
}

/** Uploads the built Worker as a new version (serving no traffic yet); a dry run answers with a placeholder id. */
export async function uploadVersion(
  shell: Shell,
  target: DeployTarget,
  tag: string | undefined,
  placeholder: string,
): Promise<UploadedVersion> {
  const output = await shell.read(commands.uploadVersion(target, tag));
  return output === undefined ? { versionId: placeholder } : parseVersionUpload(output);
}
