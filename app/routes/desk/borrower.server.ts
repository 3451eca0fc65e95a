import { data, type RouterContextProvider, redirect } from "react-router";
import type * as v from "valibot";
import type { PayFrequency } from "#domain/config";
import { canAct } from "#domain/desk";
import { deskCore, deskRefusal, type PasscodeChannel } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import { DESK_STEPS, FORM_FIELDS, INTENTS, type Intent } from "./borrower-actions.server";
import { requireDeskUser } from "./desk.server";

type Context = Readonly<RouterContextProvider>;

/** What a successful action left to say, read from the address it redirected to (post, redirect, get). */
export type DeskFlash =
  | { kind: "payment"; again: boolean; amountCents: number; date: string; confirmation: number }
  | { kind: "note"; again: boolean }
  | { kind: "cancel"; confirmation: number }
  | { kind: "unlock"; again: boolean }
  | { kind: "requested"; again: boolean; requestId: number }
  | { kind: "decided"; status: string }
  | { kind: "limit"; again: boolean; beforeCents: number; afterCents: number }
  | { kind: "schedule"; again: boolean; frequency: PayFrequency; firstDueDate: string | null }
  | { kind: "autopay"; change: "revoked" | "authorized" }
  | { kind: "reset"; again: boolean }
  | { kind: "passcode"; again: boolean; channel: PasscodeChannel; resends: number | "suppressed" }
  | { kind: "closure"; outcome: "closed" | "closing" | "kept" | "reopened" }
  | null;

/** The flash of the corrections' forms (decision record 022), or null. */
export function correctionFlash(params: URLSearchParams): DeskFlash {
  const closure = params.get("closure");
  if (closure === "closed" || closure === "closing" || closure === "kept" || closure === "reopened")
    return { kind: "closure", outcome: closure };
  const passcode = /^(sms|voice|email)-(\d|suppressed)$/.exec(params.get("passcode") ?? "");
  if (passcode)
    return {
      kind: "passcode",
      again: params.has("again"),
      channel: passcode[1] as PasscodeChannel,
      resends: passcode[2] === "suppressed" ? "suppressed" : Number(passcode[2]),
    };
  const reset = params.get("reset");
  if (reset) return { kind: "reset", again: reset === "again" };
  const autopay = params.get("autopay");
  if (autopay === "revoked" || autopay === "authorized") return { kind: "autopay", change: autopay };
  const schedule = /^([WBSM])-(\d{4}-\d{2}-\d{2}|none)$/.exec(params.get("schedule") ?? "");
  if (schedule)
    return {
      kind: "schedule",
      again: params.has("again"),
      frequency: schedule[1] as PayFrequency,
      firstDueDate: schedule[2] === "none" ? null : schedule[2]!,
    };
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
      schedule: crypto.randomUUID(),
      autopay: crypto.randomUUID(),
      reset: crypto.randomUUID(),
      passcode: crypto.randomUUID(),
      closure: crypto.randomUUID(),
    };
    const { env } = context.get(edgeContext);
    const [requests, passcode, signed] = await Promise.all([
      deskCore.requests(env, customerId),
      deskCore.passcode(env, customerId),
      deskCore.agreements(env, customerId),
    ]);
    const agreements = signed.map(({ lineId, title, signedAt }) => ({ lineId, title, signedAt }));
    return {
      file,
      agreements,
      requests,
      passcode,
      viewer: { email: user.email, role: user.role },
      canAct: canAct(user),
      keys,
      flash,
    };
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
  const values = Object.fromEntries(FORM_FIELDS.map((n) => [n, text(form, n)]));
  try {
    const done = await DESK_STEPS[intent](values, { env: context.get(edgeContext).env, user, customerId });
    if ("issues" in done) return invalid(intent, done.issues, values);
    return redirect(`/desk/borrowers/${encodeURIComponent(customerId)}${done.to}`);
  } catch (error) {
    const refusal = deskRefusal(error);
    if (!refusal) throw error;
    // A correction's refusals are about its row or its request (a 404 there is not a missing borrower).
    const aboutTheForm = intent === "decide" || intent === "waive" || intent === "reverse";
    if (aboutTheForm && refusal.status !== 403)
      return { intent, errors: { [fieldOf(intent, refusal.fields)]: refusal.message }, values };
    if (intent === "decide") return { intent, errors: { form: refusal.message }, values };
    if (refusal.status === 403) throw data({ message: refusal.message }, 403);
    if (refusal.status === 404) throw data({ message: "No such borrower." }, 404);
    return { intent, errors: { [fieldOf(intent, refusal.fields)]: refusal.message }, values };
  }
}

/** Which of the form's fields a refusal of the core's is about (the posting names its own fields). */
function fieldOf(intent: Intent, fields: Record<string, string>): string {
  if (intent === "note") return "note";
  if (intent === "unlock" || intent === "reset-link") return "reason";
  if (intent === "passcode") return "reason" in fields ? "reason" : "channel";
  if (intent === "cancel") return "reason" in fields ? "reason" : "transactionId";
  if (intent === "waive" || intent === "reverse") return "reason" in fields ? "reason" : "entryId";
  if (intent === "decide") return "form";
  if (intent === "limit") return "reason" in fields ? "reason" : "limit";
  if (intent === "schedule") return "reason" in fields ? "reason" : "lastPayDate";
  if (["revoke-autopay", "authorize-autopay", "close-line", "cancel-closure", "reopen-line"].includes(intent))
    return "reason";
  if ("transactionDate" in fields) return "date";
  return "reason" in fields ? "reason" : "amount";
}

function invalid(intent: Intent, issues: v.BaseIssue<unknown>[], values: Record<string, string>): DeskAnswer {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path?.[0]?.key ?? "form")] ??= issue.message;
  return { intent, errors, values };
}
