import * as v from "valibot";
import { redirect, type RouterContextProvider } from "react-router";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { drawBlockOf, drawLimitsOf, maxDrawCents, type DrawBlock } from "../../../functions/rules/standing";
import { easternToday } from "../../lib/today";
import { drawAmountSchema } from "./draw.schema";
import { portalStanding } from "./portal-data";
import { borrowerSession, portalPlatform, portalSummary } from "./portal.server";

type Context = Readonly<RouterContextProvider>;
type Summary = Awaited<ReturnType<typeof portalSummary>>;

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
    feePercent: header.cashAdvanceFeePercentage,
    limits,
    maxCents: maxDrawCents(header.availableCredit, limits),
    block: blocked ? { kind: drawBlockOf(s.accountConfig.drawMessage) as DrawBlock, message: s.accountConfig.drawMessage } : null,
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
  | { view: "review"; amountCents: number; key: string; error: string | null }
  | { view: "thanks"; amountCents: number; fundingDate: string; transactionId: number };

const dollars = (cents: number) => String(cents / 100);

/**
 * One action for the three views, so the flow works as plain form posts:
 * REVIEW REQUEST checks the amount and makes the idempotency key, Edit and
 * CANCEL REQUEST go back (keeping the amount, or resetting it to the
 * minimum), SUBMIT REQUEST re-checks everything and posts the draw once.
 */
export async function drawAction(context: Context, request: Request): Promise<DrawOutcome> {
  borrowerSession(context); // guests go to login, whatever the intent
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "review");
  const amountText = String(form.get("amount") ?? "");
  if (intent === "cancel") return { view: "amount", amountText: null, error: null };
  if (intent === "edit") return { view: "amount", amountText, error: null };

  const s = await portalSummary(context);
  if (!s.accountConfig.isEligibleForDraw) return { view: "amount", amountText, error: s.accountConfig.drawMessage };
  const checked = v.safeParse(drawAmountSchema(s.accountHeader.availableCredit, drawLimitsOf(s.accountConfig)), { amount: amountText });
  if (!checked.success) return { view: "amount", amountText, error: checked.issues[0].message };
  const amountCents = checked.output.amount;
  // The key is made once, at review, and carried by the review form: every retry of that form posts once.
  const key = String(form.get("key") ?? "");
  if (intent !== "submit" || !/^[\w-]{8,100}$/.test(key)) return { view: "review", amountCents, key: crypto.randomUUID(), error: null };
  return submitDraw(context, s.accountHeader.applNo, amountCents, key);
}

/** A second post with the same key while the first still runs gets 409: wait for the first's answer. */
const BUSY_RETRIES = 8;
const BUSY_WAIT_MS = 250;

async function submitDraw(context: Context, applNo: number, amountCents: number, key: string): Promise<DrawOutcome> {
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  const payload = { applNo, transactionDate: easternToday(), transactionAmount: amountCents, transactionCode: "D" as const };
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await platform.call(catalogue.account.PostTransaction, payload, { idempotencyKey: key });
      await persist();
      // A platform may answer id 0 instead of refusing: its status description is the message.
      if (answer.paymentTransactionId <= 0) return { view: "amount", amountText: dollars(amountCents), error: answer.statusDescription || CALL_FAILED };
      return { view: "thanks", amountCents, fundingDate: answer.effectiveDate, transactionId: answer.paymentTransactionId };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === "unauthorized") throw redirect("/login?logout=idle");
      if (error.status === 409 && attempt < BUSY_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
        continue;
      }
      // A refusal is final for this key: back to the amount with the platform's reason (a new review makes a new key).
      if (error.kind === "rejected") return { view: "amount", amountText: dollars(amountCents), error: error.message.slice(error.path.length + 2) || CALL_FAILED };
      // Unreachable or garbled: stay on review with the same key, so SUBMIT REQUEST retries without posting twice.
      return { view: "review", amountCents, key, error: CALL_FAILED };
    }
  }
}
