import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { esignConsents } from "#db/schema/notices";
import {
  applications,
  customers,
  deskAudit,
  lines,
  loginAttempts,
  messageRecords,
  notes,
  users,
} from "#db/schema/servicing";
import { achEffectiveDate, payDatesAfter } from "#domain/calendar";
import type { PayFrequency } from "#domain/config";
import { canAct, DESK_SEARCH_LIMIT, type DeskRole, type DeskSearch } from "#domain/desk";
import { reopenUntil } from "#domain/rules/closure";
import { raiseCeilingCents } from "#domain/rules/credit-limit";
import { timeZoneOf } from "#domain/rules/quiet-hours";
import { type LineState, lineStanding, loadLineState } from "./account-state";
import { deskNoticesQuery, deskNoticeView } from "./applicant-notices";
import { ServicingError } from "./context";
import { latestLine } from "./customers";
import { type CorrectionKind, correctable } from "./engine/index";
import { summaryCustomerColumns, transactionHistory } from "./summary";

/**
 * What the servicing core shows and does for the servicing desk (issue 20,
 * decision record 021). The desk reaches it only through the core's door
 * (index.ts): it never reads the core's tables itself. Every action names its
 * actor and reason and writes one audit row in its own batch.
 */

export interface DeskActor {
  email: string;
  role: DeskRole;
}

/** The core refuses too (not only the pages): an auditor sees everything and changes nothing. */
export function requireActingRole(actor: DeskActor): void {
  if (!canAct(actor)) throw new ServicingError(403, "Your desk role may not make changes.");
}

export interface DeskSearchResult {
  customerId: string;
  name: string;
  email: string;
  phone: string;
  lineId: number | null;
  standing: string;
  balanceCents: number | null;
}

/** The newest messages and sign-ins a file shows. */
const FILE_ROWS = 50;

/** The customers a search names (at most 20), each with their newest line's standing at a glance. */
export async function deskSearch(db: Database, search: DeskSearch, now: Date): Promise<DeskSearchResult[]> {
  const found = await deskSearchQuery(db, search).all();
  return Promise.all(
    found.map(async (c) => {
      const state = await newestLineState(db, c.id, now);
      return {
        customerId: c.id,
        name: `${c.firstName} ${c.lastName}`,
        email: c.email,
        phone: c.homePhone,
        lineId: state?.line.id ?? null,
        standing: state ? lineStanding(state) : "no line",
        balanceCents: state?.figures.balanceCents ?? null,
      };
    }),
  );
}

/** The customers' query alone (the worker tests read its plan). */
export function deskSearchQuery(db: Database, search: DeskSearch) {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      homePhone: customers.homePhone,
    })
    .from(customers)
    .where(searchCondition(search))
    .orderBy(...searchOrder(search))
    .limit(DESK_SEARCH_LIMIT);
}

/**
 * A name and part of an e-mail each read an index (db/schema/servicing.ts), with the same lower() on both sides.
 * A name: a seek on the whole last name (customers_name), then a range on the first name for its first letters:
 * every name starting "ana" is from "ana" up to "ana" and the highest code point. Part of an e-mail: a substring
 * cannot seek, so the rowids come from a scan of the narrow index on lower(email) alone (covering: it reads no
 * table row), and only the 20 found are read from the table. The part is matched literally (likeContaining). A
 * whole address is a part too, but one that many addresses contain ("li@gmail.com") could fall past the first 20
 * by address: so the address itself (a seek on the same index) comes first.
 */
function searchCondition(search: DeskSearch) {
  switch (search.by) {
    case "name": {
      const lastName = sql`lower(${customers.lastName}) = lower(${search.lastName})`;
      if (search.firstNamePrefix === "") return lastName;
      const from = search.firstNamePrefix;
      return and(
        lastName,
        sql`lower(${customers.firstName}) >= lower(${from})`,
        sql`lower(${customers.firstName}) < lower(${`${from}\u{10FFFF}`})`,
      );
    }
    case "email": {
      const email = sql`lower(${customers.email})`;
      const exact = sql`SELECT rowid FROM ${customers} WHERE ${email} = lower(${search.part})`;
      const containing = sql`SELECT rowid AS found FROM ${customers} WHERE ${email} LIKE lower(${likeContaining(search.part)}) ESCAPE '\\' ORDER BY ${email} LIMIT ${DESK_SEARCH_LIMIT}`;
      return sql`${customers}.rowid IN (${exact} UNION ALL SELECT found FROM (${containing}))`;
    }
    case "phone":
      return or(eq(customers.homePhone, search.phone), eq(customers.mobilePhone, search.phone));
    case "ssn":
      return and(eq(customers.ssnLast4, search.last4), eq(customers.dob, search.dob));
    case "application":
      return sql`${customers.id} IN (SELECT ${applications.customerId} FROM ${applications} WHERE ${applications.id} = ${search.applicationId})`;
    case "line":
      return sql`${customers.id} IN (SELECT ${lines.customerId} FROM ${lines} WHERE ${lines.id} = ${search.lineId})`;
  }
}

