import { CRAWL_URL } from "./fixtures/constants";

/** The demo borrowers the crawler copies, on its own site; seeding is idempotent. */
export default async function globalSetup() {
  const res = await fetch(`${CRAWL_URL}/api/dev/seed`, { method: "POST" });
  if (!res.ok) throw new Error(`seeding the crawler site's demo borrowers failed: ${res.status}`);
}
