import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { smsKeywordReplies } from "#domain/rules/sms-keywords";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import type { Env } from "#server/env";
import worker from "#server/worker";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import { dispatch } from "../../functions/servicing/dispatch";
import { outgoingFor, withOutgoing } from "../../functions/servicing/outgoing";
import { svixSignature } from "../../functions/servicing/providers/svix-signature";
import { twilioSignature } from "../../functions/servicing/providers/twilio-signature";
import { text } from "../../functions/servicing/templates";
import { postForm, send, sessionCookieOf } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * Issue 18, the providers' webhooks: Twilio's delivery reports and texts to
 * our number, each signed (X-Twilio-Signature over the full URL and the
 * name-sorted parameters) and refused unsigned; a stop keyword suppresses
 * texts end to end, a passcode then fails over to e-mail, START brings
 * account texts back but never marketing.
 */
const TOKEN = "twilio-test-auth-token";
const withTwilio: Env = { ...env, TWILIO_AUTH_TOKEN: TOKEN };
const db = () => database(env.DB);

async function post(path: string, params: Record<string, string>, options: { sign?: string; envOf?: Env } = {}) {
  const url = `${env.SITE_ORIGIN}${path}`;
  const signature = options.sign ?? (await twilioSignature(TOKEN, url, Object.entries(params)));
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(params),
  });
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    options.envOf ?? withTwilio,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const inbound = (from: string, body: string) =>
  post("/api/webhooks/twilio/sms", { From: `+1${from}`, To: "+18005550142", Body: body, MessageSid: "SMin" });

async function borrower() {
  const made = (await copyDemoBorrower(db(), env, "current@demo.ridgeline.test"))!;
  return made;
}

const recordOf = (id: string) =>
  env.DB.prepare("SELECT status, last_error, template FROM message_records WHERE id = ?")
    .bind(id)
    .first<{ status: string; last_error: string | null; template: string }>();

const flags = (customerId: string) =>
  env.DB.prepare(
    "SELECT allow_marketing_texts AS marketing, allow_servicing_texts AS service FROM customers WHERE id = ?",
  )
    .bind(customerId)
    .first<{ marketing: number; service: number }>();

describe("signatures", () => {
  it("refuses a report whose signature does not match (403), and one to an environment without Twilio (404)", async () => {
    expect(
      (await post("/api/webhooks/twilio/status", { MessageSid: "SM1", MessageStatus: "delivered" }, { sign: "AAAA" }))
        .status,
    ).toBe(403);
    expect((await post("/api/webhooks/twilio/sms", { From: "+16145550000", Body: "STOP" }, { sign: "" })).status).toBe(
      403,
    );
    expect(
      (await post("/api/webhooks/twilio/status", { MessageSid: "SM1", MessageStatus: "delivered" }, { envOf: env }))
        .status,
    ).toBe(404);
  });

  it("refuses a body signed for other parameters (one changed after signing)", async () => {
    const url = `${env.SITE_ORIGIN}/api/webhooks/twilio/sms`;
    const sign = await twilioSignature(TOKEN, url, Object.entries({ From: "+16145550000", Body: "hello" }));
    expect((await post("/api/webhooks/twilio/sms", { From: "+16145550000", Body: "STOP" }, { sign })).status).toBe(403);
  });
});

