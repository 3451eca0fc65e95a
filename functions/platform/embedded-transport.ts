import { database } from "#db/client";
import {
  type ApplicantNoticesReport,
  type CoreEnv,
  consumeLinesQueue,
  consumeMessages,
  currentTime,
  isLinesQueue,
  type LinesRunReport,
  providerWebhooks,
  purgeExpired,
  purgeOldOutbox,
  type QueuedMessage,
  runLines,
  runNoticesDaily,
  servicingApp,
  unsubscribeRoutes,
} from "#servicing";
import { readJson, type Transport, toHttpRequest } from "./transport";

/** The embedded core's Durable Object (exported by the Worker that hosts it) and its bindings. */
export { type CoreEnv, LineLedger, PasscodeVault } from "#servicing";

/**
 * The embedded core's provider webhooks (delivery reports, texts to our
 * number), which the Worker mounts at /api/webhooks: providers post to the
 * site's public origin, and the embedded core keeps the records they update.
 */
export const embeddedWebhooks = providerWebhooks;

/**
 * The one-click unsubscribe of the embedded core's marketing e-mails, which the Worker mounts at
 * /api/unsubscribe: the link is on the site's origin, the suppression is the core's record.
 */
export const embeddedUnsubscribe = unsubscribeRoutes;

/** An address no network request can reach: the embedded platform is in-process only. */
const EMBEDDED_BASE = "http://embedded.platform.invalid/";

/**
 * The embedded servicing core, called in-process: the same HTTP request an
 * upstream platform would get, handed straight to its Hono app. It is not
 * mounted on any public route. This file is the only one of the platform
 * client that opens the core's door.
 */
export function embeddedTransport(env: CoreEnv, ctx?: ExecutionContext): Transport {
  return async (request) => {
    const response = await servicingApp.fetch(toHttpRequest(EMBEDDED_BASE, request), env, ctx);
    return { status: response.status, body: await readJson(response) };
  };
}

/**
 * The time as the platform counts it: real time, or in development the
 * servicing clock a person may move (/dev/clock), which the site shares so
 * that sessions and "today" age with the platform's (decision record 014).
 */
export function platformTime(env: Pick<CoreEnv, "DB" | "ENVIRONMENT">): Promise<Date> {
  return currentTime(env, database(env.DB));
}

/**
 * The embedded core's scheduled run (the Worker's cron): old outbox records, expired idempotency
 * keys and platform tokens, the applicants' notices, then the sweep for lines whose alarm was lost. Each line services
 * itself at its own alarm (decision record 032): nothing here walks the book.
 */
export async function runEmbeddedDaily(env: CoreEnv): Promise<LinesRunReport & { notices: ApplicantNoticesReport }> {
  const db = database(env.DB);
  await purgeOldOutbox(db, Date.now());
  const now = await currentTime(env, db);
  await purgeExpired(db, now.getTime());
  // The applicants' notices (decision record 033): approvals lapse, reminders fall due, a failed notice goes again.
  const notices = await runNoticesDaily(env, now.getTime());
  return { ...(await runLines(env, now.getTime())), notices };
}

/** The embedded core's message queues (the Worker's queue handler): deliveries and dead letters. */
export function deliverEmbeddedMessages(batch: MessageBatch<QueuedMessage>, env: CoreEnv): Promise<void> {
  if (isLinesQueue(batch.queue)) return consumeLinesQueue(batch, env);
  return consumeMessages(batch, env);
}
