import { brand, messages, phones, smsStopKeywords } from "../config";
import { formatPhone } from "../format";

/**
 * What an inbound text asks of us: to stop texts, to start them again, or
 * nothing (any other text, which a person at the number may have meant for
 * someone). Only a whole body that is a keyword counts, in any case, with
 * the spaces around it ignored: "Stop" stops, "please stop texting" does not.
 */
export function smsKeyword(body: string): "stop" | "start" | null {
  const word = body.trim().toUpperCase();
  if ((smsStopKeywords as readonly string[]).includes(word)) return "stop";
  if ((messages.smsStartKeywords as readonly string[]).includes(word)) return "start";
  return null;
}

/** The answers a stop and a start text get, naming who we are and how to reach a person. */
export const smsKeywordReplies = {
  stop: `${brand.name}: you are unsubscribed and will receive no more texts from us. Reply START to receive account texts again. Questions? Call ${formatPhone(phones.customerService)}.`,
  start: `${brand.name}: account texts are on again for this number. Reply STOP to stop them. Questions? Call ${formatPhone(phones.customerService)}.`,
} as const;
