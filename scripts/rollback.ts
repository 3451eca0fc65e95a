/**
 * `npm run rollback [-- VERSION_ID] [--message TEXT] [--dry-run]`: sends all
 * production traffic back to the previous version (or to VERSION_ID). D1
 * migrations are not undone, which is why every migration must keep the
 * previous version working (docs/operations.md).
 */
import { parseCommandLine, parseVersionId, runCli, UsageError } from "./deploy-cli";
import { shellFor } from "./deploy-shell";
import { commands, deployTarget } from "./deploy-steps";

export const usage = `Usage: npm run rollback [-- VERSION_ID] [--message TEXT] [--dry-run]
  VERSION_ID  the production version to return to (default: the one deployed before the current one)
  TEXT        why, kept with the deployment (default: "Rolled back with npm run rollback")`;

export async function rollback(argv: string[]): Promise<void> {
  const { dryRun, positionals, message } = parseCommandLine(argv, { acceptsMessage: true });
  if (positionals.length > 1) throw new UsageError("rollback takes at most one version id.");
  const versionId = positionals[0] === undefined ? undefined : parseVersionId(positionals[0]);
  const production = await deployTarget("production");
  await shellFor(dryRun).run(commands.rollback(production, versionId, message ?? "Rolled back with npm run rollback"));
}

if (import.meta.main) process.exitCode = await runCli(usage, () => rollback(process.argv.slice(2)));
