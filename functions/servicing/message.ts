/** What a suppression means for a message (templates.ts): a passcode fails over, marketing stops first. */
export type MessageCategory = "passcode" | "service" | "marketing";

/** What the core sends: one e-mail, text or call (types only, shared by the providers, the queue and the bindings). */
export interface OutgoingMessage {
  channel: "email" | "sms" | "voice";
  recipient: string;
  subject?: string;
  /** The text; `{{name}}` marks where each of `secrets` goes. */
  body: string;
  /**
   * What must reach the recipient but never rest in our database outside
   * development: a passcode, a password reset link (issue 14, item 8).
   */
  secrets?: Record<string, string>;
  customerId?: string | null;
}

/** What travels on the dispatch queue: the whole message (its secrets too), under its record's id. */
export interface QueuedMessage extends OutgoingMessage {
  id: string;
  template: string;
  /** How many times it came back from the dead-letter queue (none: its first round). */
  round?: number;
  /** A text or call keeping quiet hours: the recipient's time zone (decision record 033). */
  quietZone?: string;
  /**
   * The template's category (templates.ts), which travels with the message: a marketing e-mail is
   * delivered with its one-click unsubscribe (unsubscribe.ts). Absent on messages queued before it.
   */
  category?: MessageCategory;
}

/** Hands a message to a provider; the provider's id for its delivery reports, or null (the outbox has none). */
export interface Deliverer {
  name: string;
  deliver(message: QueuedMessage): Promise<string | null>;
}

/** A provider's refusal: `retryable` false means a later attempt would be refused too (a wrong number). */
export interface DeliveryError {
  retryable?: boolean;
  /** The provider may have taken the message before it failed (a timeout): a retry might deliver it twice. */
  ambiguous?: boolean;
  name: string;
  message: string;
}
