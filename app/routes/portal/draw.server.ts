import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { recheckDraw } from "#domain/rules/recheck";
import { type DrawBlock, drawBlockOf, drawBlockText, drawLimitsOf, maxDrawCents } from "#domain/rules/standing";
import { catalogue, PlatformError } from "#platform";
import { servicingToday } from "../../lib/servicing-today.server";
import { sessionOver } from "../../lib/session-over.server";
import { drawAmountSchema, parseDrawAmount } from "./draw.schema";
import { borrowerSession, IDEMPOTENCY_KEY, type PortalSummary, portalPlatform, portalSummary } from "./portal.server";
import { type AmountDue, amountDue, portalStanding } from "./portal-data";

type Context = Readonly<RouterContextProvider>;
type Summary = PortalSummary;

/** A statement still to come with nothing owed before it, or null. */
const statementAheadOf = (due: AmountDue) => (due.kind === "statementAhead" ? due : null);

/** Spec file 3, section 8: what a refused call says when the platform gives no reason. */
const CALL_FAILED = "Post Draw transaction failed Call failed";

/** Everything the three views need, from the one summary call. */
function drawFacts(s: Summary) {
  const header = s.accountHeader;
  const blocked = !s.accountConfig.isEligibleForDraw;
  const limits = drawLimitsOf(s.accountConfig);
  return {
    standing: portalStanding(header),
    availableCents: header.availableCredit,
    balanceCents: header.accountBalance,
    limitCents: header.creditLimit,
    nextPaymentDate: header.nextPaymentDate,
    // Before a statement nothing is due: the summary names the statement's date, as the account page does.
    statementAhead: statementAheadOf(amountDue(header, s.allStatements.length > 0)),
    feePercent: header.cashAdvanceFeePercentage,
    limits,
    maxCents: maxDrawCents(header.availableCredit, limits),
    block: blocked
      ? {
          kind: drawBlockOf(s.accountConfig.drawMessage) as DrawBlock,
          message: drawBlockText(s.accountConfig.drawMessage),
        }
      : null,
  };
}

export type DrawFacts = ReturnType<typeof drawFacts>;

export async function loadDraw(context: Context): Promise<DrawFacts> {
  return drawFacts(await portalSummary(context));
}

/** Which view the page shows after a post; the amount view keeps the text as typed. */
export type DrawOutcome =
  /** amountText null: start again from the minimum draw. */
  | { view: "amount"; amountText: string | null; error: string | null }
  /** notice: why this review is shown again (the account changed and nothing was drawn). */
  | { view: "review"; applNo: number; amountCents: number; key: string; error: string | null; notice?: string }
  | { view: "thanks"; amountCents: number; fundingDate: string; transactionId: number };

const dollars = (cents: number) => String(cents / 100);

/**
 * One action for the three views, so the flow works as plain form posts:
 * REVIEW REQUEST checks the amount and makes the idempotency key, Edit and
 * CANCEL REQUEST go back (keeping the amount, or resetting it to the
 * minimum), SUBMIT REQUEST posts the reviewed draw exactly, or nothing.
 */
export async function drawAction(context: Context, request: Request): Promise<DrawOutcome> {
  borrowerSession(context); // guests go to login, whatever the intent
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "review");
  const amountText = String(form.get("amount") ?? "");
  if (intent === "cancel") return { view: "amount", amountText: null, error: null };
  if (intent === "edit") return { view: "amount", amountText, error: null };

  // The key is made once, at review, and carried by the review form: every retry of that form posts once.
  const key = String(form.get("key") ?? "");
  const reviewedCents = parseDrawAmount(amountText);
  if (intent === "submit" && IDEMPOTENCY_KEY.test(key) && reviewedCents > 0) {
    const carried = Number(form.get("applNo"));
    // A review form from before it carried the account number: read it.
    const applNo =
      Number.isSafeInteger(carried) && carried > 0 ? carried : (await portalSummary(context)).accountHeader.applNo;
    return submitReviewed(context, applNo, reviewedCents, key);
  }

  const s = await portalSummary(context);
  if (!s.accountConfig.isEligibleForDraw)
    return { view: "amount", amountText, error: drawBlockText(s.accountConfig.drawMessage) };
  const checked = v.safeParse(drawAmountSchema(s.accountHeader.availableCredit, drawLimitsOf(s.accountConfig)), {
    amount: amountText,
  });
  if (!checked.success) return { view: "amount", amountText, error: checked.issues[0].message };
  return {
    view: "review",
    applNo: s.accountHeader.applNo,
    amountCents: checked.output.amount,
    key: crypto.randomUUID(),
    error: null,
  };
}

