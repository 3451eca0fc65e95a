import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Lead partners and the leads they post (POST /api/leads, decision record
 * 010). A partner's signing secret is NOT here: it is a Worker secret named
 * PARTNER_SECRET_<ID>. Times are epoch milliseconds.
 */
export const partners = sqliteTable("partners", {
  /** Sent as X-Partner-Id; upper-case letters, digits and _ (it names the secret). */
  id: text("id").primaryKey(),
  /** Sent to the platform as pdLoanRcvdFrom. */
  code: text("code").notNull(),
  name: text("name").notNull(),
  /** Signed leads per minute; null keeps the `leadsPerPartner` policy's limit; 0 refuses every lead. */
  leadsPerMinute: integer("leads_per_minute"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /**
   * live | test. A test partner (its own id and secret) is the sandbox
   * (docs/partners.md): its leads are decided by documented values, never by
   * the platform's underwriting, and live only under its own id.
   */
  mode: text("mode").notNull().default("live"),
  /**
   * Where the partner's postbacks go (decision record 029): an https URL set
   * by operations at onboarding, or null for none. Each milestone of its
   * leads is posted there, signed with the partner's own secret.
   */
  postbackUrl: text("postback_url"),
  createdAt: integer("created_at").notNull(),
});

/**
 * One row per (partner, partner lead id), claimed before the decision: the
 * unique index lets only one of two racing posts decide. The answer sent is
 * kept as JSON without the redirect link (only link hashes are stored).
 */
export const leads = sqliteTable(
  "leads",
  {
    id: text("id").primaryKey(),
    partnerId: text("partner_id").notNull(),
    partnerLeadId: text("partner_lead_id").notNull(),
    /** pending (being decided) | approved | denied | error (may be retried) */
    status: text("status").notNull(),
    /** The platform's appStatus (A, D, E...) once decided. */
    platformStatus: text("platform_status"),
    /**
     * SHA-256 of the row id and the validated lead in canonical JSON: a repeat
     * of the lead id is the same applicant only with the same hash (issue 14;
     * decision record 010). Null on leads recorded before it was kept: those
     * are never matched.
     */
    bodyHash: text("body_hash"),
    /** Sent as ExtTransactionID on every attempt: the platform answers a retry with its first decision. */
    extTransactionId: text("ext_transaction_id").notNull(),
    applicationId: integer("application_id"),
    transactionId: text("transaction_id"),
    approvedLimitCents: integer("approved_limit_cents"),
    /** The answer sent, without redirectUrl. */
    answerJson: text("answer_json"),
    /** How many times the platform was asked (a retry after an error adds one). */
    attempts: integer("attempts").notNull().default(0),
    receivedAt: integer("received_at").notNull(),
    /** When the current attempt claimed the row (a stale pending claim may be taken over). */
    claimedAt: integer("claimed_at").notNull(),
    decidedAt: integer("decided_at"),
    /** Approved: the applicant may continue once, until this instant. */
    continueBy: integer("continue_by"),
    continuedAt: integer("continued_at"),
    /**
     * When the scheduled run last asked the platform what became of this lead
     * for its postbacks (decision record 029): the least recently asked go
     * first, so every open lead is asked in turn.
     */
    milestonesCheckedAt: integer("milestones_checked_at"),
  },
  (t) => [uniqueIndex("leads_partner_lead").on(t.partnerId, t.partnerLeadId)],
);

/**
 * The applicant's links (/apply/approved?ID=...): only the SHA-256 of each
 * token. A repeated post gets a fresh link to the same once-only continuation.
 */
export const leadLinks = sqliteTable(
  "lead_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    leadId: text("lead_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("lead_links_lead").on(t.leadId)],
);

/**
 * Signatures already accepted, so a signed request works once: a captured
 * request replayed within the timestamp tolerance is refused (decision
 * record 010). Kept a little over the tolerance (a replay later than that is
 * refused for its timestamp), then deleted by the scheduled run.
 */
export const leadSignatures = sqliteTable(
  "lead_signatures",
  {
    partnerId: text("partner_id").notNull(),
    /** X-Signature as sent (lowercase hex). */
    signature: text("signature").notNull(),
    seenAt: integer("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.signature] }), index("lead_signatures_seen").on(t.seenAt)],
);

/**
 * One postback per lead milestone (decision record 029): the unique index
 * makes each milestone queued once, however often the scheduled run finds
 * it. The body is fixed when queued, so every retry sends the same bytes
 * (signed afresh with a new timestamp). Nothing personal is in it.
 */
export const leadPostbacks = sqliteTable(
  "lead_postbacks",
  {
    /** Sent as X-Postback-Id and in the body: the partner's key for dropping a repeat. */
    id: text("id").primaryKey(),
    leadId: text("lead_id").notNull(),
    partnerId: text("partner_id").notNull(),
    /** decided | esigned | funded | withdrawn | link_expired */
    milestone: text("milestone").notNull(),
    /** The lead can have no later milestone: no more runs look at it. */
    final: integer("final", { mode: "boolean" }).notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; null once delivered or given up. */
    nextAttemptAt: integer("next_attempt_at"),
    lastAttemptAt: integer("last_attempt_at"),
    /** The last attempt's HTTP status, or what failed before one (timeout, network, no_secret, no_url). */
    lastResult: text("last_result"),
    deliveredAt: integer("delivered_at"),
    /** Every attempt failed: kept for operations (docs/operations.md), never sent again by itself. */
    gaveUpAt: integer("gave_up_at"),
  },
  (t) => [
    uniqueIndex("lead_postbacks_milestone").on(t.leadId, t.milestone),
    index("lead_postbacks_due").on(t.nextAttemptAt),
  ],
);
