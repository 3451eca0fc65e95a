import { brand } from "#domain/config";
import { emailHtml } from "../email-html";
import type { CoreEnv } from "../env";
import type { Deliverer, QueuedMessage } from "../message";
import { fillSecrets } from "../messages";
import { listUnsubscribeHeaders } from "../unsubscribe-links";
import { type ResendSettings, sendEmail } from "./resend";
import { callWithPasscode, sendText, type TwilioSettings } from "./twilio";

/**
 * Which provider delivers each channel, from the environment's variables and
 * secrets (docs/operations.md): texts and calls through Twilio when its
 * account is configured, e-mail through Resend when its key is; whatever is
 * not configured goes to the outbox (development's default, and the tests').
 */

const PROVIDER_TIMEOUT_MS = 10_000;

function twilioSettings(env: CoreEnv): TwilioSettings | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM_NUMBER || !env.SITE_ORIGIN) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM_NUMBER,
    baseUrl: env.TWILIO_API_BASE ?? "https://api.twilio.com",
    statusCallback: `${env.SITE_ORIGIN}/api/webhooks/twilio/status`,
    timeoutMs: PROVIDER_TIMEOUT_MS,
  };
}

function resendSettings(env: CoreEnv) {
  if (!env.RESEND_API_KEY || !env.EMAIL_FROM) return null;
  return {
    apiKey: env.RESEND_API_KEY,
    from: env.EMAIL_FROM,
    baseUrl: env.RESEND_API_BASE ?? "https://api.resend.com",
    timeoutMs: PROVIDER_TIMEOUT_MS,
  };
}

/** The provider a channel goes to in this environment (named in each message's record). */
export function providerFor(env: CoreEnv, channel: QueuedMessage["channel"]): "twilio" | "resend" | "outbox" {
  if (channel === "email") return resendSettings(env) ? "resend" : "outbox";
  return twilioSettings(env) ? "twilio" : "outbox";
}

/**
 * An e-mail as Resend sends it: the text as it is, the branded HTML made from it now (never stored),
 * and on marketing the one-click unsubscribe headers, with the same link in the HTML's footer.
 */
async function sendBranded(env: CoreEnv, resend: ResendSettings, message: QueuedMessage, text: string) {
  const subject = fillSecrets(message.subject ?? "", message.secrets);
  const unsubscribe =
    message.category === "marketing" ? await listUnsubscribeHeaders(env, message.recipient, Date.now()) : null;
  return sendEmail(resend, {
    to: message.recipient,
    subject,
    text,
    html: await emailHtml({ subject, text, unsubscribeUrl: unsubscribe?.url ?? null }),
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
    idempotencyKey: message.id,
  });
}

/** A refusal no attempt can mend: a call with no passcode to read. */
const notDeliverable = (message: string) => Object.assign(new Error(message), { retryable: false });

/** Delivers each message by its channel's provider, the outbox standing in for any not configured. */
export function channelDeliverer(env: CoreEnv, outbox: Deliverer): Deliverer {
  const twilio = twilioSettings(env);
  const resend = resendSettings(env);
  return {
    name: "by channel",
    async deliver(message) {
      const text = fillSecrets(message.body, message.secrets);
      if (message.channel === "email")
        return resend ? sendBranded(env, resend, message, text) : outbox.deliver(message);
      if (!twilio) return outbox.deliver(message);
      if (message.channel === "sms") return sendText(twilio, message.recipient, text);
      // The outbox shows a spoken code spaced out; the call reads the digits itself.
      const code = message.secrets?.code?.replace(/\s/g, "");
      if (!code) throw notDeliverable("A call reads a passcode, and this message has none.");
      return callWithPasscode(twilio, message.recipient, brand.name, code);
    },
  };
}
