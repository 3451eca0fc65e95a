/**
 * Every business value of the product (spec 0-decisions.md), in one place.
 * Pages, services and the servicing core import from here; no page repeats
 * these literals. Money is integer cents.
 */

export const brand = {
  name: "Ridgeline Credit",
  legalName: "Ridgeline Credit, LLC",
  lender: "Ridgeline Tribal Lending Authority",
  partnerBank: "Summit Valley Bank",
  servicer: "Ridgeline Servicing Company",
  financialEducationUrl: "https://www.consumerfinance.gov/consumer-tools/",
  copyrightYear: 2026,
} as const;

/** Phones in the fictional 555-01xx range, stored as digits. */
export const phones = {
  customerService: "18005550142",
  contact: "18005550142",
  accountSpecialist: "18005550143",
} as const;

export const address = {
  lines: ["1200 Ridgeline Parkway, Suite 400", "Boulder Creek, CO 80302"],
} as const;

export const emails = {
  customerService: "support@ridgelinecredit.example",
  latePayments: "collections@ridgelinecredit.example",
  ombudsman: "ombudsman@ridgelinecredit.example",
  privacy: "privacy@ridgelinecredit.example",
} as const;

/** Customer service hours, Eastern time. */
export const hours = {
  customerService: [
    { days: "Monday - Thursday", hours: "8 a.m. - 9 p.m. ET" },
    { days: "Friday", hours: "8 a.m. - 8 p.m. ET" },
    { days: "Saturday - Sunday", hours: "8 a.m. - 5 p.m. ET" },
  ],
  privacyRequests: [{ days: "Monday - Friday", hours: "8 a.m. - 6 p.m. ET" }],
} as const;

export const creditLine = {
  maxLimitCents: 350_000,
  newCustomerMinLimitCents: 30_000,
  newCustomerMaxLimitCents: 150_000,
  limitStepCents: 2_500,
  /** Approved limit = this share of monthly take-home income (0-decisions). */
  limitShareOfMonthlyIncome: 0.25,
  minMonthlyIncomeCents: 100_000,
  minApplicantAge: 18,
  minBirthYear: 1900,
  requestedAmountCents: 100_000,
  requestedDueDateOffsetDays: 3,
} as const;

export const draws = {
  minCents: 10_000,
  incrementCents: 2_500,
  firstDrawDefaultCents: 10_000,
  /** Eastern time cut-offs. */
  nextDayCutoff: { hour: 19, minute: 45 },
  sameDayCutoff: { hour: 11, minute: 45 },
} as const;

export type PayFrequency = "W" | "B" | "S" | "M";

/** How far back the Last Pay Date calendar reaches (spec file 1, section 5: "about 10 days back"). */
export const LAST_PAY_DATE_PICKER_DAYS = 10;
export type BillingCycle = "biweekly" | "semimonthly" | "monthly";

export const payFrequencies: Record<
  PayFrequency,
  { label: string; cycle: BillingCycle; paychecksPerYear: number; fillDays: number | null }
> = {
  W: { label: "Weekly", cycle: "biweekly", paychecksPerYear: 52, fillDays: 7 },
  B: { label: "Every 2 Weeks", cycle: "biweekly", paychecksPerYear: 26, fillDays: 14 },
  S: { label: "Twice Monthly", cycle: "semimonthly", paychecksPerYear: 24, fillDays: null },
  M: { label: "Monthly", cycle: "monthly", paychecksPerYear: 12, fillDays: 31 },
};

/** Cash advance fee per draw, in basis points, by billing cycle. */
export const cashAdvanceFeeBps: Record<BillingCycle, number> = {
  biweekly: 500,
  semimonthly: 500,
  monthly: 1_000,
};

/** Share of principal in the minimum payment, in basis points, by cycle. */
export const minimumPaymentPrincipalBps: Record<BillingCycle, number> = {
  biweekly: 500,
  semimonthly: 500,
  monthly: 1_000,
};

