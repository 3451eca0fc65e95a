import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { database } from "#db/client";
import { messageRecords } from "#db/schema/servicing";
import { maskPhone } from "#domain/access-flow";
import { messages } from "#domain/config";
import { clockOffset } from "./clock";
import type { CoreEnv } from "./env";
import type { Deliverer, DeliveryError, QueuedMessage } from "./message";
import { keepsSecrets, maskEmail, type OutgoingMessage, outboxProvider, withholdSecrets } from "./messages";
import { channelDeliverer } from "./providers/deliverer";
import { heldUntil, holdSeconds } from "./quiet-hours";

export type { Deliverer, QueuedMessage } from "./message";

/**
 * The dispatch queue (issue 18). `dispatch` writes the message's record
 * (status queued, recipient masked, no secrets) and puts the whole message on
 * the queue; the Worker's queue consumer hands each to its provider
 * (`deliverBatch`): sent, or tried again later with a growing delay, or
 * failed. After the last attempt the queue moves a message to the dead-letter
 * queue, whose consumer marks its record failed (`markDeadLetters`).
 */

/** The recipient as records keep it: enough to recognise, not enough to harvest. */
export const maskedRecipient = (message: OutgoingMessage) =>
  message.channel === "email" ? maskEmail(message.recipient) : maskPhone(message.recipient.replace(/\D/g, ""));

