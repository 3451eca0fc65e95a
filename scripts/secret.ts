/**
 * `npm run secret -- put|delete|list NAME --env preview|production [--dry-run]`
 * (issue 21): secrets that work with Worker versions.
 *
 * `wrangler secret put` and `delete` refuse while a release is in flight
 * (a version uploaded and not deployed, or a ramp below 100%), and `wrangler
 * versions secret put` would copy the staged, unreleased code. So this
 * script looks first:
 * - no release in flight: it runs `wrangler secret put|delete`, which makes
 *   a new version with the change serving all traffic;
 * - a release in flight: it refuses, names the versions, and says how to end
 *   the release (promote to 100%, or roll back) before running it again.
 * `list` names the secrets of the version serving now (not the staged one's,
 * which is what `wrangler secret list` would show during a release).
 */
import { parseCommandLine, runCli, UsageError } from "./deploy-cli";
import { type Shell, shellFor } from "./deploy-shell";
import { commands, type DeployTarget, deployTarget } from "./deploy-steps";
import { newestVersion, servingVersions, versionSecrets } from "./wrangler-output";

export const usage = `Usage: npm run secret -- put|delete|list [NAME] --env preview|production [--dry-run]
  put NAME     set a secret (wrangler asks for the value): a new version serving all traffic
  delete NAME  remove a secret: the same
  list         the secrets' names of the version serving now`;

const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

function parse(argv: string[]) {
  const envAt = argv.indexOf("--env");
  const environment = envAt >= 0 ? argv[envAt + 1] : undefined;
  const rest = envAt >= 0 ? [...argv.slice(0, envAt), ...argv.slice(envAt + 2)] : argv;
  const { dryRun, positionals } = parseCommandLine(rest);
  const [verb, name] = positionals;
  if (environment !== "preview" && environment !== "production")
    throw new UsageError("secret needs --env preview or --env production.");
  if (verb !== "put" && verb !== "delete" && verb !== "list") throw new UsageError("secret takes put, delete or list.");
  if (verb !== "list" && (!name || !SECRET_NAME.test(name)))
    throw new UsageError(`"${name ?? ""}" is not a secret name: upper-case letters, digits and _.`);
  if (positionals.length > (verb === "list" ? 1 : 2)) throw new UsageError("secret: too many arguments.");
  return { dryRun, verb, name: name ?? "", environment } as const;
}

/** The serving versions, and the newest upload when it serves nothing (a staged release). */
async function releaseState(shell: Shell, target: DeployTarget) {
  const status = await shell.read(commands.deploymentStatus(target));
  const list = await shell.read(commands.listVersions(target));
  if (status === undefined || list === undefined) return null;
  const serving = servingVersions(status);
  const newest = newestVersion(list);
  const staged = newest !== null && !serving.some((v) => v.versionId === newest) ? newest : null;
  return { serving, staged };
}

export async function secret(argv: string[], deps: { shell?: Shell } = {}): Promise<void> {
  const { dryRun, verb, name, environment } = parse(argv);
  const shell = deps.shell ?? shellFor(dryRun);
  const target = await deployTarget(environment);
  const state = await releaseState(shell, target);
  if (verb === "list") {
    const main = state?.serving.sort((a, b) => b.percent - a.percent)[0];
    const view = main ? await shell.read(commands.viewVersion(target, main.versionId)) : undefined;
    if (!main || view === undefined) return void console.log("Dry run: the serving version's secrets would be listed.");
    console.log(
      `Secrets of ${main.versionId} (${main.percent}% of ${target.url}):\n${versionSecrets(view).join("\n")}`,
    );
    return;
  }
  if (state && (state.serving.length > 1 || state.staged)) {
    const serving = state.serving.map((v) => `${v.versionId} at ${v.percent}%`).join(", ");
    throw new Error(
      `A release is in flight in ${environment}: serving ${serving}${state.staged ? `; ${state.staged} is uploaded and not deployed` : ""}. ` +
        "wrangler would refuse this change, and `versions secret put` would copy the unreleased code. " +
        `End the release first: npm run promote -- <VERSION_ID> (100%), or npm run rollback; then run this again. Nothing was changed.`,
    );
  }
  await shell.run(commands.secret(target, verb, name));
  console.log(
    `\n${dryRun ? "Dry run: nothing changed. " : ""}${name} ${verb === "put" ? "set" : "deleted"} in ${environment}: a new version with it serves all traffic. A staged release made before this does not have it: stage it again (npm run deploy:preview).`,
  );
}

if (import.meta.main) process.exitCode = await runCli(usage, () => secret(process.argv.slice(2)));