/**
 * SUBMIT REQUEST (0-decisions.md): the reviewed amount is re-checked at
 * submit by the posting itself. The platform refuses a draw its rules (the
 * same rules the amount view applies) no longer allow, and nothing posts;
 * only then are the figures read, to show the review again at the largest
 * draw now allowed with a new key (the old one is bound to the old amount),
 * or the amount view with the reason when draws are now blocked. A submit
 * is thus the session, the posting's two trips and nothing else (issue 19).
 */
async function submitReviewed(
  context: Context,
  applNo: number,
  reviewedCents: number,
  key: string,
): Promise<DrawOutcome> {
  const sent = await submitDraw(context, applNo, reviewedCents, key);
  if (sent.view !== "refused") return sent;
  const s = await portalSummary(context);
  const facts = drawFacts(s);
  const verdict = recheckDraw(reviewedCents, {
    block: facts.block?.kind ?? null,
    availableCents: facts.availableCents,
    limits: facts.limits,
  });
  if (verdict.verdict === "review")
    return {
      view: "review",
      applNo: s.accountHeader.applNo,
      amountCents: verdict.amountCents,
      key: crypto.randomUUID(),
      error: null,
      notice: verdict.message,
    };
  // Blocked or another rule now, or refused for a reason of the platform's own: the amount view says why.
  const message = verdict.verdict === "amount" ? verdict.message : sent.message;
  return { view: "amount", amountText: dollars(reviewedCents), error: message };
}

/** A second post with the same key while the first still runs gets 409: wait for the first's answer. */
const BUSY_RETRIES = 8;
const BUSY_WAIT_MS = 250;

/** The posting's own outcome; "refused": the platform refused it (nothing posted), with its reason. */
type Sent = DrawOutcome | { view: "refused"; message: string };

async function submitDraw(context: Context, applNo: number, amountCents: number, key: string): Promise<Sent> {
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  // A draw is requested for today as the platform counts it (the development clock may be days ahead of the real day).
  const payload = {
    applNo,
    transactionDate: await servicingToday(context),
    transactionAmount: amountCents,
    transactionCode: "D" as const,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await platform.call(catalogue.account.PostTransaction, payload, { idempotencyKey: key });
      await persist();
      // A platform may answer id 0 instead of refusing: its status description is the message.
      if (answer.paymentTransactionId <= 0)
        return { view: "amount", amountText: dollars(amountCents), error: answer.statusDescription || CALL_FAILED };
      return {
        view: "thanks",
        amountCents,
        fundingDate: answer.effectiveDate,
        transactionId: answer.paymentTransactionId,
      };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // 403: the token is alive but the line the review named is not this borrower's newest (a form from
      // another account or an older line): nothing posted, and no reason to end the session.
      const otherLine = error.status === 403;
      if (error.kind === "unauthorized" && !otherLine) throw await sessionOver(context);
      if (error.status === 409 && attempt < BUSY_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        continue;
      }
      // A refusal is final for this key (a new review makes a new key): the caller says why, from the figures now.
      if (error.kind === "rejected" || otherLine)
        return { view: "refused", message: error.message.slice(error.path.length + 2) || CALL_FAILED };
      // Unreachable or garbled: stay on review with the same key, so SUBMIT REQUEST retries without posting twice.
      return { view: "review", applNo, amountCents, key, error: CALL_FAILED };
    }
  }
}
