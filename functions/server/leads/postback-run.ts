import { aliasedTable, and, asc, eq, gte, inArray, isNotNull, lte, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leadPostbacks, leads, partners } from "#db/schema/leads";
import { partnerLeads } from "#domain/config";
import type { Env } from "../env";
import { count } from "../http/metrics";
import { partnerNextSecretName, partnerSecretName } from "./partners";
import {
  type Attempt,
  milestonesReached,
  nextAttemptAt,
  postbackBody,
  postbackUrlAllowed,
  sendPostback,
} from "./postbacks";
import { statusOfLead } from "./status";

/**
 * The scheduled run's postback step (decision record 029): ask what became
 * of the leads of partners with a postback URL, queue each new milestone
 * once, then send what is due, a lead's postbacks in the order they happened.
 */
export interface PostbackReport {
  leadsAsked: number;
  queued: number;
  delivered: number;
  failed: number;
  gaveUp: number;
}

const { postbacks: config } = partnerLeads;
/** D1 binds at most 100 values a statement: ids are asked in slices. */
const IDS_PER_STATEMENT = 90;

const slices = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function runPostbacks(
  db: Database,
  env: Env,
  now: number,
  send: typeof fetch = fetch,
): Promise<PostbackReport> {
  const asked = await queueMilestones(db, env, now);
  const sent = await sendDuePostbacks(db, env, now, send);
  return { ...asked, ...sent };
}

/** The leads still followed: decided within followDays, of an active partner with a URL, with no final milestone. */
function followed(now: number): SQL {
  return and(
    isNotNull(partners.postbackUrl),
    eq(partners.active, true),
    inArray(leads.status, ["approved", "denied"]),
    gte(leads.decidedAt, now - config.followDays * 86_400_000),
    sql`not exists (select 1 from ${leadPostbacks} where ${leadPostbacks.leadId} = ${leads.id} and ${leadPostbacks.final} = 1)`,
  )!;
}

export async function queueMilestones(
  db: Database,
  env: Env,
  now: number,
): Promise<{ leadsAsked: number; queued: number }> {
  const open = await db
    .select({ lead: leads, mode: partners.mode })
    .from(leads)
    .innerJoin(partners, eq(partners.id, leads.partnerId))
    .where(followed(now))
    // Never asked first, then the least recently asked: every open lead in turn.
    .orderBy(sql`${leads.milestonesCheckedAt} is not null`, asc(leads.milestonesCheckedAt), asc(leads.decidedAt))
    .limit(config.leadsAskedPerRun);
  if (open.length === 0) return { leadsAsked: 0, queued: 0 };
  const idSlices = slices(
    open.map((o) => o.lead.id),
    IDS_PER_STATEMENT,
  );
  const known = new Set<string>();
  for (const slice of idSlices) {
    const rows = await db
      .select({ leadId: leadPostbacks.leadId, milestone: leadPostbacks.milestone })
      .from(leadPostbacks)
      .where(inArray(leadPostbacks.leadId, slice));
    for (const row of rows) known.add(`${row.leadId}:${row.milestone}`);
  }
  const writes = [];
  let queued = 0;
  for (const { lead, mode } of open) {
    const status = await statusOfLead(env, mode, lead, now);
    const fresh = milestonesReached(status, lead.continueBy).filter((r) => !known.has(`${lead.id}:${r.milestone}`));
    for (const [order, reached] of fresh.entries()) {
      queued++;
      const id = crypto.randomUUID();
      writes.push(
        db
          .insert(leadPostbacks)
          .values({
            id,
            leadId: lead.id,
            partnerId: lead.partnerId,
            milestone: reached.milestone,
            final: reached.final,
            body: postbackBody(id, reached, status),
            // A millisecond apart, so a lead's postbacks keep the order they happened in.
            createdAt: now + order,
            nextAttemptAt: now,
          })
          .onConflictDoNothing(),
      );
    }
  }
  for (const slice of idSlices)
    writes.push(db.update(leads).set({ milestonesCheckedAt: now }).where(inArray(leads.id, slice)));
  const [first, ...rest] = writes;
  await db.batch([first!, ...rest]);
  return { leadsAsked: open.length, queued };
}

