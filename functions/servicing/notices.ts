import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, notices } from "#db/schema/servicing";
import { servicing } from "#domain/config";
import { formatDate, formatMoney } from "#domain/format";
import type { LineRow } from "./book";
import type { DayWork, Notice } from "./engine/index";
import { outboxProvider } from "./messages";

/**
 * The notices of a run: past due, charged off, closure ahead, closed. Each
 * at most once per line and subject (the notices table); after a long
 * catch-up only the latest of each kind is sent, since older ones are stale.
 */
export async function sendNotices(db: Database, line: LineRow, works: DayWork[], now: Date): Promise<void> {
  const latest = new Map<Notice["kind"], Notice>();
  for (const notice of works.flatMap((w) => w.notices)) latest.set(notice.kind, notice);
  if (latest.size === 0) return;
  const customer = await db.select().from(customers).where(eq(customers.id, line.customerId)).get();
  if (!customer) return;
  for (const notice of latest.values()) {
    const inserted = await db
      .insert(notices)
      .values({ lineId: line.id, kind: notice.kind, ref: notice.ref, createdAt: now.getTime() })
      .onConflictDoNothing()
      .returning({ kind: notices.kind });
    if (inserted.length === 0) continue;
    const { subject, body } = noticeText(notice);
    await outboxProvider(db, () => now.getTime()).send({
      channel: "email",
      recipient: customer.email,
      subject,
      body: `Hello ${customer.firstName}, ${body}`,
      customerId: customer.id,
    });
  }
}

const money = (cents: number) => formatMoney(cents, { cents: true });

export function noticeText(notice: Notice): { subject: string; body: string } {
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