/**
 * Carried balance fee per statement: each row applies to principal balances
 * up to and including `upToCents`. Fees for the bi-weekly or semi-monthly
 * cycle and for the monthly cycle.
 */
export const carriedBalanceFees: ReadonlyArray<{
  upToCents: number;
  shortCycleCents: number;
  monthlyCents: number;
}> = [
  { upToCents: 1_000, shortCycleCents: 0, monthlyCents: 0 },
  { upToCents: 25_000, shortCycleCents: 500, monthlyCents: 1_000 },
  { upToCents: 50_000, shortCycleCents: 2_000, monthlyCents: 4_000 },
  { upToCents: 75_000, shortCycleCents: 3_000, monthlyCents: 6_000 },
  { upToCents: 100_000, shortCycleCents: 4_500, monthlyCents: 9_000 },
  { upToCents: 125_000, shortCycleCents: 5_500, monthlyCents: 11_000 },
  { upToCents: 150_000, shortCycleCents: 7_000, monthlyCents: 14_000 },
  { upToCents: 175_000, shortCycleCents: 8_000, monthlyCents: 16_000 },
  { upToCents: 200_000, shortCycleCents: 9_500, monthlyCents: 19_000 },
  { upToCents: 225_000, shortCycleCents: 10_500, monthlyCents: 21_000 },
  { upToCents: 250_000, shortCycleCents: 12_000, monthlyCents: 24_000 },
  { upToCents: 275_000, shortCycleCents: 13_000, monthlyCents: 26_000 },
  { upToCents: 300_000, shortCycleCents: 14_500, monthlyCents: 29_000 },
  { upToCents: 325_000, shortCycleCents: 15_500, monthlyCents: 31_000 },
  { upToCents: 350_000, shortCycleCents: 17_000, monthlyCents: 34_000 },
];

export const servicing = {
  statementLeadDays: 14,
  firstDueAfterDrawDays: 14,
  chargeOffAfterDaysPastDue: 90,
  closeAfterMonthsWithoutDraw: 12,
  closeAfterYearsAtZero: 2,
  closureNoticeDays: 30,
  /** A line closed at the borrower's request may be reopened at their request this many days after (decision record 028). */
  reopenWithinDays: 30,
  /** An automatic payment is announced by e-mail this many days before it is taken. */
  autopayReminderDays: 3,
  /**
   * A line's alarm fires this many minutes after its event day's Eastern midnight, spread by line id
   * over the next `alarmSpreadMinutes` (decision record 032): the directory's one writer is not asked
   * for every line's update in the same minute.
   */
  alarmAfterMidnightMinutes: 5,
  alarmSpreadMinutes: 240,
  /**
   * Where a line's object is first created (decision record 032): Cloudflare's western North America
   * for borrowers in these states, eastern North America for everyone else, so a borrower's writes
   * stay on their side of the continent.
   */
  westernStates: ["AK", "AZ", "CA", "CO", "HI", "ID", "MT", "NM", "NV", "OR", "UT", "WA", "WY"],
  minAchTransactionCents: 1_000,
  maxNoOfAchEffectiveDays: 45,
  maxPendingPayments: 3,
  achRevocationNoticeDays: 3,
  /** Spec file 3, section 9: how far ahead a borrower hears of a change to the agreement's terms. */
  termsChangeNoticeDays: 15,
  paperCheckExtraBusinessDays: { min: 7, max: 10 },
} as const;

/** Statements a billing cycle makes in a year: how a count of statements reads as years and months. */
export const statementsPerYear: Record<BillingCycle, number> = {
  biweekly: 26,
  semimonthly: 24,
  monthly: 12,
};

/**
 * What every statement issued from now on says besides its figures (0-decisions.md, "Notices and
 * records the law requires"; wording in functions/servicing/statement-notices.ts).
 */
