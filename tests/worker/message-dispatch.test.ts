import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { messageRecords } from "#db/schema/servicing";
import { messages, security } from "#domain/config";
import worker from "#server/worker";
import {
  type Deliverer,
  deliverBatch,
  dispatch,
  type QueuedMessage,
  retryDelaySeconds,
} from "../../functions/servicing/dispatch";

/**
 * The dispatch queue (issue 18): a message's record, the consumer's
 * acknowledgements and retries with backoff, failures, dead letters, and a
 * message end to end through the real queue to the outbox.
 */
const db = () => database(env.DB);
const QUEUE = "ridgeline-messages-local";

async function recorded(message: Omit<QueuedMessage, "id">): Promise<QueuedMessage> {
  const queue = { send: async () => ({}) as QueueSendResponse };
  const id = await dispatch(db(), queue, message, "outbox", Date.now());
  return { ...message, id };
}

const passcodeText = (phone: string): Omit<QueuedMessage, "id"> => ({
  channel: "sms",
  template: "passcode-sms",
  recipient: phone,
  body: "Your Ridgeline Credit passcode is {{code}}.",
  secrets: { code: "204517" },
});

const phone = () => `6145${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
const record = async (id: string) => db().select().from(messageRecords).where(eq(messageRecords.id, id)).get();
/**
 * The delays each message was retried with: getQueueResult reports which
 * messages were retried but not their delays, so the test keeps them.
 */
function retryDelays(batch: MessageBatch<QueuedMessage>): Map<string, number | undefined> {
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    Object.defineProperty(message, "retry", {
      value: (options?: QueueRetryOptions) => {
        delays.set(message.id, options?.delaySeconds);
        retry(options);
      },
    });
  }
  return delays;
}

const batchOf = (message: QueuedMessage, attempts: number, queue = QUEUE) =>
  createMessageBatch<QueuedMessage>(queue, [{ id: `m-${message.id}`, timestamp: new Date(), attempts, body: message }]);

describe("a message's record", () => {
  it("is queued with the recipient masked and no secret: the passcode travels only on the queue", async () => {
    const sent: unknown[] = [];
    const to = phone();
    const id = await dispatch(
      db(),
      {
        send: async (m: unknown) => {
          sent.push(m);
          return {} as QueueSendResponse;
        },
      },
      passcodeText(to),
      "outbox",
      1_000,
    );
    expect(await record(id)).toMatchObject({
      status: "queued",
      channel: "sms",
      template: "passcode-sms",
      recipientMasked: `(xxx) xxx-${to.slice(-4)}`,
      attempts: 0,
    });
    expect(JSON.stringify(await record(id))).not.toContain("204517");
    expect(JSON.stringify(await record(id))).not.toContain(to);
    expect(sent).toEqual([{ ...passcodeText(to), id }]);
  });
});

describe("a queue that refuses the message", () => {
  it("leaves a failed record, not one that says queued, and the caller hears of it", async () => {
    const to = phone();
    const refusing = { send: async (): Promise<QueueSendResponse> => Promise.reject(new Error("Queue send failed")) };
    await expect(dispatch(db(), refusing, passcodeText(to), "outbox", 6_000)).rejects.toThrow("Queue send failed");
    const row = await db()
      .select()
      .from(messageRecords)
      .where(eq(messageRecords.recipientMasked, `(xxx) xxx-${to.slice(-4)}`))
      .all();
    expect(row.map((r) => [r.status, r.lastError])).toContainEqual(["failed", "Error: Queue send failed"]);
  });
});

describe("the consumer", () => {
  it("delivers, acknowledges and marks the record sent with the provider's id", async () => {
    const message = await recorded(passcodeText(phone()));
    const batch = batchOf(message, 1);
    const deliverer: Deliverer = { name: "fake", deliver: async () => "SM0001" };
    await deliverBatch(db(), batch, deliverer, () => 2_000);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual([`m-${message.id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(await record(message.id)).toMatchObject({
      status: "sent",
      providerId: "SM0001",
      attempts: 1,
      sentAt: 2_000,
    });
  });

  it("retries a failure a later attempt may mend, each time after a longer delay, and keeps the error's kind", async () => {
    const message = await recorded(passcodeText(phone()));
    const failing: Deliverer = {
      name: "fake",
      deliver: async () => {
        throw Object.assign(new Error("Twilio answered 503"), { name: "TwilioError", retryable: true });
      },
    };
    for (const attempt of [1, 2, 3]) {
      const batch = batchOf(message, attempt);
      const delays = retryDelays(batch);
      await deliverBatch(db(), batch, failing, () => 3_000);
      const result = await getQueueResult(batch, createExecutionContext());
      expect(result.retryMessages.map((r) => r.msgId)).toEqual([`m-${message.id}`]);
      expect(delays.get(`m-${message.id}`)).toBe(retryDelaySeconds(attempt));
      expect(result.explicitAcks).toEqual([]);
    }
    expect([1, 2, 3, 4, 5, 6].map(retryDelaySeconds)).toEqual([5, 10, 20, 40, 80, 120]);
    expect(await record(message.id)).toMatchObject({
      status: "queued",
      attempts: 3,
      lastError: "TwilioError: Twilio answered 503",
    });
  });

  it("fails at once what no attempt can mend (a number the provider refuses), and acknowledges it", async () => {
    const message = await recorded(passcodeText("123"));
    const batch = batchOf(message, 1);
    const refusing: Deliverer = {
      name: "fake",
      deliver: async () => {
        throw Object.assign(new Error("Twilio refused the text (21211)"), { name: "TwilioError", retryable: false });
      },
    };
    await deliverBatch(db(), batch, refusing, () => 4_000);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual([`m-${message.id}`]);
    expect(result.retryMessages).toEqual([]);
    expect(await record(message.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("never sends a passcode again when the provider may already have it (a timeout), but retries a notice", async () => {
    const timedOut: Deliverer = {
      name: "fake",
      deliver: async () => {
        throw Object.assign(new Error("Twilio did not answer (TimeoutError)"), {
          name: "TwilioError",
          retryable: true,
          ambiguous: true,
        });
      },
    };
    const code = await recorded(passcodeText(phone()));
    const notice = await recorded({ ...passcodeText(phone()), template: "platformText", secrets: undefined });
    const batch = createMessageBatch<QueuedMessage>(QUEUE, [
      { id: "code", timestamp: new Date(), attempts: 1, body: code },
      { id: "notice", timestamp: new Date(), attempts: 1, body: notice },
    ]);
    await deliverBatch(db(), batch, timedOut, () => 6_000);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual(["code"]);
    expect(result.retryMessages.map((r) => r.msgId)).toEqual(["notice"]);
    expect((await record(code.id))?.status).toBe("failed");
  });

  it("delivers a passcode through a provider outage on a later attempt, once, well within its validity", async () => {
    const message = await recorded(passcodeText(phone()));
    const delivered: string[] = [];
    let up = false;
    const flaky: Deliverer = {
      name: "fake",
      deliver: async (m) => {
        if (!up) throw Object.assign(new Error("Twilio answered 503"), { name: "TwilioError", retryable: true });
        delivered.push(m.id);
        return "SM0003";
      },
    };
    let waited = 0;
    for (const attempt of [1, 2, 3]) {
      up = attempt === 3;
      const batch = batchOf(message, attempt);
      const delays = retryDelays(batch);
      await deliverBatch(db(), batch, flaky, () => 7_000);
      waited += delays.get(`m-${message.id}`) ?? 0;
    }
    expect(delivered).toEqual([message.id]);
    expect((await record(message.id))?.status).toBe("sent");
    // Every retry the queue allows fits within the passcode's validity, with time to type it.
    const allRetries = Array.from({ length: messages.dispatch.maxAttempts - 1 }, (_, i) => retryDelaySeconds(i + 1));
    expect(waited).toBe(15);
    expect(allRetries.reduce((a, b) => a + b, 0)).toBeLessThan((security.passcodeValidMinutes * 60) / 2);
  });

  it("acknowledges each message on its own: one failing does not send the others again", async () => {
    const good = await recorded(passcodeText(phone()));
    const bad = await recorded(passcodeText(phone()));
    const batch = createMessageBatch<QueuedMessage>(QUEUE, [
      { id: "good", timestamp: new Date(), attempts: 1, body: good },
      { id: "bad", timestamp: new Date(), attempts: 1, body: bad },
    ]);
    const deliverer: Deliverer = {
      name: "fake",
      deliver: async (m) => {
        if (m.id === bad.id) throw new Error("socket hang up");
        return "SM0002";
      },
    };
    const delays = retryDelays(batch);
    await deliverBatch(db(), batch, deliverer, () => 5_000);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks).toEqual(["good"]);
    expect(result.retryMessages.map((r) => r.msgId)).toEqual(["bad"]);
    expect([...delays]).toEqual([["bad", 5]]);
  });

  it("the dead-letter queue's consumer (the Worker's queue handler) marks what ran out of attempts failed", async () => {
    const message = await recorded(passcodeText(phone()));
    const batch = batchOf(message, messages.dispatch.maxAttempts, `${QUEUE}-dlq`);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([`m-${message.id}`]);
    expect((await record(message.id))?.status).toBe("failed");
  });

  it("sends a notice (no secrets) round again later, twice at most, then fails it; a passcode never goes round", async () => {
    const notice: Omit<QueuedMessage, "id"> = {
      channel: "email",
      template: "statementReady",
      recipient: "round.again@example.com",
      subject: "Your statement is ready",
      body: "Hello",
    };
    const sent: { body: QueuedMessage; delaySeconds?: number }[] = [];
    const queue = {
      send: async (body: QueuedMessage, options?: QueueSendOptions) => {
        sent.push({ body, delaySeconds: options?.delaySeconds });
      },
    } as unknown as Queue<QueuedMessage>;
    let message = await recorded(notice);
    for (const round of [1, 2]) {
      const batch = batchOf(message, messages.dispatch.maxAttempts, `${QUEUE}-dlq`);
      await worker.queue(batch as MessageBatch<never>, { ...env, MESSAGES: queue });
      expect(sent.at(-1)).toEqual({ body: { ...message, round }, delaySeconds: messages.deadLetter.delaySeconds });
      expect((await record(message.id))?.status).toBe("queued");
      message = sent.at(-1)!.body;
    }
    await worker.queue(batchOf(message, messages.dispatch.maxAttempts, `${QUEUE}-dlq`) as MessageBatch<never>, {
      ...env,
      MESSAGES: queue,
    });
    expect(sent).toHaveLength(2);
    expect((await record(message.id))?.status).toBe("failed");
  });
});

describe("the consumer in a deployed environment", () => {
  it("keeps the outbox record of a passcode without its code (production, no provider configured)", async () => {
    const to = phone();
    const message = await recorded(passcodeText(to));
    const batch = batchOf(message, 1);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, { ...env, ENVIRONMENT: "production" });
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`m-${message.id}`]);
    const row = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
      .bind(to)
      .first<{ body: string }>();
    expect(row?.body).toBe("Your Ridgeline Credit passcode is {{code}}.");
  });
});

describe("end to end through the real queue", () => {
  it("a dispatched passcode reaches the outbox whole (development) and its record says sent", async () => {
    const to = phone();
    const id = await dispatch(db(), env.MESSAGES!, passcodeText(to), "outbox", Date.now());
    await expect.poll(async () => (await record(id))?.status, { timeout: 10_000, interval: 100 }).toBe("sent");
    const row = await env.DB.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
      .bind(to)
      .first<{ body: string }>();
    expect(row?.body).toBe("Your Ridgeline Credit passcode is 204517.");
  });
});
