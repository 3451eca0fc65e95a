/**
 * `npm run promote -- VERSION_ID [PERCENT] [--dry-run]`: applies the
 * production D1 migrations, then sends PERCENT (default 100) of production
 * traffic to VERSION_ID; below 100 the version serving now keeps the rest.
 * Run it again with a higher percent to ramp up; 100 completes the release.
 */
import { parseCommandLine, parsePercent, parseVersionId, runCli, UsageError } from "./deploy-cli";
import { shellFor } from "./deploy-shell";
import { commands, deployTarget, type Traffic } from "./deploy-steps";
import { versionToKeep } from "./wrangler-output";

export const usage = `Usage: npm run promote -- VERSION_ID [PERCENT] [--dry-run]
  VERSION_ID  a production version id (npm run deploy:preview prints it)
  PERCENT     whole percent of production traffic for it, 1-100 (default 100)`;

export async function promote(argv: string[]): Promise<void> {
  const { dryRun, positionals } = parseCommandLine(argv);
  if (positionals.length < 1 || positionals.length > 2)
    throw new UsageError("promote takes a version id and an optional percent.");
  const versionId = parseVersionId(positionals[0]!);
  const percent = positionals[1] === undefined ? 100 : parsePercent(positionals[1]);
  const shell = shellFor(dryRun);
  const production = await deployTarget("production");

  // Migrations first: the version serving now must keep working on the new schema (docs/operations.md).
  await shell.run(commands.applyMigrations(production));
  const traffic: Traffic[] = [{ versionId, percent }];
  if (percent < 100) {
    const status = await shell.read(commands.deploymentStatus(production));
    traffic.push({
      versionId: status === undefined ? "CURRENT_VERSION_ID" : versionToKeep(status, versionId),
      percent: 100 - percent,
    });
  }
  await shell.run(commands.deployVersions(production, traffic));
  console.log(
    `\n${dryRun ? "Dry run: nothing changed. " : ""}${traffic.map((t) => `${t.versionId}: ${t.percent}%`).join(", ")} of ${production.url}`,
  );
}

if (import.meta.main) process.exitCode = await runCli(usage, () => promote(process.argv.slice(2)));
