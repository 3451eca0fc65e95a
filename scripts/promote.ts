/**
 * `npm run promote -- VERSION_ID [PERCENT] [--dry-run]`: applies the
 * production D1 migrations, then sends PERCENT (default 100) of production
 * traffic to VERSION_ID; below 100 the version serving now keeps the rest.
 * Run it again with a higher percent to ramp up; 100 completes the release.
 *
 * Before touching D1 (issue 21) it checks that the working tree is clean,
 * that VERSION_ID is a version of the production Worker, and that its tag is
 * the checked-out commit: so the migrations applied are the ones that
 * version was built with, never a newer checkout's or a preview id's. Then
 * the release gates of the migrations not yet applied (db/release-gates.ts).
 */
import {
  type GitState,
  gitState,
  parseCommandLine,
  parsePercent,
  parseVersionId,
  releasedCommit,
  runCli,
  UsageError,
} from "./deploy-cli";
import { type Shell, shellFor } from "./deploy-shell";
import { commands, type DeployTarget, deployTarget, type Traffic } from "./deploy-steps";
import { checkReleaseGates, type Migration } from "./release-gates";
import { versionTag, versionToKeep } from "./wrangler-output";

export const usage = `Usage: npm run promote -- VERSION_ID [PERCENT] [--dry-run]
  VERSION_ID  a production version id (npm run deploy:preview prints it)
  PERCENT     whole percent of production traffic for it, 1-100 (default 100)`;

export async function promote(
  argv: string[],
  deps: { git?: GitState; shell?: Shell; migrations?: Migration[] } = {},
): Promise<void> {
  const { dryRun, positionals } = parseCommandLine(argv);
  if (positionals.length < 1 || positionals.length > 2)
    throw new UsageError("promote takes a version id and an optional percent.");
  const versionId = parseVersionId(positionals[0]!);
  const percent = positionals[1] === undefined ? 100 : parsePercent(positionals[1]);
  const commit = releasedCommit(deps.git ?? gitState(), "promote");
  const shell = deps.shell ?? shellFor(dryRun);
  const production = await deployTarget("production");
  await checkVersion(shell, production, versionId, commit);
  // A migration that waits for the data (db/release-gates.ts) stops the release here, before anything changes.
  await checkReleaseGates(shell, production, deps.migrations);

  // Wrangler takes no backup when it migrates: D1 Time Travel is the backup, from this bookmark (docs/runbook.md).
  const point = await shell.read(commands.restorePoint(production));
  const bookmark = point === undefined ? "BOOKMARK" : (JSON.parse(point) as { bookmark?: string }).bookmark;
  console.log(
    `Restore point before these migrations: npx wrangler d1 time-travel restore ${production.database} --bookmark=${bookmark} --env production -c wrangler.toml`,
  );
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
  try {
    await shell.run(commands.smoke(production));
  } catch {
    throw new Error(
      `The smoke check failed with ${versionId} at ${percent}% of production. Stop here and roll back: npm run rollback -- --message "smoke check failed after promoting ${versionId}"`,
    );
  }
  console.log(
    `\n${dryRun ? "Dry run: nothing changed. " : ""}${traffic.map((t) => `${t.versionId}: ${t.percent}%`).join(", ")} of ${production.url}`,
  );
}

/** The version is production's, built from the checked-out commit; a dry run prints the check only. */
async function checkVersion(shell: Shell, production: DeployTarget, versionId: string, commit: string): Promise<void> {
  let view: string | undefined;
  try {
    view = await shell.read(commands.viewVersion(production, versionId));
  } catch {
    throw new Error(
      `promote: ${versionId} is not a version of ${production.workerName} (a preview version, a typo?). npx wrangler versions list --env production lists them. Nothing was changed.`,
    );
  }
  if (view === undefined) return;
  const tag = versionTag(view);
  if (tag !== commit)
    throw new Error(
      `promote: version ${versionId} was built from ${tag ?? "an untagged upload"}, but ${commit} is checked out. Check out ${tag ?? "its commit"} (its migrations are the ones to apply) and run promote again. Nothing was changed.`,
    );
}

if (import.meta.main) process.exitCode = await runCli(usage, () => promote(process.argv.slice(2)));
