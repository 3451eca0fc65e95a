import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { partners } from "../../db/schema/index";
import type { Env } from "../env";

export type Partner = typeof partners.$inferSelect;

/** Partner ids name their secret, so they are kept to what a secret name allows. */
export const PARTNER_ID_PATTERN = /^[A-Z0-9_]{1,32}$/;

/** The Worker secret holding a partner's signing secret (decision record 010). */
export const partnerSecretName = (partnerId: string) => `PARTNER_SECRET_${partnerId}`;

/** The local demo partner: its secret is PARTNER_SECRET_DEMO in .dev.vars (scripts/run.ts). */
export const DEMO_PARTNER = { id: "DEMO", code: "LEAD-DEMO", name: "Demo lead partner" } as const;

/**
 * The active partner and its signing secret, or null when either is missing:
 * an unknown id, a switched-off partner and a partner whose secret is not set
 * in this environment are all refused alike.
 */
export async function partnerWithSecret(db: Database, env: Env, partnerId: string): Promise<{ partner: Partner; secret: string } | null> {
  if (!PARTNER_ID_PATTERN.test(partnerId)) return null;
  const secret = (env as unknown as Record<string, unknown>)[partnerSecretName(partnerId)];
  if (typeof secret !== "string" || secret.length < 32) return null;
  const partner = await db.select().from(partners).where(eq(partners.id, partnerId)).get();
  return partner?.active ? { partner, secret } : null;
}
