import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * The embedded servicing core's tables. Money is integer cents; instants are
 * epoch milliseconds; calendar dates are ISO `YYYY-MM-DD` text. Balances are
 * never stored: they are derived from `ledger_entries` (append-only).
 */

const createdAt = () => integer("created_at").notNull();

export const customers = sqliteTable(
  "customers",
  {
    id: text("id").primaryKey(),
    /** HMAC of the 9 digits (look-ups); the number itself only encrypted. */
    ssnHash: text("ssn_hash").notNull(),
    ssnEncrypted: text("ssn_encrypted").notNull(),
    ssnLast4: text("ssn_last4").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    dob: text("dob").notNull(),
    email: text("email").notNull(),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    homePhone: text("home_phone").notNull(),
    mobilePhone: text("mobile_phone").notNull().default(""),
    /**
     * A new customer is written with contactPreferenceDefaults (allowed: routes/applications.ts).
     * This SQL default (no) is not the product's: left as it is, since changing it rebuilds the table.
     */
    allowMarketingEmails: integer("allow_marketing_emails", { mode: "boolean" }).notNull().default(false),
    allowMarketingCalls: integer("allow_marketing_calls", { mode: "boolean" }).notNull().default(false),
    allowMarketingTexts: integer("allow_marketing_texts", { mode: "boolean" }).notNull().default(false),
    allowServicingTexts: integer("allow_servicing_texts", { mode: "boolean" }).notNull().default(true),
    isMilitary: integer("is_military", { mode: "boolean" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("customers_ssn_hash").on(t.ssnHash),
    index("customers_email").on(t.email),
    /**
     * The desk's search by name (functions/servicing/desk.ts): a seek on the whole last name, a range on the first
     * name's first letters, read in the order shown (first name, then newest): at any size, 20 results are 20 rows
     * read. SQLite's lower() folds A-Z only; the query lowers what was typed the same way.
     */
    index("customers_name").on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, sql`${t.createdAt} desc`),
    /**
     * The desk's search by part of an e-mail. A substring cannot seek a b-tree, so a search scans this index, never
     * the table. At 1 million customers a scan is 1 million entries (D1 counts 1 million rows read), each some 35
     * bytes (an address of ~24 characters and its rowid): ~35 MB in ~9,000 pages of 4 KB, where the table's rows
     * (~370 bytes each) are ~370 MB in ~90,000 pages. (A made-up million with 32-character addresses measured 44 MB
     * for this index, 372 MB for the table.) The scan goes in address order and stops at the 20th match, so a
     * common part ("gmail") reads a few dozen entries; a rare part or a whole address reads all of them. A whole
     * address is also a seek here (2 rows read), so it is always shown first.
     */
    index("customers_email_lower").on(sql`lower(${t.email})`),
  ],
);

export const applications = sqliteTable(
  "applications",
  {
    /** A random 8-digit number: the Application ID people read out on the phone. */
    id: integer("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    /** pending | approved | denied | existing | withdrawn | voided */
    status: text("status").notNull(),
    decisionReason: text("decision_reason").notNull().default(""),
    approvedLimitCents: integer("approved_limit_cents"),
    requestedAmountCents: integer("requested_amount_cents").notNull(),
    requestedDrawCents: integer("requested_draw_cents"),
    /** The underwriting transaction id (lead posts read it back). */
    transactionId: text("transaction_id").notNull(),
    extTransactionId: text("ext_transaction_id").notNull(),
    leadSource: text("lead_source").notNull().default(""),
    incomeSource: text("income_source").notNull(),
    employerName: text("employer_name").notNull().default(""),
    workPhone: text("work_phone").notNull().default(""),
    workPhoneExt: text("work_phone_ext").notNull().default(""),
    incomePaymentMethod: text("income_payment_method").notNull(),
    takeHomeCents: integer("take_home_cents").notNull(),
    payFrequency: text("pay_frequency").notNull(),
    lastPayDate: text("last_pay_date").notNull(),
    nextPayDate: text("next_pay_date").notNull(),
    secondPayDate: text("second_pay_date").notNull(),
    bankRouting: text("bank_routing").notNull(),
    bankAccountEncrypted: text("bank_account_encrypted").notNull(),
    bankAccountLast4: text("bank_account_last4").notNull(),
    repaymentMethod: text("repayment_method").notNull(),
    requestIp: text("request_ip").notNull(),
    userAgent: text("user_agent").notNull(),
    voidReason: text("void_reason"),
    createdAt: createdAt(),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    index("applications_customer").on(t.customerId),
    uniqueIndex("applications_transaction").on(t.transactionId),
    uniqueIndex("applications_ext_transaction").on(t.extTransactionId),
  ],
);

/** A line of credit; its id is the account number pages call applNo. */
export const lines = sqliteTable(
  "lines",
  {
    id: integer("id").primaryKey(),
    applicationId: integer("application_id").notNull(),
    customerId: text("customer_id").notNull(),
    creditLimitCents: integer("credit_limit_cents").notNull(),
    /** awaiting_esign | open | closed | withdrawn */
    status: text("status").notNull(),
    payFrequency: text("pay_frequency").notNull(),
    /** A known pay date; due dates fall on pay dates generated from it. */
    payAnchorDate: text("pay_anchor_date").notNull(),
    repaymentMethod: text("repayment_method").notNull(),
    /** A revocation's first day without automatic debits (decision record 024), or null. */
    autopayEndsOn: text("autopay_ends_on"),
    openedAt: integer("opened_at"),
    chargedOffAt: integer("charged_off_at"),
    /** The Eastern day of the run that charged the line off (the engine's charge-off day). */
    chargedOffOn: text("charged_off_on"),
    /** The last Eastern day the servicing run has done (each day is serviced once, in order). */
    servicedThrough: text("serviced_through"),
    closedAt: integer("closed_at"),
    closureReason: text("closure_reason"),
    /** The borrower asked to close with a balance (decision record 025): no draws; the run closes it once paid. */
    closeRequestedOn: text("close_requested_on"),
    /** The day the desk last reopened the line, closed at the borrower's request (decision record 028), or null. */
    reopenedOn: text("reopened_on"),
    /**
     * Optimistic concurrency for money movements: each posting swaps this
     * for a fresh random value and its rows are written only if the swap won.
     */
    version: text("version").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lines_application").on(t.applicationId),
    index("lines_customer").on(t.customerId),
    // The servicing run seeks the open lines by status (in a line's object, which holds this table too);
    // the release gate every-line-moved counts the opened lines not yet moved through an index that
    // stays empty once none is left (db/release-gates.ts, decision record 032).
    index("lines_status").on(t.status),
    index("lines_in_d1").on(t.id).where(sql`status != 'moved' AND opened_at IS NOT NULL`),
  ],
);

/** Stripe-style idempotency: one answer per (customer, key), kept >= 24 hours. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    customerId: text("customer_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** null while the first request is still running */
    responseJson: text("response_json"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

export const platformTokens = sqliteTable(
  "platform_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** merchant | customer */
    kind: text("kind").notNull(),
    customerId: text("customer_id"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("platform_tokens_expires").on(t.expiresAt)],
);

export const users = sqliteTable(
  "users",
  {
    customerId: text("customer_id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: integer("locked_until"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_email").on(t.email)],
);

export const passwordResets = sqliteTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  customerId: text("customer_id").notNull(),
  expiresAt: integer("expires_at").notNull(),
  usedAt: integer("used_at"),
});

export const loginAttempts = sqliteTable("login_attempts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  customerId: text("customer_id"),
  processId: text("process_id").notNull(),
  success: integer("success", { mode: "boolean" }).notNull(),
  note: text("note").notNull(),
  createdAt: createdAt(),
});

