import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { deskCore } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import { AUDIT_FIELDS, AuditSearchSchema, type AuditValues } from "./audit.schema";
import { requireDeskUser } from "./desk.server";

/** The filters as typed, their messages, and the rows found (the newest, before any filter). */
export async function auditPage(context: Readonly<RouterContextProvider>, request: Request) {
  await requireDeskUser(context, request);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(AUDIT_FIELDS.map((f) => [f, params.get(f) ?? ""])) as AuditValues;
  const parsed = v.safeParse(AuditSearchSchema, values);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) errors[String(issue.path?.[0]?.key ?? "form")] ??= issue.message;
    return { values, errors, result: null };
  }
  const query = Object.fromEntries(Object.entries(parsed.output).filter(([, value]) => value !== ""));
  return { values, errors: {}, result: await deskCore.audit(context.get(edgeContext).env, query) };
}
