import { env } from "cloudflare:test";

/**
 * The database once the dispatch queue has handed over every message queued
 * and not yet tried (issue 18): messages reach the outbox through the queue's
 * consumer, a moment after the call that sent them answers. Waits 10 s at
 * most; a message still queued after that is for the test to find missing.
 */
export async function settledDb(): Promise<D1Database> {
  const until = Date.now() + 10_000;
  const pending = () =>
    env.DB.prepare("SELECT 1 FROM message_records WHERE status = 'queued' AND attempts = 0 LIMIT 1").first();
  while ((await pending()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return env.DB;
}

/** The subjects of a borrower's e-mails of one template, in alphabetical order (records made in one millisecond have no order), once the queue has handed them over. */
export async function subjectsSent(customerId: string, template: string): Promise<string[]> {
  const db = await settledDb();
  const rows = await db
    .prepare("SELECT subject FROM message_records WHERE customer_id = ? AND template = ? ORDER BY id")
    .bind(customerId, template)
    .all<{ subject: string }>();
  return rows.results.map((r) => r.subject).sort();
}
