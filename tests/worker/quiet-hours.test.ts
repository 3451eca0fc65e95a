import { createMessageBatch, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { customers, messageRecords } from "#db/schema/servicing";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { setClockOffset } from "../../functions/servicing/clock";
import { type Deliverer, deliverBatch, type QueuedMessage } from "../../functions/servicing/dispatch";
import { applicationPayload } from "../contract/applicants";
import { decodeHtml, devDeskCookie } from "./helpers/desk";
import { send } from "./helpers/http";

vi.setConfig({ testTimeout: 30_000 });

/**
 * Quiet hours at the dispatch queue (0-decisions.md; decision record 033), with the development
 * clock set into the night: a text or call waits for 8 a.m. where the borrower lives; a passcode
 * just asked for and an e-mail do not wait.
 */
const db = database(env.DB);
const platform = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

afterEach(() => setClockOffset(env, db, 0));

/** Moves the development clock to an instant. */
const clockAt = (iso: string) => setClockOffset(env, db, Date.parse(iso) - Date.now());

/** A customer living in a state and ZIP code (an applicant: approved or not, the record is theirs). */
async function customerIn(state: string, zip: string) {
  const payload = applicationPayload({ state });
  payload.ExtTransactionData.Customer.CustZip = zip;
  await platform().call(catalogue.applications.ProcessApplication, payload);
  const row = await db
    .select({ id: customers.id, phone: customers.homePhone })
    .from(customers)
    .where(eq(customers.email, payload.ExtTransactionData.Customer.CustEmail))
    .get();
  return row!;
}

async function textOf(customer: { id: string; phone: string }) {
  await platform().call(catalogue.communications.SendSms, {
    to: customer.phone,
    message: "Your payment is coming up.",
    customerId: customer.id,
  });
  return db
    .select()
    .from(messageRecords)
    .where(eq(messageRecords.customerId, customer.id))
    .all()
    .then((rows) => rows.find((r) => r.template === "platformText")!);
}

describe("quiet hours", () => {
  it("hold a text at 3 a.m. in Arizona until 8 a.m. there, and the desk says when it will go", async () => {
    const borrower = await customerIn("AZ", "85004");
    await clockAt("2026-12-10T10:00:00Z"); // 3 a.m. MST
    const record = await textOf(borrower);
    expect(record).toMatchObject({ status: "held", holdUntil: Date.parse("2026-12-10T15:00:00Z") });
    const page = await send(`/desk/borrowers/${borrower.id}`, { cookie: await devDeskCookie("agent") });
    expect(decodeHtml(await page.text())).toContain("held for quiet hours: goes Dec 10, 8:00 a.m. MST");
  });

  it("hold a text at 3 a.m. in Hawaii, let one go at 8:59 p.m., and hold one at 9 p.m. until the morning", async () => {
    const borrower = await customerIn("HI", "96813");
    await clockAt("2026-12-10T13:00:00Z"); // 3 a.m. HST
    expect(await textOf(borrower)).toMatchObject({ status: "held", holdUntil: Date.parse("2026-12-10T18:00:00Z") });
    await db.delete(messageRecords).where(eq(messageRecords.customerId, borrower.id));
    await clockAt("2026-12-11T06:59:00Z"); // 8:59 p.m. HST
    expect(await textOf(borrower)).toMatchObject({ status: expect.stringMatching(/queued|sent/), holdUntil: null });
    await db.delete(messageRecords).where(eq(messageRecords.customerId, borrower.id));
    await clockAt("2026-12-11T07:00:00Z"); // 9 p.m. HST
    expect(await textOf(borrower)).toMatchObject({ status: "held", holdUntil: Date.parse("2026-12-11T18:00:00Z") });
  });

  it("let a text go at 8:59 p.m. in Arizona, while it is past 9 p.m. in the East", async () => {
    const west = await customerIn("AZ", "85004");
    const east = await customerIn("OH", "43004");
    await clockAt("2026-12-11T03:59:00Z"); // 8:59 p.m. MST, 10:59 p.m. EST
    expect((await textOf(west)).status).not.toBe("held");
    expect((await textOf(east)).status).toBe("held");
  });

  it("never hold a passcode the person just asked for, nor an e-mail", async () => {
    const borrower = await customerIn("AZ", "85004");
    await clockAt("2026-12-10T10:00:00Z");
    await platform().call(catalogue.communications.SendEmail, {
      to: "someone@example.com",
      subject: "Hello",
      body: "A note.",
      customerId: borrower.id,
    });
    const rows = await db.select().from(messageRecords).where(eq(messageRecords.customerId, borrower.id)).all();
    expect(rows.filter((r) => r.status === "held")).toEqual([]);
  });

  it("are kept by the queue's consumer: a held text that arrives at 7:59 waits again, at 8:00 it goes", async () => {
    const borrower = await customerIn("AZ", "85004");
    await clockAt("2026-12-10T10:00:00Z");
    const record = await textOf(borrower);
    const message: QueuedMessage = {
      id: record.id,
      template: "platformText",
      channel: "sms",
      recipient: borrower.phone,
      body: "Ridgeline Credit: Your payment is coming up.",
      customerId: borrower.id,
      quietZone: "America/Phoenix",
    };
    const delivered: string[] = [];
    const deliverer: Deliverer = {
      name: "outbox",
      deliver: async (m) => {
        delivered.push(m.id);
        return null;
      },
    };
    const requeued: Array<{ delaySeconds?: number }> = [];
    const queue = {
      send: async (_: QueuedMessage, options?: QueueSendOptions) => {
        requeued.push(options ?? {});
        return {} as never;
      },
    };
    const batch = () =>
      createMessageBatch<QueuedMessage>("ridgeline-messages-local", [
        { id: `m-${record.id}`, timestamp: new Date(), attempts: 1, body: message },
      ]);
    const hold = { queue, env: { ENVIRONMENT: "production" as const } };
    await deliverBatch(db, batch(), deliverer, () => Date.parse("2026-12-10T14:59:00Z"), hold);
    expect(delivered).toEqual([]);
    expect(requeued).toEqual([{ contentType: "json", delaySeconds: 60 }]);
    await deliverBatch(db, batch(), deliverer, () => Date.parse("2026-12-10T15:00:00Z"), hold);
    expect(delivered).toEqual([record.id]);
    expect((await db.select().from(messageRecords).where(eq(messageRecords.id, record.id)).get())!.status).toBe("sent");
  });
});
