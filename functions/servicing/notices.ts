import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { notices } from "#db/line/tables";
import { customers } from "#db/schema/servicing";
import { servicing } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import { debitsOn } from "#domain/rules/autopay";
import type { LineRow } from "./book";
import type { DayWork, Notice } from "./engine/index";
import { outgoingFor } from "./outgoing";
import { type TemplatedMessage, templates } from "./templates";

type Person = { id: string; firstName: string; email: string };

/** One e-mail a run may send, with what makes it once-only on the line (the notices table). */
interface RunMessage {
  kind: string;
  ref: string;
  message: (to: Person) => TemplatedMessage;
}

/**
 * The e-mails of a run: past due, charged off, closure ahead, closed, a
 * statement ready (saying what is due, and when an automatic payment will be
 * taken), a payment posted. Each at most once per line, kind and reference;
 * after a long catch-up only the latest of each kind is sent, since older
 * ones are stale.
 */
function runMessages(line: LineRow, works: DayWork[]): RunMessage[] {
  const latest = new Map<string, RunMessage>();
  for (const work of works) {
    for (const notice of work.notices)
      latest.set(notice.kind, { kind: notice.kind, ref: notice.ref, message: (to) => noticeMessage(notice, to) });
    for (const s of work.statements)
      latest.set("statement_ready", {
        kind: "statement_ready",
        ref: s.id,
        message: (to) =>
          templates.statementReady(to, {
            statementDate: s.statementDate,
            dueDate: s.dueDate,
            minimumDueCents: s.totalMinimumDueCents ?? s.minimumDueCents,
            // A revoked authorization promises no debit on or after its first day without (decision record 024).
            automatic: debitsOn(line, s.dueDate),
          }),
      });
    for (const p of work.posted)
      latest.set("payment_posted", {
        kind: "payment_posted",
        ref: String(p.id),
        message: (to) => templates.paymentPosted(to, { cents: p.amountCents, date: p.effectiveDate }),
      });
  }
  return [...latest.values()];
}

export async function sendNotices(db: Database, line: LineRow, works: DayWork[], now: Date): Promise<void> {
  const due = runMessages(line, works);
  if (due.length === 0) return;
  const customer = await db.select().from(customers).where(eq(customers.id, line.customerId)).get();
  if (!customer) return;
  for (const { kind, ref, message } of due) {
    const inserted = await db
      .insert(notices)
      .values({ lineId: line.id, kind, ref, createdAt: now.getTime() })
      .onConflictDoNothing()
      .returning({ kind: notices.kind });
    if (inserted.length === 0) continue;
    await outgoingFor(db).send(message(customer));
  }
}

const money = (cents: number) => formatMoney(cents, { cents: true });

const NOTICE_TEMPLATE = {
  past_due: "pastDue",
  charged_off: "chargedOff",
  closure_notice: "closureNotice",
  closed: "closed",
} as const;

type TextNotice = Notice & { kind: keyof typeof NOTICE_TEMPLATE };
const isTextNotice = (notice: Notice): notice is TextNotice => notice.kind in NOTICE_TEMPLATE;

function noticeMessage(notice: Notice, to: Person): TemplatedMessage {
  if (isTextNotice(notice)) {
    const { subject, body } = noticeText(notice);
    return templates.notice(NOTICE_TEMPLATE[notice.kind], to, subject, body);
  }
  // autopay_upcoming: the engine names the payment it will take.
  const payment = notice.payment!;
  return templates.autopayUpcoming(to, { cents: payment.amountCents, date: payment.date });
}

export function noticeText(notice: TextNotice): { subject: string; body: string } {
  const { state } = notice;
  switch (notice.kind) {
    case "past_due":
      return {
        subject: "Your payment is past due",
        body: `your account is past due by ${money(state.pastDueCents)}. Please make a payment to bring it up to date.`,
      };
    case "charged_off":
      return {
        subject: "Your account has been charged off",
        body: `your account is more than ${servicing.chargeOffAfterDaysPastDue} days past due and has been charged off. The full balance of ${money(state.balanceCents)} is due.`,
      };
    case "closure_notice":
      return {
        subject: "Your line of credit will close soon",
        body: `your line of credit will close on ${formatDate(notice.closesOn!)} unless you use it before then.`,
      };
    case "closed":
      return {
        subject: "Your line of credit is closed",
        body: "your line of credit has been closed. You are welcome to apply again.",
      };
  }
}
