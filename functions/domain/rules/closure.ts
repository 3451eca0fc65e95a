import { addDays } from "../calendar";
import { servicing } from "../config";
import { formatTableDate } from "../format";
import type { Standing } from "./standing";

/**
 * A line closed at the borrower's request (issue 20, decision record 025):
 * at once when nothing is owed or scheduled; otherwise flagged, so no more
 * draws are taken and the servicing run closes it once it is paid.
 */
export const closureMessages = {
  closed: "The line is closed already.",
  notOpen: "Only an open line can be closed.",
  chargedOff: "A charged-off line closes by itself once it is paid in full.",
  requested: "Closure was already requested: the line closes once it is paid.",
  notRequested: "No closure was requested for this line.",
} as const;

export function closureProblem(standing: Standing, closeRequestedOn: string | null | undefined): string | null {
  if (standing === "closed") return closureMessages.closed;
  if (standing === "awaiting_esign" || standing === "withdrawn") return closureMessages.notOpen;
  if (standing === "charged_off") return closureMessages.chargedOff;
  if (closeRequestedOn != null) return closureMessages.requested;
  return null;
}

/**
 * Closed now: nothing owed, nothing scheduled (a payment still to post, a
 * draw still to fund), and no payment the bank could still return (within two
 * business days of posting): a return would leave a closed line owing.
 */
export const closesAtOnce = (balanceCents: number, pendingCount: number, paymentReturnable: boolean): boolean =>
  balanceCents === 0 && pendingCount === 0 && !paymentReturnable;

export function cancelClosureProblem(standing: Standing, closeRequestedOn: string | null | undefined): string | null {
  if (standing === "closed") return closureMessages.closed;
  return closeRequestedOn == null ? closureMessages.notRequested : null;
}

/** Reopening a closed line at the borrower's request (decision record 028). */
export const reopenMessages = {
  open: "The line is open.",
  notRequested:
    "Only a line closed at the borrower's request can be reopened. After any other closure the borrower applies again.",
  tooLate: (lastDay: string) =>
    `A line closed at the borrower's request can be reopened for ${servicing.reopenWithinDays} days; that ended on ${formatTableDate(lastDay)}. The borrower applies again.`,
} as const;

/** The last day a line closed on `closedOn` may be reopened. */
export const reopenUntil = (closedOn: string): string => addDays(closedOn, servicing.reopenWithinDays);

/**
 * Why a line cannot be reopened, or null: it is closed, it was closed at the
 * borrower's request (not for inactivity or after a charge-off), and at most
 * `reopenWithinDays` days ago.
 */
export function reopenProblem(line: {
  status: string;
  closureReason: string | null | undefined;
  closedOn: string | null | undefined;
  today: string;
}): string | null {
  if (line.status !== "closed") return reopenMessages.open;
  if (line.closureReason !== "requested" || line.closedOn == null) return reopenMessages.notRequested;
  const until = reopenUntil(line.closedOn);
  return line.today > until ? reopenMessages.tooLate(until) : null;
}
