import { FAULTS_PLATFORM_URL } from "./fixtures/constants";

/**
 * The demo borrowers in the platform the fault tests' site talks to: seeded on
 * the platform's own server (its /api/dev tools), since a site on the upstream
 * transport keeps none of the platform's tables. Seeding is idempotent.
 */
export default async function globalSetup() {
  const res = await fetch(`${FAULTS_PLATFORM_URL}/api/dev/seed`, { method: "POST" });
  if (!res.ok) throw new Error(`seeding the fault tests' platform failed: ${res.status}`);
}
