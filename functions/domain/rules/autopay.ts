import { addDays } from "../calendar";
import { servicing } from "../config";
import { formatTableDate } from "../format";
import type { Standing } from "./standing";

/**
 * Automatic payments revoked and authorized again at the servicing desk
 * (issue 20, decision record 024). Spec file 3: "Revocation of
 * authorization at least 3 days before the payment date": a revocation
 * takes effect for debits dated at least the notice days after the day it is
 * made; a debit sooner than that still posts. An authorization takes effect
 * from the next due date.
 */
export interface AutopayFacts {
  /** A: electronic funds transfer; K: paper check. */
  repaymentMethod: string;
  /** The first day automatic debits no longer happen (a revocation's), or null. */
  autopayEndsOn?: string | null;
}

/** Whether the line is debited automatically on `date` (a due date), as far as its authorization goes. */
export function debitsOn(line: AutopayFacts, date: string): boolean {
  return line.repaymentMethod === "A" && (line.autopayEndsOn == null || date < line.autopayEndsOn);
}

/** The first day a revocation made today stops debits: the notice days ahead. */
export const revocationEndsOn = (today: string): string => addDays(today, servicing.achRevocationNoticeDays);

export const autopayMessages = {
  closed: "The line is closed.",
  notOn: "Automatic payments are not on for this line.",
  ending: (endsOn: string) => `Automatic payments were already revoked: none on or after ${formatTableDate(endsOn)}.`,
  alreadyOn: "Automatic payments are already on for this line.",
  chargedOff: "A charged-off account is never debited automatically.",
} as const;

const isClosed = (standing: Standing) => standing === "closed" || standing === "withdrawn";

export function revocationProblem(standing: Standing, line: AutopayFacts): string | null {
  if (isClosed(standing)) return autopayMessages.closed;
  if (line.repaymentMethod !== "A") return autopayMessages.notOn;
  if (line.autopayEndsOn != null) return autopayMessages.ending(line.autopayEndsOn);
  return null;
}

export function authorizationProblem(standing: Standing, line: AutopayFacts): string | null {
  if (isClosed(standing)) return autopayMessages.closed;
  if (standing === "charged_off") return autopayMessages.chargedOff;
  if (line.repaymentMethod === "A" && line.autopayEndsOn == null) return autopayMessages.alreadyOn;
  return null;
}
