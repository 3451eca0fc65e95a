import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { canAct } from "#domain/desk";
import { deskCore, deskRefusal } from "#server/desk/core";
import type { DeskUser } from "#server/desk/identity";
import { edgeContext } from "#server/http/request-context";
import { requireDeskUser } from "./desk.server";
import { PhonePaymentSchema } from "./payment.schema";
import { NoteSchema } from "./search.schema";

type Context = Readonly<RouterContextProvider>;

/** One borrower's file, whether this desk user may act on it, and fresh keys for its forms. */
export async function borrowerPage(context: Context, request: Request, customerId: string) {
  const user = await requireDeskUser(context, request);
  try {
    const file = await deskCore.borrower(context.get(edgeContext).env, customerId);
    return { file, canAct: canAct(user), noteKey: crypto.randomUUID(), paymentKey: crypto.randomUUID() };
  } catch (error) {
    if (deskRefusal(error)?.status === 404) throw data({ message: "No such borrower." }, 404);
    throw error;
  }
}

export type DeskAnswer =
  | { intent: "note"; ok: true; written: boolean }
  | { intent: "payment"; ok: true; replayed: boolean; amountCents: number; date: string; confirmation: number }
  | { intent: "note"; ok: false; errors: Record<string, string>; values: Record<string, string> }
  | { intent: "payment"; ok: false; errors: Record<string, string>; values: Record<string, string> };

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** A desk form's post: the role checked here and again by the core; each action with its audit row, once per key. */
export async function deskAction(context: Context, request: Request, customerId: string): Promise<DeskAnswer> {
  const user = await requireDeskUser(context, request);
  if (!canAct(user)) throw data({ message: "Your desk role may not make changes." }, 403);
  const form = await request.formData();
  const intent = text(form, "intent") === "payment" ? "payment" : "note";
  const values = Object.fromEntries(
    ["note", "amount", "date", "reason", "authorized", "key"].map((n) => [n, text(form, n)]),
  );
  try {
    return intent === "payment"
      ? await takePayment(context, user, customerId, values)
      : await addNote(context, user, customerId, values);
  } catch (error) {
    const refusal = deskRefusal(error);
    if (refusal?.status === 403) throw data({ message: refusal.message }, 403);
    if (refusal?.status === 404) throw data({ message: "No such borrower." }, 404);
    if (refusal) return failure(intent, { [fieldOf(intent, refusal.fields)]: refusal.message }, values);
    throw error;
  }
}

/** Which of the form's fields a refusal of the core's is about (the posting names its own fields). */
function fieldOf(intent: "note" | "payment", fields: Record<string, string>): string {
  if (intent === "note") return "note";
  if ("transactionDate" in fields) return "date";
  return "reason" in fields ? "reason" : "amount";
}

function invalid(
  intent: "note" | "payment",
  issues: v.BaseIssue<unknown>[],
  values: Record<string, string>,
): DeskAnswer {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path?.[0]?.key ?? "form")] ??= issue.message;
  return failure(intent, errors, values);
}

/** The form again with its messages and what was typed (one shape for either form). */
const failure = (intent: "note" | "payment", errors: Record<string, string>, values: Record<string, string>) =>
  ({ intent, ok: false, errors, values }) as DeskAnswer;

async function addNote(context: Context, user: DeskUser, customerId: string, values: Record<string, string>) {
  const parsed = v.safeParse(NoteSchema, values);
  if (!parsed.success) return invalid("note", parsed.issues, values);
  const { written } = await deskCore.addNote(context.get(edgeContext).env, user, { customerId, ...parsed.output });
  return { intent: "note" as const, ok: true as const, written };
}

async function takePayment(context: Context, user: DeskUser, customerId: string, values: Record<string, string>) {
  const parsed = v.safeParse(PhonePaymentSchema, values);
  if (!parsed.success) return invalid("payment", parsed.issues, values);
  const { amount, date, reason, key } = parsed.output;
  const posted = await deskCore.takePayment(context.get(edgeContext).env, user, {
    customerId,
    amountCents: amount,
    date,
    reason,
    key,
  });
  return {
    intent: "payment" as const,
    ok: true as const,
    replayed: posted.replayed,
    amountCents: amount,
    date: posted.effectiveDate,
    confirmation: posted.paymentTransactionId,
  };
}
