import { type SpawnOptions, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { offlineWranglerEnv } from "./wrangler-env";

/** Runs a command with wrangler kept offline; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return runOffline(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options }).then(() => undefined);
}

/**
 * Like run, and also returns what the command wrote to stdout (shown as it
 * arrives, so a long upload still reports its progress).
 */
export function runAndRead(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  return runOffline(command, args, { ...options, stdio: ["ignore", "pipe", "inherit"] }, (chunk) =>
    process.stdout.write(chunk),
  );
}

function runOffline(
  command: string,
  args: string[],
  options: SpawnOptions,
  onStdout?: (chunk: Buffer) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, env: { ...process.env, ...offlineWranglerEnv, ...options.env } });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      onStdout?.(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks).toString("utf8"))
        : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** Where local D1 and Durable Object state lives (shared by start and seed). */
export const LOCAL_STATE = ".wrangler/state";

export async function migrateLocal(persistTo = LOCAL_STATE, config = "wrangler.toml"): Promise<void> {
  await run(
    "npx",
    ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", persistTo],
    {
      env: { CI: "true" },
    },
  );
}

/**
 * Local secrets for wrangler dev (never committed), made on first use so
 * `npm start` needs no set-up: the SSN key, the site's session seal key
 * (decision record 014) and the demo lead partner's
 * signing secret (PARTNER_SECRET_DEMO, decision record 010). An existing
 * file keeps its values and gains only the names it lacks. The build copies
 * it next to the built Worker.
 */
export function ensureDevVars(): void {
  const generated: Record<string, () => string> = {
    SSN_ENCRYPTION_KEY: () => randomBytes(36).toString("base64url"),
    SESSION_SEAL_KEY: () => randomBytes(36).toString("base64url"),
    PARTNER_SECRET_DEMO: () => randomBytes(32).toString("hex"),
    PARTNER_SECRET_DEMO_TEST: () => randomBytes(32).toString("hex"),
    DESK_DEV_KEY: () => randomBytes(36).toString("base64url"),
  };
  const current = existsSync(".dev.vars")
    ? readFileSync(".dev.vars", "utf8")
    : "# Local development secrets (generated; not committed)\n";
  const present = new Set(current.split("\n").map((line) => line.split("=")[0]!.trim()));
  const missing = Object.keys(generated).filter((name) => !present.has(name));
  if (missing.length === 0) return;
  const body = current.endsWith("\n") ? current : `${current}\n`;
  writeFileSync(".dev.vars", body + missing.map((name) => `${name}=${generated[name]!()}\n`).join(""));
}

/** A value from .dev.vars (the demo partner's secret for scripts and browser tests). */
export function devVar(name: string): string {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`${name} is not in .dev.vars (run npm start once, or scripts that call ensureDevVars)`);
  return line.slice(name.length + 1).trim();
}

/** Waits until the local site answers /api/health (two minutes at most). */
export async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not start`);
}
