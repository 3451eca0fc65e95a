import { JOURNEY_URL } from "./fixtures/constants";

/** The demo borrowers on the journey's own site, as the browser tests' site has them; seeding is idempotent. */
export default async function globalSetup() {
  const res = await fetch(`${JOURNEY_URL}/api/dev/seed`, { method: "POST" });
  if (!res.ok) throw new Error(`seeding the journey site's demo borrowers failed: ${res.status}`);
}