/**
 * Each passcode challenge a known customer started (forgot or create a
 * password, e-sign), so the servicing desk can resend its code (issue 20,
 * decision record 027). The vault's Durable Object id, never the challenge
 * id the borrower's session holds (which verifies a code) nor any code.
 */
export const passcodeChallenges = sqliteTable(
  "passcode_challenges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: text("customer_id").notNull(),
    vaultId: text("vault_id").notNull(),
    /** forgot | create | esign */
    purpose: text("purpose").notNull(),
    /** How the first code went: sms | voice | email. */
    channel: text("channel").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("passcode_challenges_vault").on(t.vaultId),
    index("passcode_challenges_customer").on(t.customerId, t.createdAt),
  ],
);

export const signatures = sqliteTable("signatures", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  lineId: integer("line_id").notNull(),
  documentId: text("document_id").notNull(),
  signatureText: text("signature_text").notNull(),
  ipAddress: text("ip_address").notNull(),
  userAgent: text("user_agent").notNull(),
  orderNo: integer("order_no").notNull(),
  signedAt: integer("signed_at").notNull(),
});

export const notes = sqliteTable("notes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  customerId: text("customer_id").notNull(),
  note: text("note").notNull(),
  isUrgent: integer("is_urgent", { mode: "boolean" }).notNull(),
  createdAt: createdAt(),
});

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The form's own key: a retried send (an answer lost on the way) stores one message. */
    requestId: text("request_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    category: text("category").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_messages_request").on(t.requestId)],
);

/**
 * Every e-mail, text and call the product sends, as the default provider
 * writes them: whole in development; elsewhere without their secrets
 * (passcodes, reset links: `{{code}}`, `{{link}}` stay as placeholders).
 * Purged after `messages.outboxRetentionDays` by the scheduled run.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    customerId: text("customer_id"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_created").on(t.createdAt)],
);

/**
 * One record per message dispatched through the queue (issue 18): what was
 * sent, to whom (masked), by which provider, and how it went. Never the
 * message's secrets (a passcode, a link): those travel only in the queue
 * message and to the provider. Status: queued, held (quiet hours: it waits in
 * the queue until `hold_until`), sent, delivered, failed or suppressed.
 */
