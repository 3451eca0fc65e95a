import { spawn, type SpawnOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
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
  return runOffline(command, args, { ...options, stdio: ["ignore", "pipe", "inherit"] }, (chunk) => process.stdout.write(chunk));
}

function runOffline(command: string, args: string[], options: SpawnOptions, onStdout?: (chunk: Buffer) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, env: { ...process.env, ...offlineWranglerEnv, ...options.env } });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      onStdout?.(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(chunks).toString("utf8")) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** Where local D1 and Durable Object state lives (shared by start and seed). */
export const LOCAL_STATE = ".wrangler/state";

export async function migrateLocal(persistTo = LOCAL_STATE, config = "wrangler.toml"): Promise<void> {
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", config, "--persist-to", persistTo], {
    env: { CI: "true" },
  });
}

/**
 * Local secrets for wrangler dev (never committed): a random SSN key made on
 * first use, so `npm start` needs no set-up. The build copies it next to the
 * built Worker.
 */
export function ensureDevVars(): void {
  if (existsSync(".dev.vars")) return;
  const key = randomBytes(36).toString("base64url");
  writeFileSync(".dev.vars", `# Local development secrets (generated; not committed)\nSSN_ENCRYPTION_KEY=${key}\n`);
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
