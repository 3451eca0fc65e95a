import { DEMO_PARTNER } from "#server/leads/partners";

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
    `INSERT INTO partners (id, code, name, leads_per_minute, active, mode, created_at) VALUES ('${DEMO_PARTNER.id}_TEST', '${DEMO_PARTNER.code}-TEST', '${DEMO_PARTNER.name} (sandbox)', NULL, 1, 'test', ${now}) ` +
      `ON CONFLICT(id) DO NOTHING;`,
  ];
}
