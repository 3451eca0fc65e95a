import { lt } from "drizzle-orm";
import type { Database } from "#db/client";
import { outbox } from "#db/schema/servicing";
import { messages } from "#domain/config";
import type { CoreEnv as Env } from "./env";
import type { OutgoingMessage } from "./message";

export type { OutgoingMessage } from "./message";

/**
 * Outgoing e-mail, texts and calls go through a provider. The default
 * writes every message to the outbox table (readable at /dev/outbox in
 * development); a real SMS or e-mail provider implements the same interface.
 */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

/** The text as delivered: every `{{name}}` filled with its secret. */
export function fillSecrets(text: string, secrets: Record<string, string> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => secrets[name] ?? placeholder);
}

/**
 * The text as kept outside development: the placeholders stay, and a secret
 * written into the text itself by mistake is replaced by its placeholder.
 */
export function withholdSecrets(text: string, secrets: Record<string, string> = {}): string {
  return Object.entries(secrets).reduce(
    (kept, [name, value]) => (value ? kept.replaceAll(value, `{{${name}}}`) : kept),
    text,
  );
}

/**
 * Whole messages rest in the outbox only in development, where a person
 * trying the product reads their passcode at /dev/outbox; anywhere else
 * (preview, production, or an environment we cannot tell) the record is the
 * message without its secrets.
 */
export const keepsSecrets = (env: Pick<Env, "ENVIRONMENT">) => env.ENVIRONMENT === "development";

/**
 * The outbox: the dispatch queue's provider for any channel the environment
 * has not configured (outgoing.ts). It delivers nothing further, so in
 * preview and production a passcode or link sent through it reaches no one:
 * those environments need Twilio and Resend configured (docs/operations.md).
 */
export function outboxProvider(
  db: Database,
  now: () => number,
  options: { keepSecrets?: boolean } = {},
): MessageProvider {
  return {
    async send(message) {
      const keep = options.keepSecrets === true ? fillSecrets : withholdSecrets;
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.recipient,
        subject: keep(message.subject ?? "", message.secrets),
        body: keep(message.body, message.secrets),
        customerId: message.customerId ?? null,
        createdAt: now(),
      });
    },
  };
}

/** Outbox records older than the retention period (the scheduled run). */
export async function purgeOldOutbox(db: Database, now: number): Promise<void> {
  await db.delete(outbox).where(lt(outbox.createdAt, now - messages.outboxRetentionDays * 86_400_000));
}

/** a****z@example.com: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  const shown =
    user.length <= 2
      ? user.slice(0, 1)
      : `${user.slice(0, 1)}${"*".repeat(Math.min(6, user.length - 2))}${user.slice(-1)}`;
  return `${shown}@${domain}`;
}