export const statementNotices = {
  /**
   * The edition of the notices' wording a statement is issued with, stored on it: a later change
   * of wording is a new edition, and an issued statement keeps printing its own.
   */
  edition: 1,
  /** Where a borrower writes about a billing error (Regulation Z §1026.7(b)(9)): the company's own address. */
  billingErrorAddress: [brand.legalName, "Attn: Billing Error Notices", ...address.lines],
  /**
   * The minimum-payment warning projects at most this many years of statements: a payment that has
   * not repaid the balance by then (one that does not outpace the fees never does) is shown as never.
   */
  payoffProjectionMaxYears: 50,
} as const;

/** Federal Reserve holidays; the banking calendar computes their dates. */
export const federalReserveHolidays = [
  "New Year's Day",
  "Martin Luther King Jr. Day",
  "Presidents Day",
  "Memorial Day",
  "Juneteenth",
  "Independence Day",
  "Labor Day",
  "Columbus Day",
  "Veterans Day",
  "Thanksgiving",
  "Christmas",
] as const;

export const security = {
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  passcodeDigits: 6,
  passcodeValidMinutes: 10,
  passcodeMaxWrong: 5,
  passcodeMaxResends: 3,
  loginMaxWrong: 5,
  loginLockMinutes: 30,
  /** The login page says how many wrong passwords are left from this wrong one on (functions/domain/rules/login-attempts.ts). */
  loginWarnFromWrong: 2,
  pbkdf2Iterations: 100_000,
  passwordMinLength: 8,
  passwordMaxLength: 20,
} as const;

/**
 * Contact preferences a borrower has not been asked about. Spec file 3,
 * section 4: "Marketing emails default to allowed when the preference is
 * missing." Nothing before the Preferences page asks about marketing e-mails
 * (e-sign asks about texts and calls), so a new customer starts with this.
 */
export const contactPreferenceDefaults = {
  allowMarketingEmails: true,
} as const;

/** The default message provider's outbox (functions/servicing/messages.ts). */
export const messages = {
  /**
   * Outbox records are deleted by the scheduled run after this many days:
   * it is a delivery log, not the record of notices (statements, agreements
   * and the ledger are kept in their own tables), and each row names a
   * person's e-mail address or phone number.
   */
  outboxRetentionDays: 30,
  /**
   * A marketing e-mail's one-click unsubscribe link works this many days after the e-mail was sent
   * (CAN-SPAM asks for at least 30; mail read weeks late still unsubscribes), then asks for Preferences.
   */
  unsubscribeLinkDays: 60,
  /** An inbound text whose whole body is one of these turns service texts back on (stopping: `smsStopKeywords`). */
  smsStartKeywords: ["START", "UNSTOP"],
  /**
   * The dispatch queue (issue 18): a message that fails is tried again after
   * `retryBaseSeconds` doubled by each attempt, at most `retryMaxSeconds`,
   * and goes to the dead-letter queue after `maxAttempts` (wrangler.toml's
   * max_retries is one less: the first try is not a retry).
   */
  dispatch: { maxAttempts: 5, retryBaseSeconds: 5, retryMaxSeconds: 120 },
  /**
   * A message without secrets (a notice, a confirmation) that ran out of
   * attempts goes round again this many times, this long after: a provider
   * outage of hours does not lose a statement notice. A passcode never does:
   * it would arrive expired, and the borrower asks for another.
   */
  deadLetter: { rounds: 2, delaySeconds: 1_800 },
  /** Preferences lists this many of the borrower's latest messages. */
  recentShown: 10,
} as const;

/**
 * The notices the law requires (0-decisions.md "Notices and records the law requires", decision
 * record 033): the adverse-action e-mail, the reminders to e-sign, quiet hours for texts and calls.
 */
