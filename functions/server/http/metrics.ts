/**
 * Counters in Workers Analytics Engine (issue 21; wrangler.toml METRICS): one
 * data point per event, its name as the index and first blob, its labels
 * (never personal data: statuses, codes, policy and call names) as the
 * other blobs, and its figures as doubles. Queried with SQL over the
 * dataset (docs/operations.md, "Counters"). Without the binding (a test
 * that does not ask for it) nothing is written; a failing write never fails
 * the request.
 */
export type MetricEvent =
  | "lead_decided"
  | "lead_refused"
  | "rate_limited"
  | "servicing_run"
  | "postback"
  | "postbacks_run"
  | "payment_returned";

export function count(
  env: { METRICS?: AnalyticsEngineDataset },
  event: MetricEvent,
  labels: readonly string[] = [],
  figures: readonly number[] = [1],
): void {
  try {
    env.METRICS?.writeDataPoint({ indexes: [event], blobs: [event, ...labels], doubles: [...figures] });
  } catch {
    // Counting is best effort: the request's answer matters more.
  }
}
