import { eq } from "drizzle-orm";
import { ledgerEntries, lineEvents, transactions } from "#db/line/tables";
import { lines } from "#db/schema/servicing";
import { drawFundingDate } from "#domain/calendar";
import type { LineState } from "./account-state";
import { cycleOf } from "./account-state";
import type { ServicingContext } from "./context";
import { drawEntry } from "./engine/index";
import type { LineEventInput } from "./events";
import { newTransactionId } from "./posting";

/**
 * A line's events start at its opening: the opening is event 1 and its first draw event 2. A second
 * opening of the same line (a racing retry) writes the same ids, and they are ignored.
 */
function openingEvent(
  db: ServicingContext["var"]["db"],
  lineId: number,
  seq: number,
  event: LineEventInput,
  at: number,
) {
  const { kind, day, data } = event;
  return db
    .insert(lineEvents)
    .values({ id: `${lineId}:${seq}`, lineId, seq, kind, day, at, data: JSON.stringify(data) })
    .onConflictDoNothing();
}

/** The writes that open a signed line, with its first draw (posted and funding) when one was asked for. */
export function openingWrites(
  db: ServicingContext["var"]["db"],
  state: LineState,
  requestedDrawCents: number,
  now: Date,
) {
  const at = now.getTime();
  const open = db.update(lines).set({ status: "open", openedAt: at }).where(eq(lines.id, state.line.id));
  const opened = openingEvent(
    db,
    state.line.id,
    1,
    {
      kind: "line_opened",
      day: state.today,
      data: { customerId: state.line.customerId, creditLimitCents: state.line.creditLimitCents },
    },
    at,
  );
  const draw = Math.min(requestedDrawCents, state.line.creditLimitCents);
  if (draw <= 0) return { open, opened, draw: [], drawCents: 0, fundingDate: null };
  const id = newTransactionId();
  const fundingDate = drawFundingDate(now);
  const row = drawEntry(id, draw, cycleOf(state.line), state.today, at);
  return {
    open,
    opened,
    drawCents: draw,
    fundingDate,
    draw: [
      openingEvent(
        db,
        state.line.id,
        2,
        { kind: "draw", day: state.today, data: { transactionId: id, amountCents: draw, feeCents: row.feeCents ?? 0 } },
        at,
      ),
      db.insert(transactions).values({
        id,
        lineId: state.line.id,
        code: "D",
        amountCents: draw,
        effectiveDate: fundingDate,
        status: "pending",
        createdAt: at,
      }),
      db.insert(ledgerEntries).values({
        id: row.id,
        lineId: state.line.id,
        kind: row.kind,
        amountCents: row.amountCents,
        feeCents: row.feeCents,
        reference: id,
        effectiveDate: row.effectiveDate,
        postedAt: at,
        description: "First draw",
      }),
    ],
  };
}
