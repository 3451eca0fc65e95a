import type { Database } from "../../db/client";
import { outbox } from "../../db/schema/index";

/**
 * Outgoing e-mail, texts and calls go through a provider. The default
 * writes every message to the outbox table (readable at /dev/outbox in
 * development); a real SMS or e-mail provider implements the same interface.
 */
export interface OutgoingMessage {
  channel: "email" | "sms" | "voice";
  recipient: string;
  subject?: string;
  body: string;
  customerId?: string | null;
}

export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

export function outboxProvider(db: Database, now: () => number): MessageProvider {
  return {
    async send(message) {
      await db.insert(outbox).values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? "",
        body: message.body,
        customerId: message.customerId ?? null,
        createdAt: now(),
      });
    },
  };
}

/** a****z@example.com: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  const shown = user.length <= 2 ? user.slice(0, 1) : `${user.slice(0, 1)}${"*".repeat(Math.min(6, user.length - 2))}${user.slice(-1)}`;
  return `${shown}@${domain}`;
}