export const messageRecords = sqliteTable(
  "message_records",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id"),
    channel: text("channel").notNull(),
    template: text("template").notNull(),
    recipientMasked: text("recipient_masked").notNull(),
    subject: text("subject").notNull().default(""),
    status: text("status").notNull(),
    provider: text("provider").notNull(),
    providerId: text("provider_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
    sentAt: integer("sent_at"),
    /** A text or call held for the borrower's quiet hours: when their 8 a.m. comes (decision record 033). */
    holdUntil: integer("hold_until"),
  },
  (t) => [
    index("message_records_customer").on(t.customerId, t.createdAt),
    index("message_records_provider_id").on(t.providerId),
  ],
);

/** Small operational settings (the development clock's offset). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Servicing notices already sent (each at most once per line and subject). */
/**
 * Channels that asked not to be sent to (issue 18): a number that texted a
 * stop keyword, an address whose mail bounced. `scope` "all" stops every
 * message (a passcode fails over to another channel); "marketing" stops
 * marketing only (what a START leaves: a number that once said STOP is never
 * sent marketing again). Addresses are digits, or a lower-cased e-mail.
 */
export const suppressions = sqliteTable(
  "suppressions",
  {
    channel: text("channel").notNull(),
    address: text("address").notNull(),
    scope: text("scope").notNull(),
    reason: text("reason").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.address] })],
);

/** WebAuthn passkeys of signed-in borrowers (public keys only). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    customerId: text("customer_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull(),
    transports: text("transports").notNull().default("[]"),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_customer").on(t.customerId)],
);

/** Short-lived WebAuthn challenges (five minutes, single use). */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  /** register (for this customer) or login (anyone). */
  purpose: text("purpose").notNull(),
  customerId: text("customer_id"),
  expiresAt: integer("expires_at").notNull(),
});

/** The exact agreement HTML a borrower signed, with the signature block (the portal shows these). */
export const signedDocuments = sqliteTable(
  "signed_documents",
  {
    id: text("id").primaryKey(),
    lineId: integer("line_id").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    html: text("html").notNull(),
    signedAt: integer("signed_at").notNull(),
  },
  (t) => [index("signed_documents_line").on(t.lineId)],
);

/**
 * The servicing desk's audit log (issue 20, decision record 021): one row per
 * action a desk user took, written in the action's own batch, so an action is
 * never saved without its row nor its row without the action. Append-only:
 * triggers in the migration refuse UPDATE and DELETE. The same desk user's
 * same key writes once (a resubmitted form, a retry).
 */
export const deskAudit = sqliteTable(
  "desk_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    /** The desk user's e-mail, as their identity (Access or the development sign-in) gave it. */
    actor: text("actor").notNull(),
    role: text("role").notNull(),
    action: text("action").notNull(),
    customerId: text("customer_id"),
    reason: text("reason").notNull(),
    /** What the action changed, as JSON: the figures or fields before and after. No SSN, no bank number. */
    before: text("before").notNull().default("{}"),
    after: text("after").notNull().default("{}"),
    idempotencyKey: text("idempotency_key").notNull(),
  },
  (t) => [
    uniqueIndex("desk_audit_key").on(t.actor, t.idempotencyKey),
    index("desk_audit_customer").on(t.customerId, t.at),
    index("desk_audit_at").on(t.at),
  ],
);

/**
 * Corrections of money awaiting a second person (issue 20, decision record
 * 022, maker-checker): a fee waiver or refund, or a payment reversal,
 * requested by one desk user and approved or rejected by a supervisor who
 * did not request it. The request, the decision and the reversal row are each
 * written with their audit row in one batch.
 */
export const deskRequests = sqliteTable(
  "desk_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: text("customer_id").notNull(),
    lineId: integer("line_id").notNull(),
    /** "waive fee" or "reverse payment". */
    kind: text("kind").notNull(),
    /** The ledger row it cancels. */
    entryId: text("entry_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    maker: text("maker").notNull(),
    madeAt: integer("made_at").notNull(),
    /** "pending", "approved" or "rejected". */
    status: text("status").notNull().default("pending"),
    checker: text("checker"),
    decidedAt: integer("decided_at"),
    decisionReason: text("decision_reason"),
    /** The maker's form key: the same form again makes no second request. */
    makerKey: text("maker_key").notNull(),
  },
  (t) => [
    uniqueIndex("desk_requests_maker_key").on(t.maker, t.makerKey),
    index("desk_requests_status").on(t.status, t.madeAt),
    index("desk_requests_customer").on(t.customerId, t.madeAt),
    // One open request per ledger row: a second would be approved twice.
    uniqueIndex("desk_requests_open_entry").on(t.entryId).where(sql`status = 'pending'`),
  ],
);
