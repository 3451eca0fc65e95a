import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailHtml } from "../../functions/servicing/email-html";
import type { CoreEnv } from "../../functions/servicing/env";
import type { Deliverer, QueuedMessage } from "../../functions/servicing/message";
import { channelDeliverer, providerFor } from "../../functions/servicing/providers/deliverer";
import { type FakeResend, startFakeResend } from "../support/fake-resend";
import { type FakeTwilio, startFakeTwilio } from "../support/fake-twilio";

/**
 * Each channel goes to its provider when the environment configures one, and
 * to the outbox when not; the secrets reach the provider and only it.
 */
let twilio: FakeTwilio;
let resend: FakeResend;
const outboxed: QueuedMessage[] = [];
const outbox: Deliverer = {
  name: "outbox",
  deliver: async (m) => {
    outboxed.push(m);
    return null;
  },
};

beforeAll(async () => {
  [twilio, resend] = await Promise.all([startFakeTwilio(), startFakeResend()]);
});
afterAll(() => Promise.all([twilio.close(), resend.close()]));
beforeEach(() => {
  outboxed.length = 0;
  twilio.requests.length = 0;
  resend.sent.length = 0;
});

const configured = () =>
  ({
    SITE_ORIGIN: "https://ridgelinecredit.example",
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM_NUMBER: "+18005550142",
    TWILIO_API_BASE: twilio.url,
    RESEND_API_KEY: resend.apiKey,
    EMAIL_FROM: "Ridgeline Credit <notices@ridgelinecredit.example>",
    RESEND_API_BASE: resend.url,
  }) as CoreEnv;

const passcode = (channel: QueuedMessage["channel"], recipient: string): QueuedMessage => ({
  id: `msg-${channel}`,
  template: `passcode-${channel}`,
  channel,
  recipient,
  subject: "Your passcode",
  body: "Your Ridgeline Credit passcode is {{code}}. It expires in 10 minutes.",
  secrets: { code: "204517" },
});

describe("the provider of each channel", () => {
  it("texts and calls go to Twilio and e-mail to Resend when configured, with the passcode filled in", async () => {
    const deliverer = channelDeliverer(configured(), outbox);
    expect(await deliverer.deliver(passcode("sms", "6145550101"))).toMatch(/^SM/);
    expect(await deliverer.deliver(passcode("voice", "6145550101"))).toMatch(/^CA/);
    expect(await deliverer.deliver(passcode("email", "jordan@example.com"))).toMatch(/^re_/);
    expect(twilio.requests.map((r) => [r.resource, r.form.Body ?? r.form.Twiml, r.form.StatusCallback])).toEqual([
      [
        "Messages",
        "Your Ridgeline Credit passcode is 204517. It expires in 10 minutes.",
        "https://ridgelinecredit.example/api/webhooks/twilio/status",
      ],
      [
        "Calls",
        "<Response><Say>Your Ridgeline Credit passcode is 2, 0, 4, 5, 1, 7. Again, your passcode is 2, 0, 4, 5, 1, 7.</Say></Response>",
        "https://ridgelinecredit.example/api/webhooks/twilio/status",
      ],
    ]);
    expect(resend.sent[0]?.key).toBe("msg-email");
    expect(resend.sent[0]?.body).toMatchObject({
      to: ["jordan@example.com"],
      subject: "Your passcode",
      text: "Your Ridgeline Credit passcode is 204517. It expires in 10 minutes.",
      html: await emailHtml({
        subject: "Your passcode",
        text: "Your Ridgeline Credit passcode is 204517. It expires in 10 minutes.",
      }),
    });
    expect(outboxed).toEqual([]);
  });

  it("with nothing configured (development, tests) every channel goes to the outbox, whole", async () => {
    const deliverer = channelDeliverer({} as CoreEnv, outbox);
    for (const channel of ["sms", "voice", "email"] as const) await deliverer.deliver(passcode(channel, "x"));
    expect(outboxed.map((m) => m.channel)).toEqual(["sms", "voice", "email"]);
    expect(providerFor({} as CoreEnv, "sms")).toBe("outbox");
    expect(providerFor(configured(), "voice")).toBe("twilio");
    expect(providerFor(configured(), "email")).toBe("resend");
  });

  it("Twilio half-configured (no sender number) is not configured: texts go to the outbox", async () => {
    const env = { ...configured(), TWILIO_FROM_NUMBER: undefined } as CoreEnv;
    await channelDeliverer(env, outbox).deliver(passcode("sms", "6145550101"));
    expect(outboxed).toHaveLength(1);
    expect(twilio.requests).toEqual([]);
  });

  it("a call with no passcode to read is refused for good, not retried", async () => {
    const error = await channelDeliverer(configured(), outbox)
      .deliver({ ...passcode("voice", "6145550101"), secrets: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ retryable: false });
  });
});
