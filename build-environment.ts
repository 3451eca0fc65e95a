/**
 * Which Cloudflare environment a build is for. The Cloudflare vite plugin
 * flattens wrangler.toml for the environment named by CLOUDFLARE_ENV at build
 * time (unset: the top level, local development); the route table and the
 * API read the same variable so a deployed build carries no development
 * tools (decision record 011).
 */
export const DEPLOYED_ENVIRONMENTS = ["preview", "production"] as const;
export type DeployedEnvironment = (typeof DEPLOYED_ENVIRONMENTS)[number];

export function isDeployedEnvironment(name: string): name is DeployedEnvironment {
  return (DEPLOYED_ENVIRONMENTS as readonly string[]).includes(name);
}

/**
 * Development tools (/dev/outbox, /dev/clock, /api/dev/*) go only into
 * development builds. Anything but unset or "development" counts as
 * deployed, so a misspelt environment leaves the tools out rather than in.
 */
export function buildIncludesDevTools(cloudflareEnv = process.env.CLOUDFLARE_ENV): boolean {
  return cloudflareEnv === undefined || cloudflareEnv === "" || cloudflareEnv === "development";
}
