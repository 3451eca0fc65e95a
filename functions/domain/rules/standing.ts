import { drawBlockedStates, draws, servicing } from "../config";
import { formatMoney } from "../format";

/**
 * Account standing and the draw rules: one function each, used by the
 * servicing core (which enforces them) and the portal pages (which explain them).
 */
/** A line's standing, as the account-state engine derives it (functions/servicing/engine). */
export type Standing = "awaiting_esign" | "withdrawn" | "closed" | "charged_off" | "delinquent" | "current";

/** Spec file 3, section 8: the draw blocks, verbatim. */
export const drawBlockMessages = {
  pastDue:
    "Your ability to draw funds is temporarily suspended because your account is past due. Please make a payment to bring your account up to date.",
  chargedOff: "Your account has been closed due to lack of payment. You can no longer draw funds from this account.",
  notEnoughCredit:
    "You do not have enough available credit at this time to make a draw. You'll be able to draw again once you have enough available credit for the minimum draw.",
  /** The spec's text misspells "unavailable" ("unavailble"); corrected here on purpose (issue 33). */
  state: "Draws are unavailable in your state.",
  notEligible: "Draws are not available on this account.",
  /** Ours (the spec has no closing line): the borrower asked to close it, so say so, and what happens next. */
  closing:
    "You asked us to close this account, so draws are no longer available. It closes once the balance is paid and no payments are scheduled.",
} as const;

export type DrawBlock = keyof typeof drawBlockMessages;

/** Spec file 3, section 4 ("Account standing"): what a charged-off account is told, verbatim. */
export const chargeOffMessage = "Your loan is more than 90 days past due. Your full account balance is due.";

/** Texts a platform that follows the spec to the letter sends for a block we word differently. */
const specSpellings: Readonly<Record<string, DrawBlock>> = { "Draws are unavailble in your state.": "state" };

/** The block a draw message names, or null for a text we do not know. */
function knownDrawBlock(drawMessage: string): DrawBlock | null {
  const ours = (Object.keys(drawBlockMessages) as DrawBlock[]).find(
    (block) => drawBlockMessages[block] === drawMessage,
  );
  return ours ?? specSpellings[drawMessage] ?? null;
}

/**
 * Which block a platform's draw message names (the summary sends only the
 * text); an unknown text from another platform is still a block.
 */
export function drawBlockOf(drawMessage: string): DrawBlock {
  return knownDrawBlock(drawMessage) ?? "notEligible";
}

/** What a borrower reads for a platform's draw message: our words for a block we know, else the platform's own. */
export function drawBlockText(drawMessage: string): string {
  const known = knownDrawBlock(drawMessage);
  return known ? drawBlockMessages[known] : drawMessage;
}

/** `closing`: the borrower asked to close the line (decision record 025): no more draws. */
export function drawBlock(
  standing: Standing,
  availableCents: number,
  state: string,
  closing = false,
): DrawBlock | null {
  if (standing === "charged_off") return "chargedOff";
  // Closing: draws do not come back once paid, so not the past-due text that says they would.
  if (closing) return "closing";
  if (standing === "delinquent") return "pastDue";
  if (standing !== "current") return "notEligible";
  if (drawBlockedStates.includes(state)) return "state";
  if (availableCents < draws.minCents) return "notEnoughCredit";
  return null;
}

/**
 * The minimum draw and the draw increment. Spec file 3, section 9: the
 * defaults ($100, $25) are ours; the platform's summary may override them
 * (accountConfig.minimumDrawAmount, incrementDrawAmount), and the portal
 * follows what it says.
 */
export interface DrawLimits {
  minCents: number;
  incrementCents: number;
}

export const defaultDrawLimits: DrawLimits = { minCents: draws.minCents, incrementCents: draws.incrementCents };

/** The summary's limits, falling back to the defaults where it sends none (0). */
export function drawLimitsOf(config: { minimumDrawAmount: number; incrementDrawAmount: number }): DrawLimits {
  return {
    minCents: config.minimumDrawAmount > 0 ? config.minimumDrawAmount : defaultDrawLimits.minCents,
    incrementCents: config.incrementDrawAmount > 0 ? config.incrementDrawAmount : defaultDrawLimits.incrementCents,
  };
}

export type DrawAmountProblem = "minimum" | "increment" | "maximum";

/** Spec file 3, section 5: the portal's draw amount messages, naming the limits in force. */
export function drawAmountMessage(problem: DrawAmountProblem, limits: DrawLimits = defaultDrawLimits): string {
  switch (problem) {
    case "minimum":
      return `The minimum draw is ${formatMoney(limits.minCents)}.`;
    case "increment":
      return `Draws must be in ${formatMoney(limits.incrementCents)} increments.`;
    case "maximum":
      return "Your draw amount cannot exceed your available credit.";
  }
}

/** The messages at the default limits (the embedded platform's own). */
export const drawAmountMessages: Record<DrawAmountProblem, string> = {
  minimum: drawAmountMessage("minimum"),
  increment: drawAmountMessage("increment"),
  maximum: drawAmountMessage("maximum"),
};

/**
 * Problems with a draw amount, or null, checked in the order the borrower
 * fixes them: minimum, increment, available credit. A missing or unreadable
 * amount (NaN) is below the minimum.
 */
export function drawAmountProblem(
  amountCents: number,
  availableCents: number,
  limits: DrawLimits = defaultDrawLimits,
): DrawAmountProblem | null {
  if (!(amountCents >= limits.minCents)) return "minimum";
  if (amountCents % limits.incrementCents !== 0) return "increment";
  if (amountCents > availableCents) return "maximum";
  return null;
}

/**
 * The largest draw allowed: available credit rounded down to the draw
 * increment (decision record 009), so every amount the slider offers,
 * its top included, passes drawAmountProblem. 0 when below the minimum.
 */
export function maxDrawCents(availableCents: number, limits: DrawLimits = defaultDrawLimits): number {
  const max = Math.floor(Math.max(0, availableCents) / limits.incrementCents) * limits.incrementCents;
  return max >= limits.minCents ? max : 0;
}

/**
 * Where the slider lands for a raw position: the nearest multiple of the
 * increment, never below the minimum draw nor above maxDrawCents (the top).
 */
export function snapDrawAmount(cents: number, availableCents: number, limits: DrawLimits = defaultDrawLimits): number {
  const max = maxDrawCents(availableCents, limits);
  if (max === 0) return limits.minCents;
  const nearest = Math.round(cents / limits.incrementCents) * limits.incrementCents;
  return Math.min(max, Math.max(limits.minCents, nearest));
}

/** Problems with a one-time payment amount, or null. */
export function paymentAmountProblem(
  amountCents: number,
  maxCents: number,
  pendingCount: number,
): "minimum" | "maximum" | "pendingLimit" | null {
  if (pendingCount >= servicing.maxPendingPayments) return "pendingLimit";
  if (amountCents > maxCents) return "maximum";
  // A balance below the minimum may still be paid off in full.
  if (amountCents < Math.min(servicing.minAchTransactionCents, maxCents)) return "minimum";
  return null;
}

/**
 * Spec file 3, section 5: credit used percent = round(available credit /
 * credit limit x 100), 0 when the limit is 0. (The spec's name; the figure is
 * the share still available, which is what the donut draws.)
 */
export function creditUsedPercent(availableCents: number, limitCents: number): number {
  if (limitCents <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((availableCents * 100) / limitCents)));
}
