import { eq, or } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { database } from "#db/client";
import { customers, messageRecords, suppressions } from "#db/schema/servicing";
import { smsKeyword, smsKeywordReplies } from "#domain/rules/sms-keywords";
import { suppressEmail } from "./email-suppressions";
import type { CoreEnv } from "./env";
import { suppressionAddress } from "./outgoing";
import { verifySvixSignature } from "./providers/svix-signature";
import { xml } from "./providers/twilio";
import { verifyTwilioSignature } from "./providers/twilio-signature";

/**
 * What providers tell us (issue 18), signed and verified before anything is
 * read: Twilio's delivery reports for texts and calls, texts people send to
 * our number (STOP and START), and Resend's delivery, bounce and complaint
 * events. Mounted by the Worker at /api/webhooks.
 * Without the provider's secret nothing is accepted (404): the environment
 * does not use that provider.
 */
export const providerWebhooks = new Hono<{ Bindings: CoreEnv }>();

/** How far along a message is: a report never moves it back (reports may arrive out of order). */
const PROGRESS: Record<string, number> = { queued: 0, sent: 1, delivered: 2, failed: 2, suppressed: 2 };

/** Twilio's message and call statuses, in our words; null for the in-between ones we do not record. */
export function statusFromTwilio(status: string): "sent" | "delivered" | "failed" | null {
  switch (status) {
    case "sent":
      return "sent";
    case "delivered":
    case "completed":
      return "delivered";
    case "undelivered":
    case "failed":
    case "busy":
    case "no-answer":
    case "canceled":
      return "failed";
    default:
      return null;
  }
}

/**
 * The form Twilio posted, once its signature checks out against the URL it
 * was given (the site's public origin and this path); null otherwise.
 */
async function signedForm(c: { env: CoreEnv; req: { url: string; raw: Request } }) {
  const token = c.env.TWILIO_AUTH_TOKEN;
  if (!token) return "unconfigured" as const;
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.raw.headers.get("Content-Type") ?? "")) return null;
  const form = new URLSearchParams(await c.req.raw.text());
  const url = new URL(c.req.url);
  const signedUrl = c.env.SITE_ORIGIN ? `${c.env.SITE_ORIGIN}${url.pathname}${url.search}` : url.toString();
  const header = c.req.raw.headers.get("X-Twilio-Signature");
  return (await verifyTwilioSignature(token, header, signedUrl, form.entries())) ? form : null;
}

const twiml = (reply?: string) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xml(reply)}</Message>` : ""}</Response>`,
    { headers: { "Content-Type": "text/xml; charset=utf-8" } },
  );

providerWebhooks.post("/twilio/status", async (c) => {
  const form = await signedForm(c);
  if (form === "unconfigured") return c.json({ error: "Not found" }, 404);
  if (!form) return c.json({ error: "The signature does not match." }, 403);
  const sid = form.get("MessageSid") ?? form.get("CallSid");
  const status = statusFromTwilio(form.get("MessageStatus") ?? form.get("CallStatus") ?? "");
  if (!sid || !status) return c.body(null, 204);
  const db = database(c.env.DB);
  const record = await db.select().from(messageRecords).where(eq(messageRecords.providerId, sid)).get();
  if (record && (PROGRESS[status] ?? 0) > (PROGRESS[record.status] ?? 0)) {
    const code = form.get("ErrorCode");
    await db
      .update(messageRecords)
      .set({ status, lastError: code ? `Twilio error ${code}` : record.lastError, updatedAt: Date.now() })
      .where(eq(messageRecords.id, record.id));
  }
  return c.body(null, 204);
});

/**
 * A text to our number. A whole body that is a stop keyword turns texts off
 * for every borrower with that number and suppresses it; START turns account
 * texts back on (marketing stays off for good). Anything else is not ours to
 * act on: an empty answer.
 */
providerWebhooks.post("/twilio/sms", async (c) => {
  const form = await signedForm(c);
  if (form === "unconfigured") return c.json({ error: "Not found" }, 404);
  if (!form) return c.json({ error: "The signature does not match." }, 403);
  const keyword = smsKeyword(form.get("Body") ?? "");
  const number = suppressionAddress("sms", form.get("From") ?? "");
  if (!keyword || number.length !== 10) return twiml();
  await applyKeyword(c.env.DB, number, keyword, Date.now());
  return twiml(smsKeywordReplies[keyword]);
});

/**
 * Resend's events (Svix-signed): a delivered e-mail is recorded delivered; a
 * bounce fails it and stops every e-mail to the address (a passcode then goes
 * by text or call); a complaint (marked as spam) stops marketing to it.
 */
providerWebhooks.post("/resend", async (c) => {
  const secret = c.env.RESEND_WEBHOOK_SECRET;
  if (!secret) return c.json({ error: "Not found" }, 404);
  const body = await c.req.raw.text();
  const header = (name: string) => c.req.raw.headers.get(name);
  const signed = { id: header("svix-id"), timestamp: header("svix-timestamp"), signature: header("svix-signature") };
  if (!(await verifySvixSignature(secret, signed, body, Math.floor(Date.now() / 1000))))
    return c.json({ error: "The signature does not match." }, 403);
  const event = v.safeParse(ResendEvent, parseJson(body));
  if (!event.success) return c.body(null, 204);
  await applyEmailEvent(c.env.DB, event.output, Date.now());
  return c.body(null, 204);
});

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const ResendEvent = v.object({
  type: v.string(),
  data: v.object({ email_id: v.string(), to: v.optional(v.array(v.string()), []) }),
});

async function applyEmailEvent(d1: D1Database, event: v.InferOutput<typeof ResendEvent>, now: number) {
  const db = database(d1);
  const status = { "email.delivered": "delivered", "email.bounced": "failed", "email.complained": null }[event.type];
  const record = await db.select().from(messageRecords).where(eq(messageRecords.providerId, event.data.email_id)).get();
  if (record && status && (PROGRESS[status] ?? 0) > (PROGRESS[record.status] ?? 0))
    await db
      .update(messageRecords)
      .set({ status, lastError: status === "failed" ? "Resend: bounced" : record.lastError, updatedAt: now })
      .where(eq(messageRecords.id, record.id));
  const scope = event.type === "email.bounced" ? "all" : event.type === "email.complained" ? "marketing" : null;
  if (!scope) return;
  for (const to of event.data.to) await suppressEmail(db, to, scope, event.type.slice(6), now);
}

/** One batch: the suppression and every borrower with the number, or nothing. */
export async function applyKeyword(d1: D1Database, number: string, keyword: "stop" | "start", now: number) {
  const db = database(d1);
  const holders = or(eq(customers.mobilePhone, number), eq(customers.homePhone, number));
  const scope = keyword === "stop" ? "all" : "marketing";
  const reason = keyword === "stop" ? "STOP" : "START";
  await db.batch([
    db
      .insert(suppressions)
      .values({ channel: "sms", address: number, scope, reason, updatedAt: now })
      .onConflictDoUpdate({
        target: [suppressions.channel, suppressions.address],
        set: { scope, reason, updatedAt: now },
      }),
    keyword === "stop"
      ? db.update(customers).set({ allowMarketingTexts: false, allowServicingTexts: false }).where(holders)
      : db.update(customers).set({ allowServicingTexts: true }).where(holders),
  ]);
}
