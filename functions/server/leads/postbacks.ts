import { partnerLeads } from "#domain/config";
import type { LEAD_MILESTONES } from "#domain/leads/schema";
import { signLead } from "./signature";
import type { LeadStatus } from "./status";

/**
 * Postbacks (decision record 029, docs/partners.md "Postbacks"): what a
 * lead's status says has happened, as milestones, and one signed POST of a
 * milestone to the partner's URL. No I/O here but the POST itself.
 */
export type Milestone = (typeof LEAD_MILESTONES)[number];

export interface Reached {
  milestone: Milestone;
  occurredAt: string;
  /** Nothing can follow it: the lead is no longer followed. */
  final: boolean;
}

/**
 * The milestones a lead's status shows, in the order they happen. A denial,
 * and a sandbox decision (it has no application), end the lead; so do the
 * first draw's funding and a withdrawal. An expired link does not: the
 * applicant can still sign in and e-sign (sign-in.ts sends an approved
 * applicant to the approved page).
 */
export function milestonesReached(status: LeadStatus, continueBy: number | null): Reached[] {
  const reached: Reached[] = [];
  if (status.decidedAt && (status.status === "approved" || status.status === "denied"))
    reached.push({ milestone: "decided", occurredAt: status.decidedAt, final: status.link === null });
  if (status.link === "expired" && continueBy !== null)
    reached.push({ milestone: "link_expired", occurredAt: new Date(continueBy).toISOString(), final: false });
  if (status.esignedAt) reached.push({ milestone: "esigned", occurredAt: status.esignedAt, final: false });
  if (status.firstDraw?.funded)
    reached.push({ milestone: "funded", occurredAt: status.firstDraw.fundingDate, final: true });
  if (status.withdrawnAt) reached.push({ milestone: "withdrawn", occurredAt: status.withdrawnAt, final: true });
  return reached;
}

/** The body of one postback: fixed when it is queued, so every attempt sends the same bytes. */
export function postbackBody(id: string, reached: Reached, status: LeadStatus): string {
  return JSON.stringify({ postbackId: id, milestone: reached.milestone, occurredAt: reached.occurredAt, lead: status });
}

/**
 * Where postbacks may go: https, or in development a plain http address on
 * this machine (a receiver a person runs while trying it).
 */
export function postbackUrlAllowed(url: string, environment: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === "https:") return true;
  const local = parsed.hostname === "localhost" || parsed.hostname === "127.0.0.1";
  return environment === "development" && parsed.protocol === "http:" && local;
}

export interface Attempt {
  delivered: boolean;
  /** The HTTP status, or what failed before one: timeout, network. */
  result: string;
}

/**
 * One attempt: signed like the partner's own posts (X-Signature over
 * "<X-Timestamp>.<body>" under its current secret; during a rotation
 * X-Signature-Next under the next one too). Any 2xx delivers it; a redirect
 * is not followed (the URL is the one the partner gave).
 */
export async function sendPostback(
  send: typeof fetch,
  to: { url: string; secret: string; nextSecret?: string },
  id: string,
  body: string,
  nowMs: number,
  timeoutMs: number = partnerLeads.postbacks.timeoutMs,
): Promise<Attempt> {
  const timestamp = Math.floor(nowMs / 1000);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "Ridgeline-Postbacks/1",
    "X-Postback-Id": id,
    "X-Timestamp": String(timestamp),
    "X-Signature": await signLead(to.secret, timestamp, body),
  };
  if (to.nextSecret) headers["X-Signature-Next"] = await signLead(to.nextSecret, timestamp, body);
  try {
    const response = await send(to.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Its body is not needed; read it so the connection is released.
    await response.body?.cancel();
    return { delivered: response.status >= 200 && response.status < 300, result: String(response.status) };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return { delivered: false, result: name === "TimeoutError" || name === "AbortError" ? "timeout" : "network" };
  }
}

/** When the attempt after `attempts` failed ones is due; null when there is none left. */
export function nextAttemptAt(attempts: number, nowMs: number): number | null {
  const minutes = partnerLeads.postbacks.retryMinutes[attempts - 1];
  return minutes === undefined ? null : nowMs + minutes * 60_000;
}
