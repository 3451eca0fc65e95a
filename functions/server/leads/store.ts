import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { leadLinks, leadSignatures, leads } from "#db/schema/leads";
import { partnerLeads } from "#domain/config";
import type { Lead, LeadAnswer } from "#domain/leads/schema";
import { randomToken, sha256Hex } from "#domain/tokens";
import { leadBodyHash } from "./body-hash";

export type LeadRow = typeof leads.$inferSelect;

/**
 * Who decides a (partner, partner lead id): the house pattern of decision
 * record 005. The first post inserts the row (the unique index lets exactly
 * one insert win) and decides; a post finding an error row, or a pending row
 * whose request died, takes it over with a conditional update that again
 * only one request can win. Everyone else reads the recorded answer.
 *
 * The lead id names ONE applicant (issue 14): a post whose body is not the
 * recorded one (by hash) is "reused" before anything else happens, never
 * answered as a repeat and never allowed to take the row over (an error
 * row's ExtTransactionID would fetch the first applicant's decision).
 */
export type Claim =
  | { kind: "decide"; lead: LeadRow }
  | { kind: "answered"; lead: LeadRow }
  | { kind: "busy" }
  | { kind: "reused" };

const POLL_MS = 200;

const findLead = (db: Database, partnerId: string, partnerLeadId: string) =>
  db
    .select()
    .from(leads)
    .where(and(eq(leads.partnerId, partnerId), eq(leads.partnerLeadId, partnerLeadId)))
    .get();

