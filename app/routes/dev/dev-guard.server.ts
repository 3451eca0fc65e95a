import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import { edgeContext } from "#server/http/request-context";

/** Development pages do not exist anywhere else. */
export function developmentEnv(context: Readonly<RouterContextProvider>) {
  const { env } = context.get(edgeContext);
  if (env.ENVIRONMENT !== "development") throw data(null, { status: 404 });
  return env;
}
