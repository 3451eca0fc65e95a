import { data, isRouteErrorResponse } from "react-router";

/**
 * A loader that cannot do without the platform (the portal's account summary)
 * throws this when a call fails: the root error boundary shows the spec's
 * text for that call instead of the generic error page, with status 503 so
 * nothing in between keeps the page.
 */
export function serviceUnavailable(message: string) {
  return data({ serviceMessage: message }, { status: 503 });
}

/** The spec text carried by `serviceUnavailable`, or null for any other error. */
export function serviceMessageOf(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  const message = (error.data as { serviceMessage?: unknown } | null)?.serviceMessage;
  return typeof message === "string" ? message : null;
}
