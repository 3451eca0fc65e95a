import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The notices the law requires an applicant be sent (decision record 033): the adverse-action
 * notice of a denial, the reminders to e-sign an approval, and the word that an approval lapsed.
 * One row per notice and reason for it (its id: kind and reference), written with the decision
 * or by the scheduled run, so a notice is never sent twice, and one whose sending failed is
 * found and sent by the next run. Kept as the record of what the applicant was told.
 */
export const applicantNotices = sqliteTable(
  "applicant_notices",
  {
    /** `<kind>:<application id>`, or for a refusal with no application `<kind>:<ExtTransactionID>`. */
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    applicationId: integer("application_id"),
    /** adverse_action | esign_reminder | esign_last_reminder | approval_lapsed */
    kind: text("kind").notNull(),
    /** The adverse action's principal reasons, as the decision's codes (JSON array); never logged. */
    reasons: text("reasons"),
    /** Whether the decision used a consumer report (the notice then names the agency). */
    consumerReport: integer("consumer_report", { mode: "boolean" }).notNull().default(false),
    /** The message's record (message_records), once it was handed to the dispatch queue. */
    messageId: text("message_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("applicant_notices_customer").on(t.customerId, t.createdAt),
    // The scheduled run finds the notices not yet handed over; the index holds only those.
    index("applicant_notices_unsent").on(t.createdAt).where(sql`message_id IS NULL`),
  ],
);

/**
 * The consent to electronic records (E-SIGN Act §101(c), decision record 033), given at signing
 * and withdrawn from Preferences: one row per act, with the disclosure the borrower saw (its
 * version and SHA-256), when, and from which device. Append-only: triggers in the migration
 * refuse UPDATE and DELETE, so the record can prove later what was agreed.
 */
export const esignConsents = sqliteTable(
  "esign_consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: text("customer_id").notNull(),
    lineId: integer("line_id").notNull(),
    /** given | withdrawn */
    event: text("event").notNull(),
    disclosureVersion: text("disclosure_version").notNull(),
    disclosureSha256: text("disclosure_sha256").notNull(),
    at: integer("at").notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent").notNull(),
  },
  (t) => [index("esign_consents_customer").on(t.customerId, t.at)],
);
