import type { RouterContextProvider } from "react-router";
import { platformTime } from "#platform";
import { edgeContext } from "#server/http/request-context";
import { easternToday } from "./today";

/**
 * Today as the servicing platform counts it, for what a page sends it or
 * says about "today" (a draw is requested for today; a payment dated today is
 * in process). In production that is the real Eastern day. In development a
 * person may move the servicing clock (/dev/clock), which the embedded
 * platform shares through the database: the real day would then be days
 * behind the platform's, and every draw would be refused ("A draw is
 * requested for today.").
 */
export async function servicingToday(context: Readonly<RouterContextProvider>): Promise<string> {
  const { env } = context.get(edgeContext);
  return easternToday(await platformTime(env));
}
