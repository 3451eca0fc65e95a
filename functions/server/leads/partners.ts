import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leadSignatures, partners } from "#db/schema/leads";
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
 * The signing secrets a partner may use in this environment (the current one,
 * and the next one during a rotation), or, for an id with none, the
 * placeholder, with `real` false: a signature is always verified, so the time
 * of a 401 does not tell a real partner id from an unknown one, and a match
 * with the placeholder (it is in the repository) signs for nobody.
 */
export function partnerSecrets(env: Env, partnerId: string): { secrets: string[]; real: boolean } {
  const vars = env as unknown as Record<string, unknown>;
  // Only a well-formed id names a secret (the header check refuses the rest first).
  const named = PARTNER_ID_PATTERN.test(partnerId)
    ? [vars[partnerSecretName(partnerId)], vars[partnerNextSecretName(partnerId)]]
    : [];
  const secrets = named.filter(
    (secret): secret is string => typeof secret === "string" && secret.length >= MIN_SECRET_LENGTH,
  );
  return secrets.length > 0 ? { secrets, real: true } : { secrets: [NO_PARTNER_SECRET], real: false };
}

/**
 * The partner, read with the first use of a verified signature in one
 * batch (issue 19: one round trip): the signature is remembered only for an
 * active partner, and the primary key lets exactly one of two racing requests
 * insert it, so a captured request cannot be replayed, even at once.
 * `firstUse` is false for a repeat (and for a partner that is not active).
 */
export async function partnerAndFirstUse(
  db: Database,
  partnerId: string,
  signature: string,
  now: number,
): Promise<{ partner: Partner | null; firstUse: boolean }> {
  const [rows, inserted] = await db.batch([
    db.select().from(partners).where(eq(partners.id, partnerId)).limit(1),
    db
      .insert(leadSignatures)
      .select(
        db
          .select({
            partnerId: partners.id,
            signature: sql<string>`${signature}`.as("signature"),
            seenAt: sql<number>`${now}`.as("seen_at"),
          })
          .from(partners)
          .where(and(eq(partners.id, partnerId), eq(partners.active, true))),
      )
      .onConflictDoNothing()
      .returning({ seenAt: leadSignatures.seenAt }),
  ]);
  const partner = rows[0];
  return { partner: partner?.active ? partner : null, firstUse: inserted.length > 0 };
}