describe("delivery reports", () => {
  async function sentText(providerId: string) {
    const id = await dispatch(
      db(),
      { send: async () => ({}) as QueueSendResponse },
      text("platformText", { phone: "6145550101" }, "Hello"),
      "twilio",
      Date.now(),
    );
    await env.DB.prepare("UPDATE message_records SET status = 'sent', provider_id = ? WHERE id = ?")
      .bind(providerId, id)
      .run();
    return id;
  }

  it("marks a text delivered, and a late 'sent' report does not move it back", async () => {
    const sid = `SM${crypto.randomUUID().replaceAll("-", "")}`;
    const id = await sentText(sid);
    expect((await post("/api/webhooks/twilio/status", { MessageSid: sid, MessageStatus: "delivered" })).status).toBe(
      204,
    );
    expect((await recordOf(id))?.status).toBe("delivered");
    await post("/api/webhooks/twilio/status", { MessageSid: sid, MessageStatus: "sent" });
    expect((await recordOf(id))?.status).toBe("delivered");
  });

  it("marks an undelivered text failed with Twilio's error code, and an unanswered call failed", async () => {
    const sid = `SM${crypto.randomUUID().replaceAll("-", "")}`;
    const id = await sentText(sid);
    await post("/api/webhooks/twilio/status", { MessageSid: sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    expect(await recordOf(id)).toMatchObject({ status: "failed", last_error: "Twilio error 30003" });
    const call = `CA${crypto.randomUUID().replaceAll("-", "")}`;
    const callId = await sentText(call);
    await post("/api/webhooks/twilio/status", { CallSid: call, CallStatus: "no-answer" });
    expect((await recordOf(callId))?.status).toBe("failed");
  });
});

describe("texts to our number", () => {
  it("STOP turns every text off for the borrower with that cell, answers the confirmation, and suppresses the next text", async () => {
    const b = await borrower();
    const answer = await inbound(b.mobilePhone, " stop ");
    expect(answer.headers.get("Content-Type")).toContain("text/xml");
    expect(await answer.text()).toContain(`<Message>${smsKeywordReplies.stop.replaceAll("'", "&apos;")}</Message>`);
    expect(await flags(b.customerId)).toEqual({ marketing: 0, service: 0 });
    const outgoing = outgoingFor(withOutgoing(db(), env, Date.now));
    const service = await outgoing.send(
      text("platformText", { phone: b.mobilePhone, customerId: b.customerId }, "Your account changed."),
    );
    expect(service.status).toBe("suppressed");
    expect((await recordOf(service.id))?.status).toBe("suppressed");
  });

  it("REMOVE stops texts too (Twilio does not treat it as a keyword by default); 'please stop texting' does not", async () => {
    const b = await borrower();
    expect(await (await inbound(b.mobilePhone, "please stop texting")).text()).not.toContain("<Message>");
    expect(await flags(b.customerId)).toMatchObject({ service: 1 });
    await inbound(b.mobilePhone, "Remove");
    expect(await flags(b.customerId)).toMatchObject({ service: 0 });
  });

  it("a passcode to a number that said STOP fails over to the borrower's e-mail, and arrives once", async () => {
    const b = await borrower();
    await inbound(b.mobilePhone, "STOP");
    const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
    const sent = await client.call(catalogue.communications.SendSmsOtp, {
      phoneNumber: b.mobilePhone,
      CustId: b.customerId,
    });
    expect(sent.statusCode).toBe("0");
    const rows = await (await settledDb())
      .prepare("SELECT channel, recipient, body FROM outbox WHERE customer_id = ? AND body LIKE '%passcode%'")
      .bind(b.customerId)
      .all<{ channel: string; recipient: string; body: string }>();
    expect(rows.results.map((r) => [r.channel, r.recipient])).toEqual([["email", b.email]]);
    const code = rows.results[0]!.body.match(/\b\d{6}\b/)![0];
    expect(
      (await client.call(catalogue.communications.VerifySmsOtp, { pin: code, ewSID: sent.ewSID })).statusCode,
    ).toBe("0");
  });

  it("forgot password by Text to a number that said STOP: the code goes by e-mail, and the page says where it went", async () => {
    const b = await borrower();
    await inbound(b.mobilePhone, "STOP");
    let cookie: string | null = null;
    const steps: Record<string, string>[] = [
      { intent: "email", email: b.email },
      { intent: "method", channel: "phone0" },
    ];
    for (const fields of steps) {
      const res = await postForm("/forgot-password", fields, { cookie });
      expect(res.status).toBeLessThan(400);
      cookie = sessionCookieOf(res) ?? cookie;
      await res.body?.cancel();
    }
    const page = await (await send("/forgot-password", { cookie })).text();
    expect(page).toContain("We could not send your passcode the way you chose, so we sent it another way.");
    expect(page).toMatch(/We sent a six-digit passcode to c\*+[0-9a-f]@demo\.ridgeline\.test\./);
    expect(page).not.toContain("by text");
    const rows = await (await settledDb())
      .prepare("SELECT channel FROM outbox WHERE customer_id = ? AND body LIKE '%passcode%'")
      .bind(b.customerId)
      .all<{ channel: string }>();
    expect(rows.results).toEqual([{ channel: "email" }]);
  });

  it("a passcode to a stopped number nobody else can stand in for is not sent, and the platform says so (6)", async () => {
    const b = await borrower();
    await inbound(b.mobilePhone, "STOP");
    const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
    const sent = await client.call(catalogue.communications.SendSmsOtp, { phoneNumber: b.mobilePhone });
    expect(sent).toMatchObject({ statusCode: "6" });
    expect(sent.sentBy).toBeUndefined();
  });

  it("START turns account texts back on, but the number never gets marketing again", async () => {
    const b = await borrower();
    await inbound(b.mobilePhone, "STOP");
    const answer = await inbound(b.mobilePhone, "start");
    expect(await answer.text()).toContain("account texts are on again");
    expect(await flags(b.customerId)).toEqual({ marketing: 0, service: 1 });
    const outgoing = outgoingFor(withOutgoing(db(), env, Date.now));
    const to = { phone: b.mobilePhone, customerId: b.customerId };
    expect((await outgoing.send(text("platformText", to, "Your statement is ready."))).status).toBe("queued");
    const offer = text("platformText", to, "A new offer for you.", "marketing");
    expect(offer.body).toMatch(/Reply STOP to opt out\.$/);
    expect((await outgoing.send(offer)).status).toBe("suppressed");
  });
});

describe("Resend's events", () => {
  const SECRET = `whsec_${btoa("resend-test-webhook-secret-32-bytes")}`;
  const withResend: Env = { ...env, RESEND_WEBHOOK_SECRET: SECRET };

  async function event(type: string, emailId: string, to: string[], options: { stale?: boolean } = {}) {
    const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId, to } });
    const id = `msg_${crypto.randomUUID()}`;
    const timestamp = String(Math.floor(Date.now() / 1000) - (options.stale ? 600 : 0));
    const request = new Request(`${env.SITE_ORIGIN}/api/webhooks/resend`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "svix-id": id,
        "svix-timestamp": timestamp,
        "svix-signature": `v1,${await svixSignature(SECRET, id, timestamp, body)}`,
      },
      body,
    });
    const ctx = createExecutionContext();
    const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, withResend, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  async function sentEmail(to: string, emailId: string, customerId: string | null = null) {
    const message = {
      ...text("platformText", { phone: "6145550101", customerId }, "Hi"),
      channel: "email" as const,
      recipient: to,
    };
    const id = await dispatch(db(), { send: async () => ({}) as QueueSendResponse }, message, "resend", Date.now());
    await env.DB.prepare("UPDATE message_records SET status = 'sent', provider_id = ? WHERE id = ?")
      .bind(emailId, id)
      .run();
    return id;
  }

  it("records a delivered e-mail, and refuses an event signed five minutes ago or more", async () => {
    const emailId = crypto.randomUUID();
    const id = await sentEmail("delivered@example.com", emailId);
    expect((await event("email.delivered", emailId, ["delivered@example.com"], { stale: true })).status).toBe(403);
    expect((await recordOf(id))?.status).toBe("sent");
    expect((await event("email.delivered", emailId, ["delivered@example.com"])).status).toBe(204);
    expect((await recordOf(id))?.status).toBe("delivered");
  });

  it("a bounce fails the e-mail and stops mail to the address: an e-mail passcode then goes by text", async () => {
    const b = await borrower();
    const emailId = crypto.randomUUID();
    const id = await sentEmail(b.email, emailId, b.customerId);
    await event("email.bounced", emailId, [b.email.toUpperCase()]);
    expect(await recordOf(id)).toMatchObject({ status: "failed", last_error: "Resend: bounced" });
    const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
    await client.call(catalogue.communications.SendEmailOtp, { email: b.email, CustId: b.customerId });
    const rows = await (await settledDb())
      .prepare("SELECT channel, recipient FROM outbox WHERE customer_id = ? AND body LIKE '%passcode%'")
      .bind(b.customerId)
      .all<{ channel: string; recipient: string }>();
    expect(rows.results).toEqual([{ channel: "sms", recipient: b.mobilePhone }]);
  });

  it("a complaint stops marketing e-mail to the address, not account e-mail", async () => {
    const emailId = crypto.randomUUID();
    await sentEmail("complains@example.com", emailId);
    await event("email.complained", emailId, ["complains@example.com"]);
    const outgoing = outgoingFor(withOutgoing(db(), env, Date.now));
    const base = { channel: "email" as const, recipient: "complains@example.com", subject: "S", body: "B" };
    expect((await outgoing.send({ ...base, template: "platformEmail", category: "service" })).status).toBe("queued");
    expect((await outgoing.send({ ...base, template: "platformEmail", category: "marketing" })).status).toBe(
      "suppressed",
    );
  });
});
