/**
 * `npm start`: local D1 migrations, documents seed, build, then the built
 * Worker on local workerd at http://localhost:8787 (PORT overrides), with the
 * demo borrowers seeded through the running Worker and printed. Offline.
 */
import { spawn } from "node:child_process";
import { ensureDevVars, LOCAL_STATE, migrateLocal, run, waitForHealth } from "./run";
import { seedLocal } from "./seed";
import { offlineWranglerEnv } from "./wrangler-env";

const port = process.env.PORT ?? "8787";
const base = `http://localhost:${port}`;

ensureDevVars();
await migrateLocal();
await seedLocal();
await run("npx", ["react-router", "build"]);

// The links the site sends (partner leads, password resets) point at this very server.
const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    port,
    "--persist-to",
    LOCAL_STATE,
    "--show-interactive-dev-session=false",
    "--var",
    `SITE_ORIGIN:${base}`,
  ],
  {
    stdio: "inherit",
    env: { ...process.env, ...offlineWranglerEnv },
  },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));

await waitForHealth(base);
const seeded = (await (await fetch(`${base}/api/dev/seed`, { method: "POST" })).json()) as {
  password: string;
  borrowers: Array<{ email: string; standing: string; last4SSN: string; dob: string }>;
};
console.log(`\nRidgeline Credit is running at ${base}\n`);
console.log(`Demo borrowers (password for all: ${seeded.password}):`);
console.table(
  seeded.borrowers.map((b) => ({
    "e-mail": b.email,
    standing: b.standing,
    "SSN last 4": b.last4SSN,
    birthdate: b.dob,
  })),
);
console.log(
  `Development tools: ${base}/dev/outbox (passcodes and e-mails), ${base}/dev/clock (move time forward; or npm run clock -- +30d)\n`,
);

await new Promise<void>((resolve) => server.on("exit", () => resolve()));
