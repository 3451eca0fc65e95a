import { data, type RouterContextProvider } from "react-router";
import * as v from "valibot";
import { canAct } from "#domain/desk-roles";
import { deskCore, deskRefusal } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import { requireDeskUser } from "./desk.server";
import { NoteSchema } from "./search.schema";

type Context = Readonly<RouterContextProvider>;

/** One borrower's file, and whether this desk user may act on it. */
export async function borrowerPage(context: Context, request: Request, customerId: string) {
  const user = await requireDeskUser(context, request);
  try {
    const file = await deskCore.borrower(context.get(edgeContext).env, customerId);
    return { file, canAct: canAct(user), noteKey: crypto.randomUUID() };
  } catch (error) {
    if (deskRefusal(error)?.status === 404) throw data({ message: "No such borrower." }, 404);
    throw error;
  }
}

export type NoteAnswer = { ok: true; written: boolean } | { ok: false; errors: Record<string, string> };

/** ADD NOTE: the core checks the role again, writes the note and its audit row in one batch, once per key. */
export async function noteAction(context: Context, request: Request, customerId: string): Promise<NoteAnswer> {
  const user = await requireDeskUser(context, request);
  if (!canAct(user)) throw data({ message: "Your desk role may not make changes." }, 403);
  const form = await request.formData();
  const parsed = v.safeParse(NoteSchema, { note: String(form.get("note") ?? ""), key: String(form.get("key") ?? "") });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) errors[String(issue.path?.[0]?.key ?? "note")] ??= issue.message;
    return { ok: false, errors };
  }
  try {
    const { written } = await deskCore.addNote(context.get(edgeContext).env, user, { customerId, ...parsed.output });
    return { ok: true, written };
  } catch (error) {
    const refusal = deskRefusal(error);
    if (refusal?.status === 403) throw data({ message: refusal.message }, 403);
    if (refusal?.status === 404) throw data({ message: "No such borrower." }, 404);
    if (refusal) return { ok: false, errors: { note: refusal.message } };
    throw error;
  }
}