/** A message's record as first written: who and what, masked and without secrets. */
export function newRecord(
  message: OutgoingMessage & { template: string },
  status: "queued" | "held" | "sent" | "suppressed",
  provider: string,
  now: number,
) {
  return {
    id: crypto.randomUUID(),
    customerId: message.customerId ?? null,
    channel: message.channel,
    template: message.template,
    recipientMasked: maskedRecipient(message),
    subject: withholdSecrets(message.subject ?? "", message.secrets),
    status,
    provider,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Records the message and queues it; its record's id. A text or call in the recipient's quiet
 * hours (`hold`) is recorded held, with when it will go, and waits in the queue until then.
 */
export async function dispatch(
  db: Database,
  queue: Pick<Queue<QueuedMessage>, "send">,
  message: OutgoingMessage & { template: string; quietZone?: string },
  provider: string,
  now: number,
  hold: { until: number; delaySeconds: number } | null = null,
): Promise<string> {
  const record = { ...newRecord(message, hold ? "held" : "queued", provider, now), holdUntil: hold?.until ?? null };
  await db.insert(messageRecords).values(record);
  await enqueue(db, queue, message, record.id, now, hold?.delaySeconds);
  return record.id;
}

/** Puts a recorded message on the queue; a failure marks its record failed and throws. */
export async function enqueue(
  db: Database,
  queue: Pick<Queue<QueuedMessage>, "send">,
  message: OutgoingMessage & { template: string },
  id: string,
  now: number,
  delaySeconds?: number,
): Promise<void> {
  try {
    await queue.send({ ...message, id }, { contentType: "json", ...(delaySeconds ? { delaySeconds } : {}) });
  } catch (error) {
    // Never a record that says queued for a message no queue holds.
    await db
      .update(messageRecords)
      .set({ status: "failed", lastError: errorNote(error), updatedAt: now })
      .where(eq(messageRecords.id, id));
    throw error;
  }
}

/** Seconds before attempt `attempt + 1`: the base doubled by each attempt made, up to the most. */
export function retryDelaySeconds(attempt: number): number {
  const { retryBaseSeconds, retryMaxSeconds } = messages.dispatch;
  return Math.min(retryMaxSeconds, retryBaseSeconds * 2 ** Math.max(0, attempt - 1));
}

/** What a failure leaves in the record: the error's kind, never the message or the person. */
const errorNote = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : "Error").slice(0, 200);

/**
 * Delivers a batch, its messages side by side, acknowledging each on its
 * own: one failing message does not send the others again. A failure a later attempt may
 * mend is retried with backoff (the queue moves it to the dead-letter queue
 * after its last attempt); one it cannot is failed at once.
 */
export async function deliverBatch(
  db: Database,
  batch: MessageBatch<QueuedMessage>,
  deliverer: Deliverer,
  now: () => number,
  hold: Holding = { env: { ENVIRONMENT: "production" } },
) {
  // Side by side: a person waiting for a passcode does not wait for the nine messages before it.
  await Promise.all(batch.messages.map((message) => deliverOne(db, message, deliverer, now, hold)));
}

/** What holding a message again needs: the queue to put it back on (else a retry), and the environment's cap. */
interface Holding {
  queue?: Pick<Queue<QueuedMessage>, "send">;
  env: Pick<CoreEnv, "ENVIRONMENT">;
}

/**
 * A text or call that arrives inside its recipient's quiet hours goes back on the queue until
 * they end (a fresh message, so waiting spends none of its attempts): true when it was held.
 */
async function heldAgain(db: Database, message: Message<QueuedMessage>, at: number, hold: Holding): Promise<boolean> {
  const until = heldUntil(message.body.quietZone, at);
  if (until === null) return false;
  const delaySeconds = holdSeconds(until, at, hold.env);
  if (hold.queue) await hold.queue.send(message.body, { contentType: "json", delaySeconds });
  else message.retry({ delaySeconds });
  await db
    .update(messageRecords)
    .set({ status: "held", holdUntil: until, updatedAt: at })
    .where(eq(messageRecords.id, message.body.id));
  if (hold.queue) message.ack();
  return true;
}

async function deliverOne(
  db: Database,
  message: Message<QueuedMessage>,
  deliverer: Deliverer,
  now: () => number,
  hold: Holding,
) {
  const record = eq(messageRecords.id, message.body.id);
  if (await heldAgain(db, message, now(), hold)) return;
  try {
    const providerId = await deliverer.deliver(message.body);
    await db
      .update(messageRecords)
      .set({ status: "sent", providerId, attempts: message.attempts, lastError: null, sentAt: now(), updatedAt: now() })
      .where(record);
    message.ack();
  } catch (error) {
    const { retryable: mendable, ambiguous } = error as Partial<DeliveryError>;
    // A passcode must never arrive twice: one the provider may already have is not sent again (RESEND CODE asks for a new one).
    const retryable = mendable !== false && !(ambiguous && message.body.secrets);
    await db
      .update(messageRecords)
      .set({
        status: retryable ? "queued" : "failed",
        attempts: message.attempts,
        lastError: errorNote(error),
        updatedAt: now(),
      })
      .where(record);
    // After its last attempt the queue moves a retried message to the dead-letter queue.
    if (retryable) message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}

/**
 * The dead-letter queue's consumer. A message without secrets goes round
 * again later (`messages.deadLetter`): its record stays queued. A passcode, or
 * a message out of rounds, is failed in its record.
 */
export async function markDeadLetters(
  db: Database,
  batch: MessageBatch<QueuedMessage>,
  now: number,
  queue?: Pick<Queue<QueuedMessage>, "send">,
) {
  const { rounds, delaySeconds } = messages.deadLetter;
  for (const message of batch.messages) {
    const round = message.body.round ?? 0;
    const again = queue && !message.body.secrets && round < rounds;
    if (again) await queue.send({ ...message.body, round: round + 1 }, { contentType: "json", delaySeconds });
    await db
      .update(messageRecords)
      .set({ status: again ? "queued" : "failed", updatedAt: now })
      .where(eq(messageRecords.id, message.body.id));
    message.ack();
  }
}

/** The default deliverer: the outbox (whole messages in development, without their secrets elsewhere). */
export function outboxDeliverer(db: Database, now: () => number, keepSecrets: boolean): Deliverer {
  const outbox = outboxProvider(db, now, { keepSecrets });
  return {
    name: "outbox",
    async deliver(message) {
      await outbox.send(message);
      return null;
    },
  };
}

/** The queue consumer: the messages queue delivers, its dead-letter queue marks failures. */
export async function consumeMessages(batch: MessageBatch<QueuedMessage>, env: CoreEnv, clock?: () => number) {
  const db = database(env.DB);
  // The servicing clock (movable in development), so records read in one time.
  const offset = clock ? 0 : await clockOffset(env, db);
  const now = clock ?? (() => Date.now() + offset);
  if (batch.queue.endsWith("-dlq")) return markDeadLetters(db, batch, now(), env.MESSAGES);
  const deliverer = channelDeliverer(env, outboxDeliverer(db, now, keepsSecrets(env)));
  return deliverBatch(db, batch, deliverer, now, { queue: env.MESSAGES, env });
}
