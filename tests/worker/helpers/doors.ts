/**
 * Every door a request can come through, in one list per kind, so the abuse
 * and cross-customer tests cover the same set and a new route is one line.
 * Dev routes (/dev/*) are left out of the form actions: they are 404 outside
 * development and change the clock by design.
 */

export interface FormAction {
  path: string;
  /** Field names the page's form sends (garbage also uses any other name). */
  fields: readonly string[];
  /** The `intent` values the page's buttons send. */
  intents: readonly string[];
  /** Signed-in borrowers only: guests are sent to login. */
  portal?: boolean;
  /** E-sign: for an approved applicant or a borrower awaiting e-sign (status G). */
  esign?: boolean;
}

const AGREEMENTS = ["agrarbitration", "agrprivacypolicy", "agreleconsent", "agrcalprivacyact", "agrcredit"];
const PASSWORD_FLOW = {
  fields: [
    "email",
    "channel",
    "code",
    "d1",
    "d2",
    "d3",
    "d4",
    "d5",
    "d6",
    "birthdate",
    "last4",
    "password",
    "confirmPassword",
  ],
  intents: ["email", "method", "resend", "code", "continue", "save"],
};

/** Every route module with an action (app/routes.ts), dev routes excepted. */
export const formActions: readonly FormAction[] = [
  {
    path: "/apply/personal",
    fields: ["firstName", "lastName", "birthdate", "ssn", "email", "confirmEmail"],
    intents: [],
  },
  {
    path: "/apply/address",
    fields: ["streetAddress", "apt", "city", "state", "zip", "mainPhone", "mainIsCell", "cellPhone"],
    intents: [],
  },
  {
    path: "/apply/income",
    fields: ["source", "employerName", "workPhone", "takeHomePay", "paymentMethod", "secondarySource"],
    intents: [],
  },
  { path: "/apply/payfrequency", fields: ["interval", "lastPayDate", "firstPayDate", "secondPayDate"], intents: [] },
  { path: "/apply/banking", fields: ["routing", "account", "repaymentMethod"], intents: [] },
  { path: "/apply/back", fields: ["step"], intents: [] },
  { path: "/apply/start", fields: [], intents: [] },
  { path: "/login", fields: ["email", "password"], intents: ["email", "login"] },
  // The servicing desk's note (issue 20): refused (403) to anyone who is not at the desk, borrowers included.
  {
    path: "/desk/borrowers/any-customer",
    fields: [
      "note",
      "amount",
      "date",
      "reason",
      "authorized",
      "transactionId",
      "entryId",
      "requestId",
      "decision",
      "limit",
      "key",
    ],
    intents: [
      "note",
      "payment",
      "cancel",
      "unlock",
      "waive",
      "reverse",
      "decide",
      "limit",
      "revoke-autopay",
      "authorize-autopay",
      "reset-link",
    ],
  },
  { path: "/desk/approvals", fields: ["requestId", "decision", "reason", "key"], intents: [] },
  { path: "/create-password", ...PASSWORD_FLOW },
  { path: "/create-password/someone%40example.com", ...PASSWORD_FLOW },
  { path: "/forgot-password", ...PASSWORD_FLOW },
  { path: "/reset-password", fields: ["email", "last4", "birthdate", "password", "confirmPassword"], intents: [] },
  { path: "/reset-password?token=not-a-real-token", fields: ["password", "confirmPassword"], intents: [] },
  { path: "/verify-identity", fields: ["email", "last4", "birthdate"], intents: [] },
  {
    path: "/esign/consent",
    fields: [
      "drawAmount",
      "marketingCalls",
      "marketingTexts",
      "refuseDraw",
      "from",
      "password",
      "confirmPassword",
      "d1",
      "d2",
      "d3",
      "d4",
      "d5",
      "d6",
    ],
    intents: [
      "pwCreate",
      "pwCode",
      "pwResend",
      "pwSkip",
      "pwStart",
      ...AGREEMENTS.flatMap((k) => [`agree:${k}`, `disagree:${k}`]),
    ],
    esign: true,
  },
  {
    path: "/esign/signature",
    fields: ["repaymentMethod", "military", "acceptTerms", "borrowerName", "blackBox"],
    intents: [],
    esign: true,
  },
  // The agreement pages post Agree / Disagree to the consent action (tested above); they have no action of their own.
  { path: "/logout", fields: ["reason"], intents: [] },
  { path: "/draw", fields: ["amount", "key"], intents: ["review", "edit", "cancel", "submit"], portal: true },
  {
    path: "/payments",
    fields: ["option", "other", "date", "amount", "authorize", "key"],
    intents: ["method", "amount", "date", "cancel", "back", "review", "submit"],
    portal: true,
  },
  {
    path: "/preferences",
    fields: ["email", "mainPhone", "mainIsCell", "cellPhone", "emailMarketing", "callMarketing", "optOut"],
    intents: ["save"],
    portal: true,
  },
  { path: "/contact", fields: ["firstName", "lastName", "email", "phone", "messageCategory", "message"], intents: [] },
];

