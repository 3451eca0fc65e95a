/**
 * Structured logs (issue 21): one JSON line per request and one per servicing
 * run, for Workers Observability to query (route, status, duration,
 * version). Never personal data: the route is the path with every segment
 * that could identify someone (anything with a digit, an @, or longer than a
 * word) replaced by ":id", and no query string at all (reset links, lead
 * links and searches carry tokens and addresses there).
 */
const IDENTIFYING = /\d|@|%|^[\w-]{25,}$/;

/** The path as a route: identifying segments as ":id", capped; never the query. */
export function routeOf(pathname: string): string {
  const route = pathname
    .split("/")
    .map((segment) => (IDENTIFYING.test(segment) ? ":id" : segment))
    .join("/");
  return route.length > 120 ? `${route.slice(0, 120)}…` : route;
}

export interface RequestLog {
  method: string;
  pathname: string;
  status: number;
  ms: number;
  version: string | null;
}

export function requestLogLine({ method, pathname, status, ms, version }: RequestLog): string {
  return JSON.stringify({ event: "request", method, route: routeOf(pathname), status, ms, version });
}

/** The servicing run's report: counts only. */
export function runLogLine(
  report: object,
  ms: number,
  version: string | null,
  event: "servicing-run" | "postbacks-run" = "servicing-run",
): string {
  return JSON.stringify({ event, ...report, ms, version });
}
