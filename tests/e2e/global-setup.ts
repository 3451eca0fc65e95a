import { E2E_PORT } from "./fixtures/constants";

/** The demo borrowers (one per loan status) for the sign-in tests; seeding is idempotent. */
export default async function globalSetup() {
  const res = await fetch(`http://localhost:${E2E_PORT}/api/dev/seed`, { method: "POST" });
  if (!res.ok) throw new Error(`seeding the demo borrowers failed: ${res.status}`);
}
