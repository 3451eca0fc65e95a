/**
 * `npm run rollback [-- VERSION_ID] [--message TEXT] [--yes] [--dry-run]`:
 * sends all production traffic back to the previous version (or to
 * VERSION_ID). D1 migrations are not undone, which is why every migration
 * must keep the previous version working (docs/operations.md).
 *
 * Secrets belong to versions: a rollback brings back the secrets the target
 * version had (issue 21). So before anything changes it shows what the
 * rollback changes (the code version and commit; the secrets that go, come
 * back, or return to that version's values) and asks for "rollback" typed,
 * unless --yes.
 */
import { createInterface } from "node:readline/promises";
import { parseCommandLine, parseVersionId, runCli, UsageError } from "./deploy-cli";
import { type Shell, shellFor } from "./deploy-shell";
import { commands, type DeployTarget, deployTarget } from "./deploy-steps";
import { previousVersion, servingVersions, versionSecrets, versionTag } from "./wrangler-output";

export const usage = `Usage: npm run rollback [-- VERSION_ID] [--message TEXT] [--yes] [--dry-run]
  VERSION_ID  the production version to return to (default: the one deployed before the current one)
  TEXT        why, kept with the deployment (default: "Rolled back with npm run rollback")
  --yes       no typed confirmation (scripts; the plan is still printed)`;

async function askTyped(): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await terminal.question('Type "rollback" to go on: ');
  } finally {
    terminal.close();
  }
}

/** What the rollback changes, read from wrangler; null in a dry run. */
async function plan(shell: Shell, production: DeployTarget, requested: string | undefined) {
  const status = await shell.read(commands.deploymentStatus(production));
  const target = requested ?? (await shell.read(commands.listDeployments(production)));
  if (status === undefined || target === undefined) return null;
  const to = requested ?? previousVersion(target);
  if (!to) throw new Error("No earlier deployment to roll back to: give a VERSION_ID. Nothing was changed.");
  const from = servingVersions(status).sort((a, b) => b.percent - a.percent)[0]!.versionId;
  const [fromView, toView] = [
    await shell.read(commands.viewVersion(production, from)),
    await shell.read(commands.viewVersion(production, to)),
  ];
  const now = versionSecrets(fromView!);
  const then = versionSecrets(toView!);
  return {
    to,
    lines: [
      `Rollback of production (${production.url}):`,
      `  from ${from} (commit ${versionTag(fromView!) ?? "untagged"})`,
      `  to   ${to} (commit ${versionTag(toView!) ?? "untagged"})`,
      `  secrets that go: ${now.filter((n) => !then.includes(n)).join(", ") || "none"}`,
      `  secrets that come back: ${then.filter((n) => !now.includes(n)).join(", ") || "none"}`,
      `  secrets that return to ${to}'s values (a secret put since is undone): ${then.filter((n) => now.includes(n)).join(", ") || "none"}`,
      "  D1 migrations are not undone.",
    ],
  };
}

export async function rollback(
  argv: string[],
  deps: { shell?: Shell; confirm?: () => Promise<string> } = {},
): Promise<void> {
  const { dryRun, yes, positionals, message } = parseCommandLine(argv, { acceptsMessage: true });
  if (positionals.length > 1) throw new UsageError("rollback takes at most one version id.");
  const versionId = positionals[0] === undefined ? undefined : parseVersionId(positionals[0]);
  const production = await deployTarget("production");
  const shell = deps.shell ?? shellFor(dryRun);
  const planned = await plan(shell, production, versionId);
  if (planned) {
    console.log(planned.lines.join("\n"));
    if (!yes && (await (deps.confirm ?? askTyped)()).trim() !== "rollback")
      throw new Error("Not confirmed: nothing was changed.");
  }
  await shell.run(
    commands.rollback(production, planned?.to ?? versionId, message ?? "Rolled back with npm run rollback"),
  );
}

if (import.meta.main) process.exitCode = await runCli(usage, () => rollback(process.argv.slice(2)));