export const compliance = {
  /** An approval not e-signed within this many days lapses (the line is withdrawn, the applicant told). */
  approvalValidDays: 30,
  /** Reminders to e-sign: this long after the approval, and this long before it lapses. */
  esignReminderAfterHours: 24,
  esignReminderBeforeExpiryHours: 24,
  /** The consent to electronic records' disclosure (E-SIGN §101(c)): a new text is a new version. */
  esignDisclosureVersion: "1",
  /** Signed agreements, the consent record and issued statements are kept at least this long after the line closes. */
  recordsKeptMonthsAfterClose: 25,
  /** Texts and calls (not a passcode just asked for) go only from `opens` to `closes` o'clock, the borrower's local time. */
  quietHours: { opens: 8, closes: 21 },
  /** Regulation B's ECOA notice names the federal agency that administers compliance for this creditor. */
  ecoaAgency: ["Consumer Financial Protection Bureau", "1700 G Street NW", "Washington, DC 20552"],
  /** The consumer reporting agency named when a decision used a consumer report (FCRA §615(a)). */
  consumerReportingAgency: {
    name: "Experian",
    address: ["P.O. Box 2002", "Allen, TX 75013"],
    phone: "18883973742",
  },
} as const;

/** Partner lead posting (POST /api/leads, decision record 010). */
export const partnerLeads = {
  /** A signed request's X-Timestamp may be this far from now, either way. */
  signatureToleranceSeconds: 300,
  /** An approved applicant's link works once, within this time of the decision. */
  continueLinkHours: 24,
  /** A racing post for the same lead id waits this long for the first answer, then gets 409. */
  raceWaitMs: 3_000,
  /** A pending claim older than this is taken over (its request died before answering). */
  staleClaimMs: 60_000,
  /** Answered with a platform error: Retry-After on the 503. */
  errorRetryAfterSeconds: 30,
  /**
   * Postbacks (decision record 029): each milestone of a lead is posted to
   * its partner's URL by the scheduled run (every 15 minutes). A failed
   * attempt is tried again after the next delay of `retryMinutes` (rounded up
   * to a run), so 7 attempts over about three and a half days; then it is
   * given up and kept for operations. A lead is followed this many days after
   * its decision; each run asks the platform about this many leads at most,
   * and sends this many postbacks at most, `concurrency` at a time, each
   * waiting `timeoutMs` for an answer.
   */
  postbacks: {
    retryMinutes: [15, 60, 240, 720, 1_440, 2_880],
    followDays: 90,
    leadsAskedPerRun: 200,
    sentPerRun: 100,
    concurrency: 6,
    timeoutMs: 10_000,
  },
} as const;

/**
 * An inbound text whose whole body is one of these (any case) turns off texts
 * to that number (spec file 1, section 9). REMOVE is on the spec's list
 * although Twilio does not treat it as a stop word by default.
 */
export const smsStopKeywords = ["STOP", "END", "CANCEL", "UNSUBSCRIBE", "REMOVE", "QUIT", "STOPALL"] as const;

export const policyDates = {
  privacyPolicy: "September 2022",
  caPrivacyPolicy: "April 2021",
  /** A day, so shown like every other date (spec file 3, section 5): Jan. 24, 2024. */
  termsUpdated: "2024-01-24",
} as const;

export const states: ReadonlyArray<{ code: string; name: string }> = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code: code!, name: name! }));

/** States where new applications are not taken (union of both spec lists). */
export const noBusinessStates: ReadonlyArray<string> = [
  "AK",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "GA",
  "HI",
  "ID",
  "IL",
  "IA",
  "KS",
  "ME",
  "MD",
  "MA",
  "MN",
  "MT",
  "NE",
  "NY",
  "NH",
  "NJ",
  "NM",
  "NC",
  "ND",
  "OK",
  "PA",
  "RI",
  "SD",
  "VT",
  "VA",
  "WA",
  "WV",
  "WY",
];

/** Existing borrowers in these states keep the portal but cannot draw. */
export const drawBlockedStates: ReadonlyArray<string> = ["WA"];
