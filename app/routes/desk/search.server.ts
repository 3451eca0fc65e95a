import type { RouterContextProvider } from "react-router";
import { deskCore } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import { requireDeskUser } from "./desk.server";
import { parseSearch, SEARCH_FIELDS, type SearchValues } from "./search.schema";

/** The search form's values, its messages, and the borrowers found (null before a search). */
export async function searchPage(context: Readonly<RouterContextProvider>, request: Request) {
  await requireDeskUser(context, request);
  const params = new URL(request.url).searchParams;
  const values = Object.fromEntries(SEARCH_FIELDS.map((f) => [f, params.get(f) ?? ""])) as SearchValues;
  if (!SEARCH_FIELDS.some((f) => values[f].trim())) return { values, errors: {}, results: null };
  const parsed = parseSearch(values);
  if (!parsed.ok) return { values, errors: parsed.errors, results: null };
  return { values, errors: {}, results: await deskCore.search(context.get(edgeContext).env, parsed.search) };
}