export async function claimLead(db: Database, partnerId: string, lead: Lead, now: number): Promise<Claim> {
  const { partnerLeadId } = lead;
  const id = crypto.randomUUID();
  const [inserted] = await db
    .insert(leads)
    .values({
      id,
      partnerId,
      partnerLeadId,
      bodyHash: await leadBodyHash(id, lead),
      status: "pending",
      extTransactionId: crypto.randomUUID(),
      attempts: 1,
      receivedAt: now,
      claimedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { kind: "decide", lead: inserted };

  const existing = await findLead(db, partnerId, partnerLeadId);
  // Rows from before the hash was kept (null) cannot be shown to be this applicant: refused alike.
  if (!existing?.bodyHash || existing.bodyHash !== (await leadBodyHash(existing.id, lead))) return { kind: "reused" };

  // An error answer is not final (decision record 010): a repeat decides again.
  const [takenOver] = await db
    .update(leads)
    .set({ status: "pending", claimedAt: now, attempts: sql`${leads.attempts} + 1` })
    .where(
      and(
        eq(leads.id, existing.id),
        or(
          eq(leads.status, "error"),
          and(eq(leads.status, "pending"), lt(leads.claimedAt, now - partnerLeads.staleClaimMs)),
        ),
      ),
    )
    .returning();
  if (takenOver) return { kind: "decide", lead: takenOver };
  return waitForAnswer(db, partnerId, partnerLeadId);
}

/** A racing post waits briefly for the first one's answer rather than deciding again. */
async function waitForAnswer(db: Database, partnerId: string, partnerLeadId: string): Promise<Claim> {
  for (let waited = 0; ; waited += POLL_MS) {
    const row = await findLead(db, partnerId, partnerLeadId);
    if (row && row.status !== "pending") return { kind: "answered", lead: row };
    if (waited >= partnerLeads.raceWaitMs) return { kind: "busy" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export interface Outcome {
  answer: LeadAnswer;
  platformStatus: string | null;
  transactionId: string | null;
  approvedLimitCents: number | null;
}

/**
 * Records the decision (the answer without its link) and, when approved, the
 * first link, in one batch. A sandbox lead gets no link (`link: false`):
 * there is no application to continue.
 */
export async function recordOutcome(
  db: Database,
  lead: LeadRow,
  outcome: Outcome,
  now: number,
  { link = true }: { link?: boolean } = {},
): Promise<{ lead: LeadRow; linkToken: string | null }> {
  const approved = outcome.answer.status === "approved";
  const decided = {
    status: outcome.answer.status,
    platformStatus: outcome.platformStatus,
    applicationId: outcome.answer.applicationId ?? null,
    transactionId: outcome.transactionId,
    approvedLimitCents: outcome.approvedLimitCents,
    answerJson: JSON.stringify({
      status: outcome.answer.status,
      applicationId: outcome.answer.applicationId,
      adverseActionNotice: outcome.answer.adverseActionNotice,
    }),
    decidedAt: now,
    continueBy: approved ? now + partnerLeads.continueLinkHours * 3_600_000 : null,
  };
  const update = db.update(leads).set(decided).where(eq(leads.id, lead.id));
  if (!approved || !link) {
    await update;
    return { lead: { ...lead, ...decided }, linkToken: null };
  }
  const token = randomToken();
  await db.batch([
    update,
    db.insert(leadLinks).values({ tokenHash: await sha256Hex(token), leadId: lead.id, createdAt: now }),
  ]);
  return { lead: { ...lead, ...decided }, linkToken: token };
}

/**
 * Another link for a recorded approval (a repeated post of the same
 * applicant): only hashes are kept, so the first link cannot be sent again.
 * Issued only while the continuation was never used and is not over (issue
 * 14): the insert is conditional on the lead row as it stands at that
 * instant, so a link cannot be minted for a continuation already taken.
 * Null when none was issued.
 */
export async function issueLink(db: Database, leadId: string, now: number): Promise<string | null> {
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  const [issued] = await db
    .insert(leadLinks)
    .select(
      db
        .select({
          tokenHash: sql<string>`${tokenHash}`.as("token_hash"),
          leadId: leads.id,
          createdAt: sql<number>`${now}`.as("created_at"),
        })
        .from(leads)
        .where(
          and(eq(leads.id, leadId), eq(leads.status, "approved"), isNull(leads.continuedAt), gt(leads.continueBy, now)),
        ),
    )
    .returning({ tokenHash: leadLinks.tokenHash });
  return issued ? token : null;
}

/** Why a recorded approval gets no fresh link: its continuation was used, or its time is over. */
export function linkStatus(lead: LeadRow, now: number): "used" | "expired" | null {
  if (lead.continuedAt !== null) return "used";
  if (lead.continueBy === null || lead.continueBy <= now) return "expired";
  return null;
}

/** The recorded answer of a decided lead. */
export function recordedAnswer(lead: LeadRow): LeadAnswer {
  return JSON.parse(lead.answerJson ?? '{"status":"error"}') as LeadAnswer;
}

export type Redemption = { ok: true; lead: LeadRow } | { ok: false; applicationId: number | null };

const TOKEN_PATTERN = /^[\w-]{20,100}$/;

/**
 * Following a link: consumes the lead's continuation, once, before it
 * expires. The conditional update lets only one of two racing clicks through.
 */
export async function redeemLink(db: Database, token: string, now: number): Promise<Redemption> {
  if (!TOKEN_PATTERN.test(token)) return { ok: false, applicationId: null };
  const link = await db
    .select()
    .from(leadLinks)
    .where(eq(leadLinks.tokenHash, await sha256Hex(token)))
    .get();
  const lead = link ? await db.select().from(leads).where(eq(leads.id, link.leadId)).get() : undefined;
  if (!lead) return { ok: false, applicationId: null };
  if (lead.status !== "approved" || !lead.continueBy || !lead.transactionId)
    return { ok: false, applicationId: lead.applicationId };
  const [consumed] = await db
    .update(leads)
    .set({ continuedAt: now })
    .where(and(eq(leads.id, lead.id), isNull(leads.continuedAt), sql`${leads.continueBy} > ${now}`))
    .returning();
  return consumed ? { ok: true, lead: consumed } : { ok: false, applicationId: lead.applicationId };
}

/**
 * Gives a redeemed continuation back, when following the link failed for a
 * reason that is not the applicant's (the platform timed out or failed), so
 * the same link works again. Only if the lead is still in the use `redeemed`
 * made (continued_at as that redemption set it): a release arriving after
 * another use cannot undo that use. The deadline is untouched, so a released
 * link past it stays refused. True when the use was given back.
 */
export async function releaseLink(db: Database, redeemed: LeadRow): Promise<boolean> {
  if (redeemed.continuedAt === null) return false;
  const [released] = await db
    .update(leads)
    .set({ continuedAt: null })
    .where(and(eq(leads.id, redeemed.id), eq(leads.continuedAt, redeemed.continuedAt)))
    .returning({ id: leads.id });
  return released !== undefined;
}

/** Links of leads whose continuation ended more than a day ago (the scheduled clean-up). */
export async function purgeOldLeadLinks(db: Database, now: number): Promise<void> {
  const ended = db
    .select({ id: leads.id })
    .from(leads)
    .where(lt(leads.continueBy, now - 86_400_000));
  await db.delete(leadLinks).where(sql`${leadLinks.leadId} IN ${ended}`);
}

/**
 * Signatures seen more than twice the timestamp tolerance ago (the scheduled
 * clean-up). A timestamp may be up to the tolerance ahead of the clock when
 * its signature is first seen, and stays fresh until the tolerance after
 * that: twice the tolerance covers every instant a replay could still pass.
 */
export async function purgeOldLeadSignatures(db: Database, now: number): Promise<void> {
  await db
    .delete(leadSignatures)
    .where(lt(leadSignatures.seenAt, now - 2 * partnerLeads.signatureToleranceSeconds * 1000));
}