/** A name's results by first name, then the newest customer (the last name is the one searched); an e-mail's by address, the whole one first. */
function searchOrder(search: DeskSearch): SQL[] {
  switch (search.by) {
    case "name":
      // Not lower(last_name) first: the search fixes it, and naming it makes SQLite sort rather than read the index in order.
      return [sql`lower(${customers.firstName})`, desc(customers.createdAt)];
    case "email":
      return [sql`lower(${customers.email}) = lower(${search.part}) desc`, sql`lower(${customers.email})`];
    default:
      return [];
  }
}

/** A LIKE pattern for text containing `part` as typed: its %, _ and \ are escaped (ESCAPE '\'), never wildcards. */
const likeContaining = (part: string) => `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function newestLineState(db: Database, customerId: string, now: Date): Promise<LineState | null> {
  const line = await latestLine(db, customerId);
  return line ? loadLineState(db, line, now) : null;
}

/** Everything the desk shows about one customer. SSN: the last four only; bank account: the last four only. */
export async function deskBorrowerFile(db: Database, customerId: string, now: Date) {
  const [
    customerRows,
    applicationRows,
    noteRows,
    auditRows,
    userRows,
    messageRows,
    attemptRows,
    noticeRows,
    consentRows,
  ] = await db.batch([
    // What the summary shows of a customer: never the SSN's hash or its encrypted digits.
    db.select(summaryCustomerColumns).from(customers).where(eq(customers.id, customerId)),
    db
      .select({
        id: applications.id,
        status: applications.status,
        decisionReason: applications.decisionReason,
        approvedLimitCents: applications.approvedLimitCents,
        leadSource: applications.leadSource,
        bankAccountLast4: applications.bankAccountLast4,
        payFrequency: applications.payFrequency,
        createdAt: applications.createdAt,
      })
      .from(applications)
      .where(eq(applications.customerId, customerId))
      .orderBy(desc(applications.createdAt)),
    db.select().from(notes).where(eq(notes.customerId, customerId)).orderBy(desc(notes.createdAt), desc(notes.id)),
    db
      .select()
      .from(deskAudit)
      .where(eq(deskAudit.customerId, customerId))
      .orderBy(desc(deskAudit.at), desc(deskAudit.id)),
    db
      .select({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.customerId, customerId)),
    // Messages sent: their records only (masked recipient, template, status), never a body or a passcode.
    db
      .select({
        channel: messageRecords.channel,
        template: messageRecords.template,
        recipient: messageRecords.recipientMasked,
        subject: messageRecords.subject,
        status: messageRecords.status,
        holdUntil: messageRecords.holdUntil,
        createdAt: messageRecords.createdAt,
      })
      .from(messageRecords)
      .where(eq(messageRecords.customerId, customerId))
      .orderBy(desc(messageRecords.createdAt))
      .limit(FILE_ROWS),
    db
      .select({ success: loginAttempts.success, note: loginAttempts.note, createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(eq(loginAttempts.customerId, customerId))
      .orderBy(desc(loginAttempts.createdAt), desc(loginAttempts.id))
      .limit(FILE_ROWS),
    deskNoticesQuery(db, customerId),
    db.select().from(esignConsents).where(eq(esignConsents.customerId, customerId)).orderBy(desc(esignConsents.at)),
  ]);
  const customer = customerRows[0];
  if (!customer) throw new ServicingError(404, "No such customer.");
  const state = await newestLineState(db, customerId, now);
  return {
    profile: {
      id: customer.id,
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
      homePhone: customer.homePhone,
      mobilePhone: customer.mobilePhone,
      address: [customer.address1, customer.address2, `${customer.city}, ${customer.state} ${customer.zip}`]
        .filter(Boolean)
        .join(", "),
      dob: customer.dob,
      ssnLast4: customer.ssnLast4,
    },
    line: state ? lineView(state, now) : null,
    /** The sign-in's wrong-password count and lock (null: no password yet). */
    login: userRows[0]
      ? {
          failedLogins: userRows[0].failedLogins,
          lockedUntil:
            userRows[0].lockedUntil && userRows[0].lockedUntil > now.getTime() ? userRows[0].lockedUntil : null,
        }
      : null,
    applications: applicationRows,
    /** The notices the law required, with their reasons in the applicant's words (the agent reads them out). */
    notices: noticeRows.map((row) => deskNoticeView(row, customer.state)),
    /** The consent to electronic records, as given and withdrawn (E-SIGN §101(c)): newest first. */
    consents: consentRows,
    /** Where the borrower lives, by the clock: a held text or call goes at their 8 a.m. */
    timeZone: timeZoneOf(customer.state, customer.zip).zone,
    messages: messageRows,
    signIns: attemptRows,
    notes: noteRows,
    audit: auditRows,
  };
}

export type DeskBorrowerFile = Awaited<ReturnType<typeof deskBorrowerFile>>;

function lineView(state: LineState, now: Date) {
  const { figures } = state;
  return {
    id: state.line.id,
    status: state.line.status,
    standing: lineStanding(state),
    today: state.today,
    achEffectiveDate: achEffectiveDate(now, false),
    creditLimitCents: state.line.creditLimitCents,
    /** The most a raise may reach (decision record 023), from the income on the line's application. */
    raiseCeilingCents: state.application
      ? raiseCeilingCents(state.application.takeHomeCents, state.application.payFrequency as PayFrequency)
      : 0,
    /** The pay schedule due dates follow (decision record 026): its frequency and a known pay date. */
    payFrequency: state.line.payFrequency as PayFrequency,
    payAnchorDate: state.line.payAnchorDate,
    nextPayDate: payDatesAfter(state.line.payAnchorDate, state.line.payFrequency as PayFrequency, state.today, 1)[0]!,
    repaymentMethod: state.line.repaymentMethod,
    /** A revocation's first day without automatic debits, or null (decision record 024). */
    autopayEndsOn: state.line.autopayEndsOn,
    nextAutomaticPayment: state.figures.nextAutomaticPayment,
    /** The day the borrower asked to close with a balance, or null (decision record 025). */
    closeRequestedOn: state.line.status === "open" ? state.line.closeRequestedOn : null,
    /** A closed line's closing day and why, and the last day it may be reopened (decision record 028), or nulls. */
    closedOn: state.book.line.closedOn ?? null,
    closureReason: state.book.line.closureReason ?? null,
    reopenUntil:
      state.line.status === "closed" && state.book.line.closureReason === "requested" && state.book.line.closedOn
        ? reopenUntil(state.book.line.closedOn)
        : null,
    figures: {
      balanceCents: figures.balanceCents,
      principalCents: figures.principalCents,
      availableCreditCents: figures.availableCreditCents,
      /** What the borrower's pages show (0 unless current and not closing) and may draw. */
      shownAvailableCreditCents: figures.shownAvailableCreditCents,
      pastDueCents: figures.pastDueCents,
      nextDueDate: figures.nextDueDate,
      payoffCents: figures.payoffCents,
      unappliedCents: figures.unappliedCents,
      nextMinimumDueCents: figures.nextMinimumDueCents,
    },
    ledger: withRunningBalance(transactionHistory(state.book.entries)),
    statements: [...state.statementRows].reverse().map((s) => ({
      id: s.id,
      statementDate: s.statementDate,
      dueDate: s.dueDate,
      balanceCents: s.balanceCents,
      minimumDueCents: s.totalMinimumDueCents ?? s.minimumDueCents + s.pastDueCents,
    })),
    correctable: {
      fees: state.line.status === "closed" ? [] : correctableRows(state, "waive fee"),
      payments: state.line.status === "closed" ? [] : correctableRows(state, "reverse payment"),
    },
    pending: state.pending.map((t) => ({
      id: t.id,
      code: t.code,
      amountCents: t.amountCents,
      effectiveDate: t.effectiveDate,
    })),
  };
}

/** The rows a correction may name today, newest first, as the desk's choices show them. */
function correctableRows(state: LineState, kind: CorrectionKind) {
  return correctable(state.book, kind, state.today)
    .map((e) => ({ id: e.id, amountCents: e.amountCents, date: e.effectiveDate, reference: e.reference ?? null }))
    .reverse();
}

/** The ledger newest first, each row with the balance after it (oldest first, credits negative). */
export function withRunningBalance<T extends { transationAmount: number }>(newestFirst: readonly T[]) {
  let balance = 0;
  const oldestFirst = [...newestFirst].reverse().map((row) => {
    balance += row.transationAmount;
    return { ...row, balanceAfterCents: balance };
  });
  return oldestFirst.reverse();
}

/** A note on the customer's record, and its audit row, in one batch; the same actor's same key writes once. */
export async function deskAddNote(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: { customerId: string; note: string; key: string },
  now: number,
): Promise<{ written: boolean }> {
  requireActingRole(actor);
  const note = input.note.trim();
  if (!note) throw new ServicingError(422, "Write the note.", { note: "Required." });
  const exists = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)).get();
  if (!exists) throw new ServicingError(404, "No such customer.");
  const [, audited] = await d1.batch([
    // The note only while the key is unused; then its audit row, which uses the key (a replay writes neither).
    d1
      .prepare(
        `INSERT INTO notes (customer_id, note, is_urgent, created_at) SELECT ?, ?, 0, ?
         WHERE NOT EXISTS (SELECT 1 FROM desk_audit WHERE actor = ? AND idempotency_key = ?)`,
      )
      .bind(input.customerId, note, now, actor.email, input.key),
    auditInsert(
      d1,
      actor,
      { action: "note", customerId: input.customerId, reason: note, after: { note } },
      input.key,
      now,
    ),
  ]);
  return { written: audited?.meta.changes === 1 };
}

/** What one desk action records about itself (decision record 021). */
export interface AuditEntry {
  action: string;
  customerId: string;
  reason: string;
  before?: object;
  after?: object;
}

/** The audit row's columns, for an action's own batch (as a statement here, or a posting's guarded write). */
export function auditRecord(actor: DeskActor, entry: AuditEntry, key: string, now: number) {
  return {
    at: now,
    actor: actor.email,
    role: actor.role,
    action: entry.action,
    customer_id: entry.customerId,
    reason: entry.reason,
    before: JSON.stringify(entry.before ?? {}),
    after: JSON.stringify(entry.after ?? {}),
    idempotency_key: key,
  };
}

/** What this actor's action under this key recorded (its before and after), or null: a form sent again answers from it. */
export async function auditedUnder(db: Database, actor: DeskActor, key: string) {
  const row = await db
    .select({ before: deskAudit.before, after: deskAudit.after })
    .from(deskAudit)
    .where(and(eq(deskAudit.actor, actor.email), eq(deskAudit.idempotencyKey, key)))
    .get();
  return row ? { before: JSON.parse(row.before) as unknown, after: JSON.parse(row.after) as unknown } : null;
}

export type Audited = NonNullable<Awaited<ReturnType<typeof auditedUnder>>>;

/**
 * A refusal, unless the same form's other submit (a double click) committed
 * after this one first looked: then that submit's answer, not a refusal of
 * what was just done.
 */
export async function unlessAnswered<R>(
  db: Database,
  actor: DeskActor,
  key: string,
  refusal: ServicingError,
  replay: (done: Audited) => R,
): Promise<R> {
  const done = await auditedUnder(db, actor, key);
  if (done) return replay(done);
  throw refusal;
}

/** One audit row, unless this actor already used this key (the action's batch then writes nothing). */
export function auditInsert(d1: D1Database, actor: DeskActor, entry: AuditEntry, key: string, now: number) {
  const row = auditRecord(actor, entry, key, now);
  const columns = Object.keys(row);
  return d1
    .prepare(
      `INSERT INTO desk_audit (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})
       ON CONFLICT (actor, idempotency_key) DO NOTHING`,
    )
    .bind(...Object.values(row));
}

/** UNLOCK a sign-in locked by wrong passwords (or clear its count), with its audit row, in one batch; once per key. */
export async function deskUnlockLogin(
  d1: D1Database,
  db: Database,
  actor: DeskActor,
  input: { customerId: string; reason: string; key: string },
  now: number,
): Promise<{ written: boolean }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, "Give the reason for unlocking.", { reason: "Required." });
  const user = await db
    .select({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.customerId, input.customerId))
    .get();
  if (!user) throw new ServicingError(404, "This customer has no password yet.");
  const entry = {
    action: "unlock login",
    customerId: input.customerId,
    reason,
    before: { failedLogins: user.failedLogins, lockedUntil: user.lockedUntil },
    after: { failedLogins: 0, lockedUntil: null },
  };
  const [, audited] = await d1.batch([
    d1
      .prepare(
        `UPDATE users SET failed_logins = 0, locked_until = NULL, updated_at = ?
         WHERE customer_id = ? AND NOT EXISTS (SELECT 1 FROM desk_audit WHERE actor = ? AND idempotency_key = ?)`,
      )
      .bind(now, input.customerId, actor.email, input.key),
    auditInsert(d1, actor, entry, input.key, now),
  ]);
  return { written: audited?.meta.changes === 1 };
}
