import type { Database } from "#db/client";
import { achEffectiveDate, easternDateTime } from "#domain/calendar";
import type { BillingCycle, PayFrequency } from "#domain/config";
import { billingCycleFor } from "#domain/fees";
import type { Standing } from "#domain/rules/standing";
import { customerLine, type LineRecords, type LineRow } from "./book";
import { serviceLine } from "./cron";
import { type AccountState, accountState } from "./engine/index";
import { movedLineState } from "./objects/homes";

export type { LineRow, StatementRow, TransactionRow } from "./book";

/**
 * One line as of a moment: its rows (read once), and the engine's figures
 * for today. Any day not yet serviced is serviced first, so a page never
 * shows figures from before today's run (decision record 013).
 */
export interface LineState extends LineRecords {
  today: string;
  figures: AccountState;
  requestedDrawCents: number;
}

/** `read`: the line's records when the caller already read them (in its own first batch). */
export async function loadLineState(db: Database, line: LineRow, now: Date, read?: LineRecords): Promise<LineState> {
  const moved = await movedLineState(db, line, now);
  if (moved) return moved as LineState;
  return lineStateOf(await serviceLine(db, line, now, undefined, read), now);
}

/** A line's state from its records as they stand (nothing serviced on the way). */
export function lineStateOf(records: LineRecords, now: Date): LineState {
  const today = easternDateTime(now).date;
  return {
    ...records,
    today,
    figures: accountState(records.book, today),
    requestedDrawCents: records.application?.requestedDrawCents ?? 0,
  };
}

/**
 * The summary's `stateTag` (decision record 020): everything a summary's
 * figures are a function of. The line's version changes with every write to
 * the line (each is guarded by it), the day and the ACH effective date with
 * the clock; the same tag means the same figures.
 */
export function stateTagOf(state: LineState, now: Date): string {
  return `${state.line.version}.${state.today}.${achEffectiveDate(now, false)}`;
}

/** The customer's current line (the newest), or a 404 the pages can explain. */
export async function loadCustomerState(db: Database, customerId: string, now: Date): Promise<LineState> {
  return loadLineState(db, await customerLine(db, customerId), now);
}

/** The line's standing as the desk and its rules read it: the engine's while open, else the line's own status. */
export function lineStanding(state: Pick<LineState, "line" | "figures">): Standing {
  return state.line.status === "open" ? state.figures.standing : (state.line.status as Standing);
}

export function cycleOf(line: Pick<LineRow, "payFrequency">): BillingCycle {
  return billingCycleFor(line.payFrequency as PayFrequency);
}
