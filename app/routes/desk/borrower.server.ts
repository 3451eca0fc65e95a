import { data, type RouterContextProvider, redirect } from "react-router";
import * as v from "valibot";
import { canAct } from "#domain/desk";
import { deskCore, deskRefusal } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import { AuthorizeAutopaySchema, RevokeAutopaySchema } from "./autopay.schema";
import { DecisionSchema, FeeWaiverSchema, PaymentReversalSchema } from "./corrections.schema";
import { requireDeskUser } from "./desk.server";
import { LimitSchema } from "./limit.schema";
import { CancelPaymentSchema, PhonePaymentSchema, ResetLinkSchema, UnlockSchema } from "./payment.schema";
import { NoteSchema } from "./search.schema";

type Context = Readonly<RouterContextProvider>;
type Intent =
  | "note"
  | "payment"
  | "cancel"
  | "unlock"
  | "waive"
  | "reverse"
  | "decide"
  | "limit"
  | "revoke-autopay"
  | "authorize-autopay"
  | "reset-link";
const INTENTS: readonly Intent[] = [
  "note",
  "payment",
  "cancel",
  "unlock",
  "waive",
  "reverse",
  "decide",
  "limit",
  "revoke-autopay",
  "authorize-autopay",
  "reset-link",
];

/** What a successful action left to say, read from the address it redirected to (post, redirect, get). */
export type DeskFlash =
  | { kind: "payment"; again: boolean; amountCents: number; date: string; confirmation: number }
  | { kind: "note"; again: boolean }
  | { kind: "cancel"; confirmation: number }
  | { kind: "unlock"; again: boolean }
  | { kind: "requested"; again: boolean; requestId: number }
  | { kind: "decided"; status: string }
  | { kind: "limit"; again: boolean; beforeCents: number; afterCents: number }
  | { kind: "autopay"; change: "revoked" | "authorized" }
  | { kind: "reset"; again: boolean }
  | null;

/** The flash of the corrections' forms (decision record 022), or null. */
export function correctionFlash(params: URLSearchParams): DeskFlash {
  const reset = params.get("reset");
  if (reset) return { kind: "reset", again: reset === "again" };
  const autopay = params.get("autopay");
  if (autopay === "revoked" || autopay === "authorized") return { kind: "autopay", change: autopay };
  const limit = /^(\d+)-(\d+)$/.exec(params.get("limit") ?? "");
  if (limit)
    return { kind: "limit", again: params.has("again"), beforeCents: Number(limit[1]), afterCents: Number(limit[2]) };
  if (params.has("requested"))
    return { kind: "requested", again: params.has("again"), requestId: Number(params.get("requested")) };
  const decided = params.get("decided");
  return decided === "approved" || decided === "rejected" ? { kind: "decided", status: decided } : null;
}

/** One borrower's file, whether this desk user may act on it, fresh keys for its forms, and what was just done. */
export async function borrowerPage(context: Context, request: Request, customerId: string) {
  const user = await requireDeskUser(context, request);
  try {
    const file = await deskCore.borrower(context.get(edgeContext).env, customerId);
    const params = new URL(request.url).searchParams;
    const taken = Number(params.get("taken"));
    const payment = file.line?.pending.find((p) => p.id === taken && p.code === "P");
    const flash: DeskFlash = payment
      ? {
          kind: "payment",
          again: params.has("again"),
          amountCents: payment.amountCents,
          date: payment.effectiveDate,
          confirmation: payment.id,
        }
      : params.has("noted")
        ? { kind: "note", again: params.get("noted") === "again" }
        : params.has("cancelled")
          ? { kind: "cancel", confirmation: Number(params.get("cancelled")) }
          : params.has("unlocked")
            ? { kind: "unlock", again: params.get("unlocked") === "again" }
            : correctionFlash(params);
    const keys = {
      note: crypto.randomUUID(),
      payment: crypto.randomUUID(),
      cancel: crypto.randomUUID(),
      unlock: crypto.randomUUID(),
      waive: crypto.randomUUID(),
      reverse: crypto.randomUUID(),
      decide: crypto.randomUUID(),
      limit: crypto.randomUUID(),
      autopay: crypto.randomUUID(),
      reset: crypto.randomUUID(),
    };
    const requests = await deskCore.requests(context.get(edgeContext).env, customerId);
    return { file, requests, viewer: { email: user.email, role: user.role }, canAct: canAct(user), keys, flash };
  } catch (error) {
    if (deskRefusal(error)?.status === 404) throw data({ message: "No such borrower." }, 404);
    throw error;
  }
}

