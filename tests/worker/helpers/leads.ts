import { env, SELF } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { database } from "#db/client";
import { leadLinks, leads } from "#db/schema/leads";
import { applications } from "#db/schema/servicing";
import { api } from "#server/api/app";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { freshTimestamp } from "../../e2e/fixtures/lead-data";

/** POST /api/leads as a partner makes it, and the rows a test of it reads. */

export const db = database(env.DB);
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface PostOptions {
  partnerId?: string;
  secret?: string;
  timestamp?: number;
  /** Sign this text instead of the body sent (tampering). */
  signed?: string;
  /** Send exactly this signature (a replay). */
  signature?: string;
  ip?: string;
  bindings?: Record<string, unknown>;
  /** Send the body as a stream, without Content-Length (a chunked upload). */
  chunked?: boolean;
  /** Post to this origin, with its host as the Host header (a forged Host). */
  origin?: string;
  /** More headers (e.g. X-Partner-Mode). */
  headers?: Record<string, string>;
  /** Through the whole Worker (its D1 session, its development trip count), not the API app alone. */
  worker?: boolean;
}

/** A lead posted the way a partner posts it: signed "<timestamp>.<raw body>". */
export async function post(lead: object | string, options: PostOptions = {}) {
  const body = typeof lead === "string" ? lead : JSON.stringify(lead);
  const secret = options.secret ?? env.PARTNER_SECRET_DEMO;
  const partnerId = options.partnerId ?? DEMO_PARTNER.id;
  const timestamp = options.timestamp ?? freshTimestamp(`${partnerId} ${secret}`, options.signed ?? body);
  const signature = options.signature ?? (await signLead(secret, timestamp, options.signed ?? body));
  const origin = options.origin ?? "https://ridgeline.test";
  const request = new Request(`${origin}/api/leads`, {
    method: "POST",
    headers: {
      Host: new URL(origin).host,
      "Content-Type": "application/json",
      "X-Partner-Id": partnerId,
      "X-Timestamp": String(timestamp),
      "X-Signature": signature,
      "CF-Connecting-IP": options.ip ?? "203.0.113.10",
      ...options.headers,
    },
    body: options.chunked ? new Blob([body]).stream() : body,
  });
  if (options.worker) return SELF.fetch(request);
  return api.request(request, undefined, { ...env, ...options.bindings });
}

export type Answer = {
  status: string;
  applicationId?: number;
  redirectUrl?: string;
  linkStatus?: string;
  error?: string;
  code?: string;
  fields?: Record<string, string>;
};
export const json = async (res: Response) => (await res.json()) as Answer;

/** Rows that a refused post must not add. */
export async function counts() {
  const [leadRows, linkRows, partnerApplications] = await Promise.all([
    db.select({ n: sql<number>`count(*)` }).from(leads).get(),
    db.select({ n: sql<number>`count(*)` }).from(leadLinks).get(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(applications)
      .where(eq(applications.leadSource, DEMO_PARTNER.code))
      .get(),
  ]);
  return { leads: leadRows!.n, links: linkRows!.n, applications: partnerApplications!.n };
}

export const rowOf = (partnerLeadId: string) =>
  db.select().from(leads).where(eq(leads.partnerLeadId, partnerLeadId)).get();
export const tokenOf = (redirectUrl: string) => new URL(redirectUrl).searchParams.get("ID")!;
