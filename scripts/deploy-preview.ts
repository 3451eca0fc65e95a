/**
 * `npm run deploy:preview [-- --dry-run]`: releases the current commit to
 * the preview environment and stages it in production.
 *
 * 1. builds for preview, applies the preview D1 migrations, uploads the
 *    version and deploys it to the preview Worker at 100% (Cloudflare makes
 *    no per-version preview URLs for a Worker with Durable Objects, so the
 *    preview Worker's own URL is where a version is checked);
 * 2. builds for production and uploads the same commit to the production
 *    Worker as a version serving no traffic: `npm run promote` takes its id.
 *    (Versions belong to one Worker: the preview version's id means nothing
 *    to production.) Production migrations wait for promote.
 */
import { type GitState, gitState, parseCommandLine, releasedCommit, runCli, UsageError } from "./deploy-cli";
import { type Shell, shellFor } from "./deploy-shell";
import { buildFor, commands, deployTarget, uploadVersion } from "./deploy-steps";
import { checkReleaseGates, type Migration } from "./release-gates";

export const usage = "Usage: npm run deploy:preview [-- --dry-run]";

export async function deployPreview(
  argv: string[],
  deps: { git?: GitState; shell?: Shell; migrations?: Migration[] } = {},
): Promise<void> {
  const { dryRun, positionals } = parseCommandLine(argv);
  if (positionals.length > 0) throw new UsageError("deploy:preview takes no arguments.");
  const tag = releasedCommit(deps.git ?? gitState(), "deploy:preview");
  const shell = deps.shell ?? shellFor(dryRun);

  const preview = await deployTarget("preview");
  await buildFor(shell, "preview");
  await checkReleaseGates(shell, preview, deps.migrations);
  await shell.run(commands.applyMigrations(preview));
  const previewVersion = await uploadVersion(shell, preview, tag, "PREVIEW_VERSION_ID");
  await shell.run(commands.deployVersions(preview, [{ versionId: previewVersion.versionId, percent: 100 }]));
  // The preview must pass the smoke check before production gets a version of it.
  await shell.run(commands.smoke(preview));

  const production = await deployTarget("production");
  await buildFor(shell, "production");
  const productionVersion = await uploadVersion(shell, production, tag, "PRODUCTION_VERSION_ID");

  console.log(`
${dryRun ? "Dry run: nothing was built, migrated or uploaded.\n" : ""}Preview version ${previewVersion.versionId}${tag ? ` (commit ${tag})` : ""} serves ${preview.url}${
    previewVersion.previewUrl
      ? `\nIts own preview URL: ${previewVersion.previewUrl} (passkeys do not work there: not a WEBAUTHN_ORIGINS origin)`
      : ""
  }
Production version ${productionVersion.versionId} is uploaded to ${production.workerName} and serves no traffic yet.
Check the preview, then: npm run promote -- ${productionVersion.versionId} 10`);
}

if (import.meta.main) process.exitCode = await runCli(usage, () => deployPreview(process.argv.slice(2)));
