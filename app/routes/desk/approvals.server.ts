import { data, type RouterContextProvider, redirect } from "react-router";
import * as v from "valibot";
import { canAct } from "#domain/desk";
import { deskCore, deskRefusal } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import type { DeskAnswer } from "./borrower.server";
import { DecisionSchema } from "./corrections.schema";
import { requireDeskUser } from "./desk.server";

type Context = Readonly<RouterContextProvider>;

/** The supervisors' queue (decision record 022): every request awaiting a decision, oldest first. */
export async function approvalsPage(context: Context, request: Request) {
  const user = await requireDeskUser(context, request);
  const requests = await deskCore.requests(context.get(edgeContext).env);
  const decided = new URL(request.url).searchParams.get("decided");
  return {
    requests,
    viewer: { email: user.email, role: user.role },
    decideKey: crypto.randomUUID(),
    decided: decided === "approved" || decided === "rejected" ? decided : null,
  };
}

/** APPROVE or REJECT from the queue; done, back to the queue (post, redirect, get); refused, the message on its form. */
export async function approvalsAction(context: Context, request: Request): Promise<DeskAnswer | Response> {
  const user = await requireDeskUser(context, request);
  if (!canAct(user)) throw data({ message: "Your desk role may not make changes." }, 403);
  const form = await request.formData();
  const values = Object.fromEntries(
    ["requestId", "decision", "reason", "key"].map((n) => [n, String(form.get(n) ?? "")]),
  );
  const parsed = v.safeParse(DecisionSchema, values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) errors[String(issue.path?.[0]?.key ?? "form")] ??= issue.message;
    return { intent: "decide", errors, values };
  }
  try {
    const decided = await deskCore.decideRequest(context.get(edgeContext).env, user, parsed.output);
    return redirect(`/desk/approvals?decided=${decided.status}`);
  } catch (error) {
    const refusal = deskRefusal(error);
    if (refusal) return { intent: "decide", errors: { form: refusal.message }, values };
    throw error;
  }
}
