import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";
import { platformArgs, preparePlatform } from "../../scripts/platform";
import { offlineWranglerEnv } from "../../scripts/wrangler-env";
import { CONTRACT_PORT } from "./port";

const STATE = ".wrangler/contract-platform-state";
let server: ChildProcess | undefined;

/** Serves the embedded platform on a local port, on a fresh database, for the upstream transport. */
export async function setup(): Promise<void> {
  rmSync(STATE, { recursive: true, force: true });
  await preparePlatform(STATE);
  server = spawn("npx", platformArgs(String(CONTRACT_PORT), STATE), {
    stdio: "ignore",
    env: { ...process.env, ...offlineWranglerEnv },
    detached: true,
  });
  const url = `http://127.0.0.1:${CONTRACT_PORT}/Token/CreateMerchantToken?merchantId=${EMBEDDED_MERCHANT_ID}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url, { method: "POST" })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the platform did not start on its port");
}

export async function teardown(): Promise<void> {
  if (server?.pid) process.kill(-server.pid, "SIGTERM");
}
