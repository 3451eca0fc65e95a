import { and, eq, getTableColumns } from "drizzle-orm";
import { type Database, database } from "#db/client";
import { messageHandover } from "#db/schema/directory";
import { customers, messageRecords, suppressions } from "#db/schema/servicing";
import { dispatch, enqueue, newRecord, outboxDeliverer } from "./dispatch";
import type { CoreEnv } from "./env";
import { type GuardedWrite, insertRow, insertRowWhere } from "./guarded";
import { keepsSecrets } from "./messages";
import { channelDeliverer, providerFor } from "./providers/deliverer";
import { heldUntil, holdSeconds, keepsQuietHours, quietZoneOf } from "./quiet-hours";
import { passcode, type TemplatedMessage } from "./templates";

/**
 * How the core sends a message (issue 18): the one door every e-mail, text
 * and call goes through. A channel that asked not to be sent to is honoured
 * here (a passcode fails over to another channel the borrower has, anything
 * else is recorded as suppressed); the rest is recorded and put on the
 * dispatch queue, whose consumer hands it to the provider.
 *
 * The sender is registered for the database handle a request, a scheduled run
 * or the queue consumer works with (`withOutgoing`), so code deep in the
 * servicing run (notices, confirmations) sends through it without every
 * function between carrying it. A handle nobody registered (a test calling a
 * servicing function directly) delivers to the outbox at once, without secrets.
 */
export interface Outgoing {
  /** The record's id and what became of the message. */
  send(
    message: TemplatedMessage,
  ): Promise<{ id: string; status: "queued" | "held" | "sent" | "suppressed"; channel: string }>;
  /**
   * The message recorded inside the caller's own guarded batch (a posting's
   * confirmation: no round trips of its own before the answer), or null when
   * this sender cannot (no queue: it delivers first, then records).
   */
  inBatch(message: TemplatedMessage): BatchedSend | null;
}

/** A message's record as writes in someone else's batch, and what to do once that batch is written. */
export interface BatchedSend {
  writes: GuardedWrite[];
  /** Given the rows each of `writes` changed: the queued record goes on the queue. */
  written(changes: number[]): Promise<void>;
}

const registered = new WeakMap<Database, Outgoing>();

/** Sends through the dispatch queue for everything done with `db` (a request's, a run's). */
export function withOutgoing(db: Database, env: CoreEnv, now: () => number): Database {
  registered.set(db, queuedOutgoing(db, env, now));
  return db;
}

/**
 * Sends for a line's object (decision record 032): the records and the dispatch queue are the shared
 * database's, so a message from a line's object is sent, tracked and suppressed like any other. A
 * record cannot join the object's own batch, so each message is sent once the posting is written.
 */
export function withSharedOutgoing(db: Database, shared: Database, env: CoreEnv, now: () => number): Database {
  const outgoing = queuedOutgoing(shared, env, now);
  registered.set(db, {
    send: (message) => outgoing.send(message),
    // A posting's confirmation waits in the object's own transaction, handed over after the answer.
    inBatch: (message) =>
      // A passcode needs its fail-over's reads, a text or call its time zone; a message with secrets never rests in storage; no queue: at once.
      message.category === "passcode" || keepsQuietHours(message) || message.secrets || !env.MESSAGES
        ? null
        : {
            writes: [
              insertRow("message_handover", {
                id: crypto.randomUUID(),
                message: JSON.stringify(message),
                created_at: now(),
              }),
            ],
            written: async () => undefined,
          },
  });
  return db;
}

/**
 * The object's waiting messages handed to the shared dispatch, each once: its record is written under
 * the id it waited with (a second hand-over after a lost isolate finds it and queues nothing), then the
 * waiting row goes. The number handed over.
 */
export async function handOverMessages(db: Database, shared: Database, env: CoreEnv, now: number): Promise<number> {
  const waiting = await db.select().from(messageHandover).orderBy(messageHandover.createdAt).all();
  for (const row of waiting) {
    const message = JSON.parse(row.message) as TemplatedMessage;
    const stopped = await suppressed(shared, message);
    const provider = stopped ? "none" : providerFor(env, message.channel);
    const record = { ...newRecord(message, stopped ? "suppressed" : "queued", provider, now), id: row.id };
    const written = await shared.insert(messageRecords).values(record).onConflictDoNothing();
    if (written.meta.changes === 1 && !stopped && env.MESSAGES)
      await enqueue(shared, env.MESSAGES, message, row.id, now);
    await db.delete(messageHandover).where(eq(messageHandover.id, row.id));
  }
  return waiting.length;
}

/**
 * A database handle whose messages go nowhere: a demo borrower's made-up
 * history (its past statements, payments and notices are news to nobody).
 */
export function withoutMessages(d1: D1Database): Database {
  const db = database(d1);
  registered.set(db, {
    send: async (message) => ({ id: "", status: "suppressed", channel: message.channel }),
    inBatch: () => ({ writes: [], written: async () => undefined }),
  });
  return db;
}

export function outgoingFor(db: Database): Outgoing {
  return registered.get(db) ?? directOutgoing(db);
}

/** The address as suppressions keep it: a phone's digits, an e-mail lower-cased. */
export const suppressionAddress = (channel: string, recipient: string) =>
  channel === "email" ? recipient.trim().toLowerCase() : recipient.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

