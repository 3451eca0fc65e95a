import type { Database } from "../../db/client";
import { servicing } from "../config";
import { drawAmountMessages, drawAmountProblem, drawBlock, drawBlockMessages, paymentAmountProblem } from "../rules/standing";
import { cycleOf, loadCustomerState, type AccountState } from "./account-state";
import { achEffectiveDate, drawFundingDate, easternDateTime, isBusinessDay } from "./calendar";
import { paymentMessages, widestPaymentWindow } from "../rules/payments";
import { ServicingError } from "./context";
import { customerById } from "./customers";
import { drawRows, maxPaymentCents } from "./ledger";
import { formatClock, formatMoney } from "../../app/lib/format";

export interface PostingRequest {
  applNo: number;
  transactionDate: string;
  transactionAmount: number;
  transactionCode: "D" | "P";
}

export interface PostingResult {
  paymentTransactionId: number;
  statusDescription: string;
  effectiveDate: string;
}

/** How often a posting re-reads and retries when another one won the race. */
const MAX_ATTEMPTS = 4;

export function newTransactionId(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return 100_000_000 + (n! % 900_000_000);
}

/** Writes guarded by the line's version: all apply, or none (another posting won). */
interface GuardedWrite {
  sql: string;
  params: unknown[];
}

async function writeIfUnchanged(d1: D1Database, line: AccountState["line"], writes: GuardedWrite[]): Promise<boolean> {
  const next = crypto.randomUUID();
  const guard = "(SELECT version FROM lines WHERE id = ?) = ?";
  const results = await d1.batch([
    d1.prepare("UPDATE lines SET version = ? WHERE id = ? AND version = ?").bind(next, line.id, line.version),
    ...writes.map((w) => d1.prepare(`${w.sql} WHERE ${guard}`).bind(...w.params, line.id, next)),
  ]);
  return results[0]!.meta.changes === 1;
}

function validateDraw(state: AccountState, customerState: string, amount: number, today: string, date: string): void {
  const block = drawBlock(state.standing, state.derived.availableCreditCents, customerState);
  if (block) throw new ServicingError(422, drawBlockMessages[block]);
  if (date !== today) throw new ServicingError(422, "A draw is requested for today.", { transactionDate: "Must be today." });
  const problem = drawAmountProblem(amount, state.derived.availableCreditCents);
  if (problem) throw new ServicingError(422, drawAmountMessages[problem], { transactionAmount: drawAmountMessages[problem] });
}

/**
 * The servicing note every draw leaves (spec file 3, section 4: "a draw is
 * recorded with a note", amount and time, not urgent), in Eastern time like
 * the cut-offs the agents quote.
 */
export function drawNote(amountCents: number, requestedAt: Date): string {
  const { date, ...time } = easternDateTime(requestedAt);
  return `Draw request of ${formatMoney(amountCents, { cents: true })} on ${date} at ${formatClock(time)} Eastern`;
}

function validatePayment(state: AccountState, amount: number, date: string, now: Date): void {
  if (!["current", "delinquent", "charged_off", "closed"].includes(state.standing) || state.derived.balanceCents === 0) {
    throw new ServicingError(422, "There is no balance to pay.");
  }
  // The platform does not know the amount option, so it holds every payment to the widest window; the page narrows it by option.
  const { from, to } = widestPaymentWindow(achEffectiveDate(now, false));
  if (date < from || date > to || !isBusinessDay(date)) {
    throw new ServicingError(422, paymentMessages.invalidDate(from, to), { transactionDate: "Outside the payment window or not a business day." });
  }
  const pendingSum = state.pending.filter((t) => t.code === "P").reduce((sum, t) => sum + t.amountCents, 0);
  const pendingCount = state.pending.filter((t) => t.code === "P").length;
  const max = maxPaymentCents(state.derived, pendingSum);
  const problem = paymentAmountProblem(amount, max, pendingCount);
  const messages = {
    pendingLimit: paymentMessages.pendingLimit,
    maximum: `The most you can pay is ${formatMoney(max, { cents: true })}.`,
    minimum: `The minimum payment is ${formatMoney(servicing.minAchTransactionCents, { cents: true })}.`,
  };
  if (problem) throw new ServicingError(422, messages[problem], { transactionAmount: messages[problem] });
}

/**
 * Draws post to the ledger at once (the credit is used from the moment of the
 * request) and fund by the cut-off rules; payments wait as pending until their
 * date. Two postings racing on one line cannot both pass their checks: each
 * re-reads and retries when the line changed under it.
 */
export async function postTransaction(d1: D1Database, db: Database, customerId: string, request: PostingRequest, now: Date): Promise<PostingResult> {
  const customer = await customerById(db, customerId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const state = await loadCustomerState(db, customerId, now);
    if (state.line.id !== request.applNo) throw new ServicingError(403, "This account is not yours.");
    const id = newTransactionId();
    const at = now.getTime();

    if (request.transactionCode === "D") {
      validateDraw(state, customer.state, request.transactionAmount, state.today, request.transactionDate);
      const funding = drawFundingDate(now);
      const rows = drawRows(`D${id}`, request.transactionAmount, cycleOf(state.line), state.today, at);
      // The draw, its ledger rows and its note are one batch: all saved, or none.
      const won = await writeIfUnchanged(d1, state.line, [
        { sql: "INSERT INTO transactions (id, line_id, code, amount_cents, effective_date, status, created_at) SELECT ?, ?, 'D', ?, ?, 'pending', ?", params: [id, state.line.id, request.transactionAmount, funding, at] },
        ...rows.map((r) => ({
          sql: "INSERT INTO ledger_entries (id, line_id, kind, amount_cents, effective_date, posted_at, description) SELECT ?, ?, ?, ?, ?, ?, ?",
          params: [r.id, state.line.id, r.kind, r.amountCents, r.effectiveDate, at, `Draw request ${id}`],
        })),
        { sql: "INSERT INTO notes (customer_id, note, is_urgent, created_at) SELECT ?, ?, 0, ?", params: [customerId, drawNote(request.transactionAmount, now), at] },
      ]);
      if (won) return { paymentTransactionId: id, statusDescription: "Draw request received", effectiveDate: funding };
    } else {
      validatePayment(state, request.transactionAmount, request.transactionDate, now);
      const won = await writeIfUnchanged(d1, state.line, [
        { sql: "INSERT INTO transactions (id, line_id, code, amount_cents, effective_date, status, created_at) SELECT ?, ?, 'P', ?, ?, 'pending', ?", params: [id, state.line.id, request.transactionAmount, request.transactionDate, at] },
      ]);
      if (won) return { paymentTransactionId: id, statusDescription: "Payment scheduled", effectiveDate: request.transactionDate };
    }
  }
  throw new ServicingError(409, "The account is busy. Please try again.");
}
