import { createHmac } from "node:crypto";
import { DEMO_SANDBOX_PARTNER_ID } from "#db/seed/partners";
import { DEMO_PARTNER } from "#server/leads/partners";
import { demoLead } from "../tests/e2e/fixtures/lead-data";
import { run } from "./run";

/**
 * Signed leads as a partner sends them: every request a new lead (its own
 * lead id, SSN and e-mail, so each is decided and approved) signed at send
 * time. autocannon's setupRequest is synchronous, so this side signs with
 * node:crypto's HMAC, a second implementation of the documented contract.
 */
/** The partner signature of docs/partners.md: lowercase hex HMAC-SHA-256 of "<timestamp>.<body or path>". */
export const signText = (secret: string, timestamp: string, text: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${text}`).digest("hex");

export function signedLead(secret: string, partnerId: string = DEMO_PARTNER.id) {
  const body = JSON.stringify(demoLead());
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = signText(secret, timestamp, body);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Partner-Id": partnerId,
      "X-Timestamp": timestamp,
      "X-Signature": signature,
    },
  };
}

/** A benchmark or profile measures the endpoint, not the demo partners' budgets (in that local state only). */
export function unlimitedDemoPartner(state: string): Promise<void> {
  return run("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    state,
    "--command",
    `UPDATE partners SET leads_per_minute = 1000000 WHERE id IN ('${DEMO_PARTNER.id}', '${DEMO_SANDBOX_PARTNER_ID}')`,
  ]);
}
