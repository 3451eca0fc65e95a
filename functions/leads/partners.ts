import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { partners } from "../../db/schema/index";
import type { Env } from "../env";

export type Partner = typeof partners.$inferSelect;

/** Partner ids name their secret, so they are kept to what a secret name allows. */
export const PARTNER_ID_PATTERN = /^[A-Z0-9_]{1,32}$/;

/** The Worker secret holding a partner's signing secret (decision record 010). */
export const partnerSecretName = (partnerId: string) => `PARTNER_SECRET_${partnerId}`;

/**
 * A second secret, accepted alongside the first while a partner moves to it,
 * so a secret is rotated without refusing a single lead (docs/operations.md).
 * Its prefix differs from the first's, so no partner id can name another's.
 */
export const partnerNextSecretName = (partnerId: string) => `PARTNER_NEXT_SECRET_${partnerId}`;

/** Shorter secrets are treated as unset: they would be guessable. */
const MIN_SECRET_LENGTH = 32;

/** The local demo partner: its secret is PARTNER_SECRET_DEMO in .dev.vars (scripts/run.ts). */
export const DEMO_PARTNER = { id: "DEMO", code: "LEAD-DEMO", name: "Demo lead partner" } as const;

/**
 * The active partner and the signing secrets it may use (the current one, and
 * the next one during a rotation), or null when there is no partner or no
 * secret: an unknown id, a switched-off partner and a partner with no secret
 * set in this environment are all refused alike.
 */
export async function partnerWithSecrets(db: Database, env: Env, partnerId: string): Promise<{ partner: Partner; secrets: string[] } | null> {
  if (!PARTNER_ID_PATTERN.test(partnerId)) return null;
  const vars = env as unknown as Record<string, unknown>;
  const secrets = [vars[partnerSecretName(partnerId)], vars[partnerNextSecretName(partnerId)]].filter(
    (secret): secret is string => typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH,
  );
  if (secrets.length === 0) return null;
  const partner = await db.select().from(partners).where(eq(partners.id, partnerId)).get();
  return partner?.active ? { partner, secrets } : null;
}
