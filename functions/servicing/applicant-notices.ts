import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, or } from "drizzle-orm";
import { type Database, database } from "#db/client";
import { applicantNotices } from "#db/schema/notices";
import { applications, customers, lines, messageRecords } from "#db/schema/servicing";
import { easternDateTime } from "#domain/calendar";
import { compliance } from "#domain/config";
import {
  adverseActionMessage,
  approvalLapsedMessage,
  type DenialReason,
  esignReminderMessage,
  reasonWords,
} from "./applicant-wording";
import type { CoreEnv } from "./env";
import { outgoingFor, withOutgoing } from "./outgoing";
import type { TemplatedMessage } from "./templates";

/**
 * The notices an applicant is owed (decision record 033): the adverse-action notice of every
 * denial, the reminders to e-sign an approval, and the word that it lapsed. Each is first a row of
 * `applicant_notices` (written with the decision, or by the scheduled run), then handed to the
 * dispatch queue; the row keeps the record's id. A notice whose hand-over failed keeps a null id,
 * and the next scheduled run sends it: none is lost, none is sent twice by the same path.
 */

export type NoticeKind = "adverse_action" | "esign_reminder" | "esign_last_reminder" | "approval_lapsed";
type NoticeRow = typeof applicantNotices.$inferSelect;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A decision's own notice is sent by its request; the run takes over only once this has passed. */
const TAKE_OVER_AFTER_MS = 2 * 60_000;
/** What a reminder found no longer owed is marked with (signed, withdrawn or lapsed before it went). */
const NOT_SENT = "not-sent";

/** The adverse-action notice's row as the decision makes it (once per application or refused submission). */
export function adverseActionNotice(
  notice: { ref: string | number; customerId: string; applicationId: number | null; reasons: DenialReason[] },
  now: number,
): NoticeRow {
  return {
    id: `adverse_action:${notice.ref}`,
    customerId: notice.customerId,
    applicationId: notice.applicationId,
    kind: "adverse_action",
    reasons: JSON.stringify(notice.reasons),
    // The embedded rules decide on the application alone: no consumer report is pulled.
    consumerReport: false,
    messageId: null,
    createdAt: now,
  };
}

/** The notice's insert, for the decision's own batch: the row when it is new, none when it was written before. */
export const adverseActionRow = (db: Database, row: NoticeRow) =>
  db.insert(applicantNotices).values(row).onConflictDoNothing().returning();

/** The applicant's applications and lines the notices read, by application id. */
async function applicationOf(db: Database, applicationId: number | null) {
  if (applicationId === null) return undefined;
  return db
    .select({ limitCents: lines.creditLimitCents, createdAt: lines.createdAt, status: lines.status })
    .from(lines)
    .where(eq(lines.applicationId, applicationId))
    .get();
}

/** The day an approval made at `createdAt` lapses unsigned (Eastern). */
export const lapsesOn = (createdAt: number) =>
  easternDateTime(new Date(createdAt + compliance.approvalValidDays * DAY)).date;

/** A notice's message, or null when it is no longer owed (a reminder for a line signed or withdrawn since). */
async function messageOf(
  db: Database,
  env: Pick<CoreEnv, "SITE_ORIGIN">,
  row: NoticeRow,
): Promise<TemplatedMessage | null> {
  const customer = await db.select().from(customers).where(eq(customers.id, row.customerId)).get();
  if (!customer) return null;
  const to = { id: customer.id, firstName: customer.firstName, email: customer.email };
  const site = env.SITE_ORIGIN ?? "";
  if (row.kind === "adverse_action") {
    const reasons = JSON.parse(row.reasons ?? "[]") as DenialReason[];
    return adverseActionMessage(to, { reasons, state: customer.state, consumerReport: row.consumerReport });
  }
  const line = await applicationOf(db, row.applicationId);
  if (!line) return null;
  if (row.kind === "approval_lapsed")
    return approvalLapsedMessage(to, { limitCents: line.limitCents, applyUrl: `${site}/` });
  if (line.status !== "awaiting_esign") return null;
  return esignReminderMessage(to, {
    limitCents: line.limitCents,
    lapsesOn: lapsesOn(line.createdAt),
    last: row.kind === "esign_last_reminder",
    loginUrl: `${site}/login`,
  });
}

/**
 * Hands one recorded notice to the dispatch queue and keeps its record's id. Never throws: a
 * failure is logged by kind only (never a reason: they are the applicant's) and left for the run.
 */
export async function sendApplicantNotice(
  db: Database,
  env: Pick<CoreEnv, "SITE_ORIGIN">,
  row: NoticeRow,
): Promise<boolean> {
  try {
    const message = await messageOf(db, env, row);
    const sent = message ? await outgoingFor(db).send(message) : { id: NOT_SENT };
    await db
      .update(applicantNotices)
      .set({ messageId: sent.id || NOT_SENT })
      .where(and(eq(applicantNotices.id, row.id), isNull(applicantNotices.messageId)));
    return message !== null;
  } catch (error) {
    console.error("applicant notice not sent", row.kind, error instanceof Error ? error.name : "unknown");
    return false;
  }
}

export interface ApplicantNoticesReport {
  lapsed: number;
  reminders: number;
  sent: number;
}

/**
 * The scheduled run's part (and the development clock's): approvals past their days lapse, the
 * reminders due are recorded, and every notice not yet handed over is sent. It reads only the
 * lines awaiting e-sign (the status index) and the unsent notices (their own partial index).
 */
