import { DEMO_PARTNER } from "#server/leads/partners";

/**
 * The local demo lead partner (development and tests only: no other
 * environment has its secret, so the row alone signs nothing).
 */
export function demoPartnerSeedSql(now = Date.now()): string[] {
  return [
    `INSERT INTO partners (id, code, name, leads_per_minute, active, created_at) VALUES ('${DEMO_PARTNER.id}', '${DEMO_PARTNER.code}', '${DEMO_PARTNER.name}', NULL, 1, ${now}) ` +
      `ON CONFLICT(id) DO NOTHING;`,
  ];
}