export interface ApiEndpoint {
  method: "GET" | "POST";
  /** `:param` parts are filled with garbage. */
  path: string;
  /**
   * Tables the endpoint writes whatever the body says, because starting
   * something IS its job; no other table may change.
   */
  writes?: readonly string[];
  /**
   * What a POST takes: a JSON object of fields, or nothing (an empty object
   * at most). GET endpoints take no body at all.
   */
  body?: "fields" | "none";
}

/** Every route of functions/server/api/app.ts and its sub-apps (/api/leads has tests of its own). */
export const apiEndpoints: readonly ApiEndpoint[] = [
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/openapi.json" },
  { method: "GET", path: "/api/geo" },
  { method: "GET", path: "/api/documents/:slug" },
  { method: "GET", path: "/api/calendar/holidays" },
  // Starting a passkey ceremony stores its challenge (5 minutes), whatever the body.
  { method: "POST", path: "/api/passkeys/login/options", writes: ["webauthn_challenges"], body: "none" },
  { method: "POST", path: "/api/passkeys/login/verify", body: "fields" },
  { method: "GET", path: "/api/passkeys" },
  { method: "POST", path: "/api/passkeys/register/options", writes: ["webauthn_challenges"], body: "none" },
  { method: "POST", path: "/api/passkeys/register/verify", body: "fields" },
  { method: "POST", path: "/api/passkeys/:id/rename", body: "fields" },
  { method: "POST", path: "/api/passkeys/:id/remove", body: "none" },
  // Development tools (404 in preview and production; live in tests, which run as development).
  { method: "GET", path: "/api/dev/outbox" },
  { method: "GET", path: "/api/dev/records" },
  { method: "GET", path: "/api/dev/ledger" },
  { method: "POST", path: "/api/dev/borrower", body: "fields" },
  { method: "POST", path: "/api/dev/bench/seed", body: "fields" },
  { method: "POST", path: "/api/dev/bench/run", body: "fields" },
  { method: "POST", path: "/api/dev/clock", body: "fields" },
  { method: "POST", path: "/api/dev/return", body: "fields" },
  { method: "POST", path: "/api/dev/tokens/end", body: "fields" },
];

/**
 * Every page with a loader (app/routes.ts), as a visitor opens it: the
 * portal's statement PDF and the site's documents are files, not loader
 * data, and are left out (tests/unit/doors.test.ts checks the list against
 * app/routes.ts). A query stands for the pages whose answer depends on one.
 */
export const pagePaths: readonly string[] = [
  "/",
  "/faq",
  "/how-it-works",
  "/privacy-policy",
  "/termsandconditions",
  "/caprivacy-policy",
  "/caprivacy-policy-info",
  "/about-us",
  "/apply/personal",
  "/apply/address",
  "/apply/income",
  "/apply/payfrequency",
  "/apply/banking",
  "/apply/back",
  "/apply/start",
  "/apply/approved",
  "/apply/approved?ID=not-a-real-link",
  "/apply/review",
  "/apply/leadpost",
  "/account",
  "/transactions",
  "/documents",
  "/draw",
  "/payments",
  "/preferences",
  "/documents/agreement",
  "/accountclosed",
  "/accountcredit",
  "/logout",
  "/contact",
  "/login",
  "/login?logout=idle",
  "/create-password",
  "/create-password/someone%40example.com",
  "/forgot-password",
  "/reset-password",
  "/reset-password?token=not-a-real-token",
  "/verify-identity",
  "/esign/consent",
  "/esign/document/agrcredit",
  "/esign/signature",
  "/esign/contact",
  "/esign/military",
  "/dev/outbox",
  "/dev/clock",
  "/dev/styleguide",
  "/dev/desk",
  "/dev/emails",
  "/desk",
  "/desk?email=someone%40example.com",
  "/desk/borrowers/any-customer",
  "/desk/borrowers/any-customer/statements/any-statement",
  "/desk/borrowers/any-customer/agreements",
  "/desk/approvals",
  "/desk/audit",
  "/desk/audit?action=note&from=2026-01-01",
  "/partners/sandbox",
  "/no-such-page",
];

/** Route paths of app/routes.ts that serve files rather than loader data. */
export const fileRoutes: readonly string[] = ["documents/statements/:id", "documents/:file", "dev/emails/:name"];
