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
