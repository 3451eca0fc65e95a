import { DEMO_PARTNER } from "#server/leads/partners";

/** The demo partner's sandbox twin (a test partner): its secret is PARTNER_SECRET_DEMO_TEST in .dev.vars. */
export const DEMO_SANDBOX_PARTNER_ID = `${DEMO_PARTNER.id}_TEST`;

/**
 * The local demo lead partner, and its sandbox twin DEMO_TEST (a test
 * partner: docs/partners.md, "The sandbox"), for development and tests
 * only: no other environment has their secrets, so the rows alone sign
 * nothing.
 */
export function demoPartnerSeedSql(now = Date.now()): string[] {
  return [
    `INSERT INTO partners (id, code, name, leads_per_minute, active, created_at) VALUES ('${DEMO_PARTNER.id}', '${DEMO_PARTNER.code}', '${DEMO_PARTNER.name}', NULL, 1, ${now}) ` +
      `ON CONFLICT(id) DO NOTHING;`,
    `INSERT INTO partners (id, code, name, leads_per_minute, active, mode, created_at) VALUES ('${DEMO_SANDBOX_PARTNER_ID}', '${DEMO_PARTNER.code}-TEST', '${DEMO_PARTNER.name} (sandbox)', NULL, 1, 'test', ${now}) ` +
      `ON CONFLICT(id) DO NOTHING;`,
  ];
}