/** Whether this message may not go to its channel: "all" stops every message, "marketing" marketing only. */
async function suppressed(db: Database, message: TemplatedMessage): Promise<boolean> {
  // A STOP text stops texts, not calls.
  if (message.channel === "voice") return false;
  const row = await db
    .select({ scope: suppressions.scope })
    .from(suppressions)
    .where(
      and(
        eq(suppressions.channel, message.channel),
        eq(suppressions.address, suppressionAddress(message.channel, message.recipient)),
      ),
    )
    .get();
  return row !== undefined && (row.scope === "all" || message.category === "marketing");
}

/**
 * Another channel for a passcode whose own is suppressed: a text goes by
 * e-mail; an e-mail goes by text to the cell phone, or by a call. Null when
 * the borrower has no other channel we may use.
 */
async function failOver(db: Database, message: TemplatedMessage): Promise<TemplatedMessage[]> {
  const code = message.secrets?.code?.replace(/\s/g, "");
  if (!message.customerId || !code) return [];
  const customer = await db
    .select({ email: customers.email, mobilePhone: customers.mobilePhone, homePhone: customers.homePhone })
    .from(customers)
    .where(eq(customers.id, message.customerId))
    .get();
  if (!customer) return [];
  if (message.channel === "sms") return [passcode("email", customer.email, code, message.customerId)];
  const phone = customer.mobilePhone || customer.homePhone;
  if (!phone) return [];
  return [
    passcode("sms", phone, code, message.customerId),
    passcode("voice", customer.homePhone || phone, code, message.customerId),
  ];
}

/** The record of a message that was not sent because its channel is suppressed. */
async function recordSuppressed(db: Database, message: TemplatedMessage, now: number) {
  const record = newRecord(message, "suppressed", "none", now);
  await db.insert(messageRecords).values(record);
  return { id: record.id, status: "suppressed" as const, channel: message.channel };
}

function queuedOutgoing(db: Database, env: CoreEnv, now: () => number): Outgoing {
  const outgoing: Outgoing = {
    async send(message) {
      if (await suppressed(db, message)) {
        if (message.category === "passcode")
          for (const other of await failOver(db, message))
            if (!(await suppressed(db, other))) return outgoing.send(other);
        return recordSuppressed(db, message, now());
      }
      const provider = providerFor(env, message.channel);
      if (!env.MESSAGES) return deliverNow(db, env, message, provider, now);
      // A text or call keeps the recipient's quiet hours (decision record 033).
      const quietZone = await quietZoneOf(db, message);
      const until = heldUntil(quietZone, now());
      const hold = until === null ? null : { until, delaySeconds: holdSeconds(until, now(), env) };
      const queued = quietZone ? { ...message, quietZone } : message;
      const id = await dispatch(db, env.MESSAGES, queued, provider, now(), hold);
      return { id, status: hold ? "held" : "queued", channel: message.channel };
    },
    inBatch(message) {
      // A passcode's suppressed channel fails over to another, and a text or call reads the borrower's time zone.
      if (!env.MESSAGES || message.category === "passcode" || keepsQuietHours(message)) return null;
      return batchedSend(db, env.MESSAGES, message, providerFor(env, message.channel), now());
    },
  };
  return outgoing;
}

const recordColumns = getTableColumns(messageRecords);
/** A record as its table's columns name it (the guarded writes are SQL). */
const recordRow = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).map(([key, value]) => [recordColumns[key as keyof typeof recordColumns].name, value]),
  );

/**
 * Two inserts of one record id, exactly one of which applies: queued when the
 * channel is not suppressed (the rule of `suppressed`, in SQL), suppressed
 * when it is. Once written, the queued one goes on the queue.
 */
function batchedSend(
  db: Database,
  queue: NonNullable<CoreEnv["MESSAGES"]>,
  message: TemplatedMessage,
  provider: string,
  now: number,
): BatchedSend {
  const queued = newRecord(message, "queued", provider, now);
  const stopped = { ...newRecord(message, "suppressed", "none", now), id: queued.id };
  const stop =
    message.channel === "voice"
      ? { sql: "0", params: [] }
      : {
          sql: "EXISTS (SELECT 1 FROM suppressions WHERE channel = ? AND address = ? AND (scope = 'all' OR ? = 'marketing'))",
          params: [message.channel, suppressionAddress(message.channel, message.recipient), message.category],
        };
  return {
    writes: [
      insertRowWhere("message_records", recordRow(queued), `NOT ${stop.sql}`, stop.params),
      insertRowWhere("message_records", recordRow(stopped), stop.sql, stop.params),
    ],
    async written([wasQueued]) {
      if (wasQueued === 1) await enqueue(db, queue, message, queued.id, now);
    },
  };
}

/**
 * A host without the queue binding (the platform served alone, before its
 * queue is set up) delivers at once, recording the same way.
 */
async function deliverNow(db: Database, env: CoreEnv, message: TemplatedMessage, provider: string, now: () => number) {
  const deliverer = channelDeliverer(env, outboxDeliverer(db, now, keepsSecrets(env)));
  const record = newRecord(message, "sent", provider, now());
  const providerId = await deliverer.deliver({ ...message, id: record.id });
  await db.insert(messageRecords).values({ ...record, providerId, attempts: 1, sentAt: now() });
  return { id: record.id, status: "sent" as const, channel: message.channel };
}

/** No sender registered: the outbox at once, never keeping a secret. */
function directOutgoing(db: Database): Outgoing {
  return queuedOutgoing(db, { ENVIRONMENT: "production" } as CoreEnv, Date.now);
}
