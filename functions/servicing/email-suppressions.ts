import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { suppressions } from "#db/schema/servicing";
import { suppressionAddress } from "./outgoing";

/**
 * Stops e-mail to an address: "all" (a bounce) or "marketing" (a complaint, an
 * unsubscribe). One door for every way an address asks to hear less, so a
 * narrower request never undoes a wider one: marketing never narrows a bounce's "all".
 */
export async function suppressEmail(
  db: Database,
  to: string,
  scope: "all" | "marketing",
  reason: string,
  now: number,
): Promise<void> {
  const address = suppressionAddress("email", to);
  await db
    .insert(suppressions)
    .values({ channel: "email", address, scope, reason, updatedAt: now })
    .onConflictDoUpdate({
      target: [suppressions.channel, suppressions.address],
      set: { scope: scope === "all" ? "all" : sql`${suppressions.scope}`, reason, updatedAt: now },
    });
}