type Due = { postback: typeof leadPostbacks.$inferSelect; url: string | null; active: boolean };

/** Due postbacks, except those waiting behind an earlier one of their lead that is to be tried later. */
async function duePostbacks(db: Database, now: number): Promise<Due[]> {
  const earlier = aliasedTable(leadPostbacks, "earlier");
  return db
    .select({ postback: leadPostbacks, url: partners.postbackUrl, active: partners.active })
    .from(leadPostbacks)
    .innerJoin(partners, eq(partners.id, leadPostbacks.partnerId))
    .where(
      and(
        lte(leadPostbacks.nextAttemptAt, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.leadId, leadPostbacks.leadId),
                sql`${earlier.nextAttemptAt} > ${now}`,
                sql`${earlier.createdAt} < ${leadPostbacks.createdAt}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(leadPostbacks.createdAt))
    .limit(config.sentPerRun);
}

export async function sendDuePostbacks(
  db: Database,
  env: Env,
  now: number,
  send: typeof fetch,
): Promise<{ delivered: number; failed: number; gaveUp: number }> {
  const byLead = new Map<string, Due[]>();
  for (const due of await duePostbacks(db, now))
    byLead.set(due.postback.leadId, [...(byLead.get(due.postback.leadId) ?? []), due]);
  const outcomes: Array<{ due: Due; attempt: Attempt | null }> = [];
  // A lead's postbacks one after another, stopping at one that fails (the rest wait behind it); leads side by side.
  const leadsInTurn = [...byLead.values()];
  for (const group of slices(leadsInTurn, config.concurrency)) {
    await Promise.all(
      group.map(async (postbacks) => {
        for (const due of postbacks) {
          const attempt = await attemptOne(env, due, send);
          outcomes.push({ due, attempt });
          if (!attempt?.delivered) break;
        }
      }),
    );
  }
  return recordOutcomes(db, env, now, outcomes);
}

/** One attempt, or null when there is nowhere to send it any more (the partner was switched off or its URL removed). */
async function attemptOne(env: Env, due: Due, send: typeof fetch): Promise<Attempt | null> {
  if (!due.active || due.url === null) return null;
  if (!postbackUrlAllowed(due.url, env.ENVIRONMENT)) return { delivered: false, result: "bad_url" };
  const vars = env as unknown as Record<string, string | undefined>;
  const secret = vars[partnerSecretName(due.postback.partnerId)];
  if (!secret) return { delivered: false, result: "no_secret" };
  const nextSecret = vars[partnerNextSecretName(due.postback.partnerId)];
  const to = { url: due.url, secret, ...(nextSecret ? { nextSecret } : {}) };
  // Signed at the real time, whatever the run's clock (the dev clock moves it): the partner checks it against theirs.
  return sendPostback(send, to, due.postback.id, due.postback.body, Date.now());
}

async function recordOutcomes(
  db: Database,
  env: Env,
  now: number,
  outcomes: Array<{ due: Due; attempt: Attempt | null }>,
): Promise<{ delivered: number; failed: number; gaveUp: number }> {
  const report = { delivered: 0, failed: 0, gaveUp: 0 };
  const writes = outcomes.map(({ due, attempt }) => {
    const attempts = due.postback.attempts + (attempt ? 1 : 0);
    const retryAt = attempt && !attempt.delivered ? nextAttemptAt(attempts, now) : null;
    const gaveUp = !attempt?.delivered && retryAt === null;
    if (attempt?.delivered) report.delivered++;
    else if (gaveUp) report.gaveUp++;
    else report.failed++;
    const outcome = attempt?.delivered ? "delivered" : gaveUp ? "gave_up" : "failed";
    const result = attempt?.result ?? (due.active ? "no_url" : "partner_inactive");
    count(env, "postback", [due.postback.milestone, outcome, result]);
    return db
      .update(leadPostbacks)
      .set({
        attempts,
        lastAttemptAt: attempt ? now : due.postback.lastAttemptAt,
        lastResult: result,
        nextAttemptAt: retryAt,
        deliveredAt: attempt?.delivered ? now : null,
        gaveUpAt: gaveUp ? now : null,
      })
      .where(eq(leadPostbacks.id, due.postback.id));
  });
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return report;
}
