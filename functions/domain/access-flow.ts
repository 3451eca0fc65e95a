import { security } from "./config";

/**
 * A create-password or forgot-password flow in progress, kept in the
 * server-side session: which step, whose identity, and how the passcode was
 * sent. The passcode itself lives only in its Durable Object.
 */
export type AccessStep = "email" | "method" | "code" | "thanks" | "form" | "unknown" | "done";

export interface PasscodeChannel {
  id: string;
  /** Text or Call for phones (by line type), Email for the masked address. */
  kind: "Text" | "Call" | "Email";
  /** What the person sees: a masked number or address. */
  label: string;
}

export interface AccessFlow {
  kind: "create" | "forgot";
  step: AccessStep;
  email?: string;
  customerId?: string;
  channels?: PasscodeChannel[];
  channelId?: string;
  resends?: number;
  notice?: string;
  /**
   * Last four of the SSN and birthdate (ISO) already matched by verify
   * identity: the last step does not ask for them again (issue 15).
   */
  identity?: { last4: string; birthdate: string };
}

/** 614-555-0101 -> (xxx) xxx-0101: enough to recognise, not to harvest. */
export function maskPhone(digits: string): string {
  return `(xxx) xxx-${digits.slice(-4)}`;
}

/**
 * Where a passcode went, as the passcode step says it (issue 15): "called"
 * for a phone call, the masked number or address for a text or an e-mail.
 */
export function passcodeSentTo(channel: PasscodeChannel | undefined): string {
  if (!channel) return "We sent you a six-digit passcode.";
  if (channel.kind === "Call") return `We called ${channel.label} with a six-digit passcode.`;
  return `We sent a six-digit passcode ${channel.kind === "Text" ? "by text " : ""}to ${channel.label}.`;
}

/**
 * How long the code works (0-decisions.md: every text that states the
 * lifetime says the configured minutes). Once resends are used up the page
 * speaks of a code sent earlier, so it says when that code ends, not "in 10
 * minutes" from now.
 */
export function passcodeExpiry(sentNow: boolean): string {
  const minutes = `${security.passcodeValidMinutes} minutes`;
  return sentNow ? `It expires in ${minutes}.` : `It expires ${minutes} after it was sent.`;
}
