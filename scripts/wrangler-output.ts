/** Reading what wrangler prints, for the deploy scripts. */

/** Worker version ids are UUIDs (wrangler checks --version-id the same way). */
export const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UploadedVersion {
  versionId: string;
  /**
   * The version's own preview URL, when wrangler prints one. It never does
   * for this Worker: Cloudflare makes no per-version preview URLs for a
   * Worker that implements Durable Objects.
   */
  previewUrl?: string;
}

/** `wrangler versions upload` prints "Worker Version ID: <uuid>" and, when there is one, "Version Preview URL: <url>". */
export function parseVersionUpload(output: string): UploadedVersion {
  const versionId = output.match(/Worker Version ID:\s*([0-9a-f-]{36})/)?.[1];
  if (!versionId || !VERSION_ID.test(versionId))
    throw new Error("wrangler versions upload printed no Worker Version ID");
  const previewUrl = output.match(/Version Preview URL:\s*(https:\/\/\S+)/)?.[1];
  return previewUrl ? { versionId, previewUrl } : { versionId };
}

interface DeploymentStatus {
  versions: Array<{ version_id: string; percentage: number }>;
}

/** The versions serving traffic now, from `wrangler deployments status --json`. */
export function servingVersions(statusJson: string): Array<{ versionId: string; percent: number }> {
  const json = statusJson.slice(statusJson.indexOf("{"), statusJson.lastIndexOf("}") + 1);
  const status = JSON.parse(json) as DeploymentStatus;
  return status.versions.map((v) => ({ versionId: v.version_id, percent: v.percentage }));
}

/**
 * The version `wrangler rollback` returns to without an id, from
 * `wrangler deployments list --json` (oldest first): the latest deployment
 * before the newest with one version at 100%.
 */
export function previousVersion(listJson: string): string | null {
  const deployments = JSON.parse(listJson.slice(listJson.indexOf("["), listJson.lastIndexOf("]") + 1)) as Array<{
    versions: Array<{ version_id: string; percentage: number }>;
  }>;
  const earlier = deployments.slice(0, -1).reverse();
  const alone = earlier.find((d) => d.versions.length === 1 && d.versions[0]!.percentage === 100);
  return alone ? alone.versions[0]!.version_id : null;
}

/** The newest uploaded version's id, from `wrangler versions list --json` (oldest first). */
export function newestVersion(listJson: string): string | null {
  const versions = JSON.parse(listJson.slice(listJson.indexOf("["), listJson.lastIndexOf("]") + 1)) as Array<{
    id: string;
    metadata?: { created_on?: string };
  }>;
  return (
    [...versions].sort((a, b) => (a.metadata?.created_on ?? "").localeCompare(b.metadata?.created_on ?? "")).at(-1)
      ?.id ?? null
  );
}

/** The secrets' names a version has, from `wrangler versions view ID --json`. */
export function versionSecrets(viewJson: string): string[] {
  const version = JSON.parse(viewJson) as { resources?: { bindings?: Array<{ type: string; name: string }> } };
  return (version.resources?.bindings ?? [])
    .filter((b) => b.type === "secret_text")
    .map((b) => b.name)
    .sort();
}

/** A version's tag (the commit it was built from), from `wrangler versions view ID --json`; null when untagged. */
export function versionTag(viewJson: string): string | null {
  const version = JSON.parse(viewJson) as { annotations?: Record<string, string | undefined> };
  return version.annotations?.["workers/tag"] ?? null;
}

/**
 * The version a gradual promotion keeps for the rest of the traffic, from
 * `wrangler deployments status --json`: the one serving the most traffic
 * now, other than the version being promoted (during a ramp from 10% to
 * 50% that is still the old version).
 */
export function versionToKeep(statusJson: string, promoting: string): string {
  const json = statusJson.slice(statusJson.indexOf("{"), statusJson.lastIndexOf("}") + 1);
  const status = JSON.parse(json) as DeploymentStatus;
  const others = status.versions.filter((v) => v.version_id !== promoting).sort((a, b) => b.percentage - a.percentage);
  const keep = others[0]?.version_id;
  if (!keep)
    throw new Error(
      `Version ${promoting} already serves all traffic: nothing to share it with (use npm run rollback to go back).`,
    );
  return keep;
}
