import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { partners } from "#db/schema/leads";
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
 * Verified against when there is no partner to sign for: a fixed value no
 * partner is given (it is in the repository), long enough to pass as a secret.
 */
const NO_PARTNER_SECRET = "no-partner-signs-with-this-placeholder-secret-0000";

/**
 * The active partner and the signing secrets it may use (the current one, and
 * the next one during a rotation). An unknown id, a switched-off partner and a
 * partner with no secret set in this environment are all refused alike, and
 * cost alike: the row is always read and there is always a secret to verify
 * against (the placeholder, with `partner` null), so the time of the 401 does
 * not tell a real partner id from an unknown one.
 */
export async function partnerWithSecrets(
  db: Database,
  env: Env,
  partnerId: string,
): Promise<{ partner: Partner | null; secrets: string[] }> {
  const vars = env as unknown as Record<string, unknown>;
  // Only a well-formed id names a secret (the header check refuses the rest first).
  const named = PARTNER_ID_PATTERN.test(partnerId)
    ? [vars[partnerSecretName(partnerId)], vars[partnerNextSecretName(partnerId)]]
    : [];
  const secrets = named.filter(
    (secret): secret is string => typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH,
  );
  const partner = await db.select().from(partners).where(eq(partners.id, partnerId)).get();
  return partner?.active && secrets.length > 0 ? { partner, secrets } : { partner: null, secrets: [NO_PARTNER_SECRET] };
}
