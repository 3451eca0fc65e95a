import { data, type RouterContextProvider } from "react-router";
import { type DeskUser, deskUser } from "#server/desk/identity";
import { edgeContext } from "#server/http/request-context";

type Context = Readonly<RouterContextProvider>;

/** What a request without a desk identity is told (403): nothing about why, nothing about any borrower. */
export const DESK_CLOSED =
  "The servicing desk is for Ridgeline Credit staff signed in through the company's access gateway.";

/** The request's desk user, or a 403 page (fails closed: no configuration, no entry). */
export async function requireDeskUser(context: Context, request: Request): Promise<DeskUser> {
  const { env } = context.get(edgeContext);
  const user = await deskUser(request, env);
  if (!user) throw data({ message: DESK_CLOSED, development: env.ENVIRONMENT === "development" }, 403);
  return user;
}
