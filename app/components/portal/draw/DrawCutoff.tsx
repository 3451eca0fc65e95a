import { draws } from "#domain/config";
import { formatClock } from "#domain/format";

const cutoff = `${formatClock(draws.nextDayCutoff)} Eastern`;

/**
 * The funding cut-off as 0-decisions.md states it (drawFundingDate in
 * functions/domain/calendar.ts applies the same rule), told to the
 * borrower before and after the request.
 */
export function DrawCutoff({ id }: { id?: string }) {
  return (
    <p id={id} className="field-hint draw-cutoff">
      Requests made before {cutoff} on a banking business day are deposited the next business day. Requests made after{" "}
      {cutoff}, or on a Friday, a weekend or a bank holiday, are deposited on the second business day.
    </p>
  );
}