/** A form that was not done: its messages and what was typed. (Done, the action redirects to the file.) */
export interface DeskAnswer {
  intent: Intent;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * A desk form's post: the role checked here and again by the core; each
 * action with its audit row, once per key. Done, it redirects to the file
 * (so a reload or Back never posts again); refused, the form again.
 */
export async function deskAction(
  context: Context,
  request: Request,
  customerId: string,
): Promise<DeskAnswer | Response> {
  const user = await requireDeskUser(context, request);
  if (!canAct(user)) throw data({ message: "Your desk role may not make changes." }, 403);
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === text(form, "intent")) ?? "note";
  const values = Object.fromEntries(
    [
      "note",
      "amount",
      "date",
      "reason",
      "authorized",
      "key",
      "transactionId",
      "entryId",
      "requestId",
      "decision",
      "limit",
    ].map((n) => [n, text(form, n)]),
  );
  const file = `/desk/borrowers/${encodeURIComponent(customerId)}`;
  try {
    if (intent === "note") {
      const parsed = v.safeParse(NoteSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const { written } = await deskCore.addNote(context.get(edgeContext).env, user, { customerId, ...parsed.output });
      return redirect(`${file}?noted=${written ? "1" : "again"}#notes-heading`);
    }
    const env = context.get(edgeContext).env;
    if (intent === "unlock") {
      const parsed = v.safeParse(UnlockSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const { written } = await deskCore.unlockLogin(env, user, { customerId, ...parsed.output });
      return redirect(`${file}?unlocked=${written ? "1" : "again"}#login-heading`);
    }
    if (intent === "waive" || intent === "reverse") {
      const parsed = v.safeParse(intent === "waive" ? FeeWaiverSchema : PaymentReversalSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const kind = intent === "waive" ? "waive fee" : "reverse payment";
      const made = await deskCore.requestCorrection(env, user, { customerId, kind, ...parsed.output });
      return redirect(`${file}?requested=${made.requestId}${made.replayed ? "&again=1" : ""}#corrections-heading`);
    }
    if (intent === "reset-link") {
      const parsed = v.safeParse(ResetLinkSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const { sent } = await deskCore.sendResetLink(env, user, { customerId, ...parsed.output });
      return redirect(`${file}?reset=${sent ? "1" : "again"}#login-heading`);
    }
    if (intent === "revoke-autopay" || intent === "authorize-autopay") {
      const revoke = intent === "revoke-autopay";
      const parsed = v.safeParse(revoke ? RevokeAutopaySchema : AuthorizeAutopaySchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const input = { customerId, reason: parsed.output.reason, key: parsed.output.key };
      await (revoke ? deskCore.revokeAutopay(env, user, input) : deskCore.authorizeAutopay(env, user, input));
      return redirect(`${file}?autopay=${revoke ? "revoked" : "authorized"}#autopay-heading`);
    }
    if (intent === "limit") {
      const parsed = v.safeParse(LimitSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const { limit, reason, key } = parsed.output;
      const changed = await deskCore.changeLimit(env, user, { customerId, limitCents: limit, reason, key });
      const again = changed.replayed ? "&again=1" : "";
      return redirect(`${file}?limit=${changed.beforeCents}-${changed.afterCents}${again}#limit-heading`);
    }
    if (intent === "decide") {
      const parsed = v.safeParse(DecisionSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      const decided = await deskCore.decideRequest(env, user, parsed.output);
      return redirect(`${file}?decided=${decided.status}#requests-heading`);
    }
    if (intent === "cancel") {
      const parsed = v.safeParse(CancelPaymentSchema, values);
      if (!parsed.success) return invalid(intent, parsed.issues, values);
      await deskCore.cancelPayment(env, user, { customerId, ...parsed.output });
      return redirect(`${file}?cancelled=${parsed.output.transactionId}#cancel-heading`);
    }
    const parsed = v.safeParse(PhonePaymentSchema, values);
    if (!parsed.success) return invalid(intent, parsed.issues, values);
    const { amount, date, reason, key } = parsed.output;
    const posted = await deskCore.takePayment(env, user, { customerId, amountCents: amount, date, reason, key });
    return redirect(`${file}?taken=${posted.paymentTransactionId}${posted.replayed ? "&again=1" : ""}#pay-heading`);
  } catch (error) {
    const refusal = deskRefusal(error);
    // A correction's refusals are about its row or its request (a 404 there is not a missing borrower).
    const aboutTheForm = intent === "decide" || intent === "waive" || intent === "reverse";
    if (refusal && aboutTheForm && refusal.status !== 403)
      return { intent, errors: { [fieldOf(intent, refusal.fields)]: refusal.message }, values };
    if (refusal && intent === "decide") return { intent, errors: { form: refusal.message }, values };
    if (refusal?.status === 403) throw data({ message: refusal.message }, 403);
    if (refusal?.status === 404) throw data({ message: "No such borrower." }, 404);
    if (refusal) return { intent, errors: { [fieldOf(intent, refusal.fields)]: refusal.message }, values };
    throw error;
  }
}

/** Which of the form's fields a refusal of the core's is about (the posting names its own fields). */
function fieldOf(intent: Intent, fields: Record<string, string>): string {
  if (intent === "note") return "note";
  if (intent === "unlock" || intent === "reset-link") return "reason";
  if (intent === "cancel") return "reason" in fields ? "reason" : "transactionId";
  if (intent === "waive" || intent === "reverse") return "reason" in fields ? "reason" : "entryId";
  if (intent === "decide") return "form";
  if (intent === "limit") return "reason" in fields ? "reason" : "limit";
  if (intent === "revoke-autopay" || intent === "authorize-autopay") return "reason";
  if ("transactionDate" in fields) return "date";
  return "reason" in fields ? "reason" : "amount";
}

function invalid(intent: Intent, issues: v.BaseIssue<unknown>[], values: Record<string, string>): DeskAnswer {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path?.[0]?.key ?? "form")] ??= issue.message;
  return { intent, errors, values };
}