export async function runApplicantNotices(
  db: Database,
  env: Pick<CoreEnv, "SITE_ORIGIN">,
  now: number,
): Promise<ApplicantNoticesReport> {
  const lapsed = await lapseApprovals(db, now);
  const reminders = await recordReminders(db, now);
  // A decision's own notice is its request's to send, unless that has plainly failed; the run's own, at once.
  const unsent = await db
    .select()
    .from(applicantNotices)
    .where(
      and(
        isNull(applicantNotices.messageId),
        or(ne(applicantNotices.kind, "adverse_action"), lt(applicantNotices.createdAt, now - TAKE_OVER_AFTER_MS)),
      ),
    )
    .orderBy(asc(applicantNotices.createdAt))
    .all();
  let sent = 0;
  for (const row of unsent) if (await sendApplicantNotice(db, env, row)) sent++;
  return { lapsed, reminders, sent };
}

/** Approvals unsigned for `approvalValidDays`: the line is withdrawn, the application too, and the applicant told. */
async function lapseApprovals(db: Database, now: number): Promise<number> {
  const due = await db
    .select({ id: lines.id, applicationId: lines.applicationId, customerId: lines.customerId })
    .from(lines)
    .where(and(eq(lines.status, "awaiting_esign"), lte(lines.createdAt, now - compliance.approvalValidDays * DAY)))
    .all();
  for (const line of due) {
    const reason = "Approval lapsed unsigned";
    await db.batch([
      db
        .update(lines)
        .set({ status: "withdrawn", closedAt: now, closureReason: reason })
        .where(and(eq(lines.id, line.id), eq(lines.status, "awaiting_esign"))),
      db
        .update(applications)
        .set({ status: "withdrawn", voidReason: reason })
        .where(and(eq(applications.id, line.applicationId), inArray(applications.status, ["approved"]))),
      noticeRow(db, "approval_lapsed", line, now),
    ]);
  }
  return due.length;
}

/** One reminder per approval and kind: the first a day after approval, the last a day before it lapses. */
async function recordReminders(db: Database, now: number): Promise<number> {
  const waiting = await db
    .select({
      id: lines.id,
      applicationId: lines.applicationId,
      customerId: lines.customerId,
      createdAt: lines.createdAt,
    })
    .from(lines)
    .where(
      and(eq(lines.status, "awaiting_esign"), lte(lines.createdAt, now - compliance.esignReminderAfterHours * HOUR)),
    )
    .all();
  const lastFrom = compliance.approvalValidDays * DAY - compliance.esignReminderBeforeExpiryHours * HOUR;
  // After a long gap only the latest reminder is due: a first one a day before the end would say too little.
  const writes = waiting.map((line) =>
    noticeRow(db, now - line.createdAt >= lastFrom ? "esign_last_reminder" : "esign_reminder", line, now),
  );
  if (writes.length === 0) return 0;
  const results = await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
  return results.filter((r) => r.meta.changes === 1).length;
}

function noticeRow(db: Database, kind: NoticeKind, line: { applicationId: number; customerId: string }, now: number) {
  return db
    .insert(applicantNotices)
    .values({
      id: `${kind}:${line.applicationId}`,
      customerId: line.customerId,
      applicationId: line.applicationId,
      kind,
      createdAt: now,
    })
    .onConflictDoNothing();
}

const NOTICE_TITLES: Record<NoticeKind, string> = {
  adverse_action: "Adverse-action notice",
  esign_reminder: "Reminder to e-sign",
  esign_last_reminder: "Last reminder to e-sign",
  approval_lapsed: "Approval lapsed",
};

/** The notices an applicant was owed, newest first, with how their message went (the desk's applicant record). */
export function deskNoticesQuery(db: Database, customerId: string) {
  return db
    .select({
      kind: applicantNotices.kind,
      applicationId: applicantNotices.applicationId,
      reasons: applicantNotices.reasons,
      consumerReport: applicantNotices.consumerReport,
      messageId: applicantNotices.messageId,
      createdAt: applicantNotices.createdAt,
      delivery: messageRecords.status,
    })
    .from(applicantNotices)
    .leftJoin(messageRecords, eq(messageRecords.id, applicantNotices.messageId))
    .where(eq(applicantNotices.customerId, customerId))
    .orderBy(desc(applicantNotices.createdAt));
}

/** A notice as the desk shows it: what, why in the applicant's words, and whether it went. */
export function deskNoticeView(row: Awaited<ReturnType<typeof deskNoticesQuery>>[number], state: string) {
  const reasons = JSON.parse(row.reasons ?? "[]") as DenialReason[];
  return {
    title: NOTICE_TITLES[row.kind as NoticeKind] ?? row.kind,
    applicationId: row.applicationId,
    createdAt: row.createdAt,
    reasons: reasons.map((r) => reasonWords(r, state)),
    consumerReport: row.consumerReport,
    delivery:
      row.messageId === null
        ? "not yet sent"
        : row.messageId === NOT_SENT
          ? "not owed any more"
          : (row.delivery ?? "sent"),
  };
}

/** The scheduled run's notices (and the development clock's), through the dispatch queue like every message. */
export function runNoticesDaily(env: CoreEnv, now: number): Promise<ApplicantNoticesReport> {
  return runApplicantNotices(
    withOutgoing(database(env.DB), env, () => now),
    env,
    now,
  );
}
