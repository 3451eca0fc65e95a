/**
 * A demo borrower's history, played by the real servicing code over past
 * dates inside the line's own object (decision record 032). Development only
 * (demo.ts).
 */
import { achEffectiveDate } from "#domain/calendar";
import { loadCustomerState } from "./account-state";
import { runServicing } from "./cron";
import { withoutMessages } from "./outgoing";
import { postTransaction } from "./posting";

const DAY = 86_400_000;

export interface DemoBorrower {
  email: string;
  standing: string;
  firstName: string;
  lastName: string;
  state: string;
  ssn: string;
  dob: string;
  /** Days before today the line was created; null: no line activity simulated. */
  openedDaysAgo: number;
  lineStatus: "open" | "awaiting_esign" | "withdrawn";
  limitCents: number;
  /** A: automatic EFT payments on due dates; K: paper check (none, so a missed due date shows). */
  repaymentMethod: "A" | "K";
  /** Draws and payments by day offset from opening. */
  script: Array<{ day: number; draw?: number; pay?: number }>;
}

/** The borrower and line a history is played for. */
export interface DemoLineOf {
  customerId: string;
  lineId: number;
}

/**
 * Noon Eastern (17:00 UTC) of the day `ms` falls on, but never later than
 * `now`: before 17:00 UTC, today's noon is still ahead, and history written
 * in the future (a line opened, a draw posted, servicing run tomorrow) would
 * confuse every clock-based rule that reads it.
 */
export const noon = (ms: number, now: number) => new Date(Math.min(Math.floor(ms / DAY) * DAY + 17 * 3_600_000, now));

/**
 * Plays a borrower's scripted draws and payments on their days. Reading the
 * line services every day up to the moment read (decision record 013), so
 * statements, automatic payments, fees and delinquency happen as they would
 * have; a last run brings the line to today.
 */
export async function replayHistory(
  d1: D1Database,
  b: DemoBorrower,
  { customerId, lineId }: DemoLineOf,
  now: number,
): Promise<void> {
  // History replayed in the past is not news: no e-mail or text for any of it.
  const db = withoutMessages(d1);
  for (const step of [...b.script].sort((x, y) => x.day - y.day)) {
    const day = noon(now - (b.openedDaysAgo - step.day) * DAY, now);
    const state = await loadCustomerState(db, customerId, day);
    const amount = step.draw ?? Math.min(step.pay!, state.figures.payoffCents);
    const date = step.draw ? state.today : achEffectiveDate(day, false);
    if (amount > 0)
      await postTransaction(
        d1,
        db,
        customerId,
        {
          applNo: state.line.id,
          transactionCode: step.draw ? "D" : "P",
          transactionAmount: amount,
          transactionDate: date,
        },
        day,
        { confirmByEmail: false },
      ).catch(() => undefined);
  }
  await runServicing(db, new Date(now), { lineId });
}
