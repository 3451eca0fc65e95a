import { and, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { leads } from "#db/schema/leads";
import { catalogue } from "#platform";
import type { Env } from "../env";
import { withMerchantToken } from "./decide";
import type { Partner } from "./partners";
import { type LeadRow, linkStatus, recordedAnswer } from "./store";

/**
 * A lead's status for its partner (issue 21, docs/partners.md): the decision,
 * the applicant's link, and what became of the application since (e-signed,
 * first draw and its funding, withdrawn), so a lead buyer can reconcile
 * payouts. Nothing personal; only the partner's own leads.
 */
export interface LeadStatus {
  partnerLeadId: string;
  status: string;
  decidedAt: string | null;
  /** Approved leads: whether the applicant's continuation was used, is still open, or expired. */
  link: "unused" | "used" | "expired" | null;
  esignedAt: string | null;
  firstDraw: { amountCents: number; fundingDate: string; funded: boolean } | null;
  withdrawnAt: string | null;
  /** A denied live lead: "sent" once the applicant was sent the adverse-action notice (never its reasons). */
  adverseActionNotice: "sent" | null;
  /** false when the platform could not say (it failed, or it has no such call): the milestones are unknown, not absent. */
  milestonesKnown: boolean;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function leadStatus(
  db: Database,
  env: Env,
  partner: Partner,
  partnerLeadId: string,
  now: number,
): Promise<LeadStatus | null> {
  const row = await db
    .select()
    .from(leads)
    .where(and(eq(leads.partnerId, partner.id), eq(leads.partnerLeadId, partnerLeadId)))
    .get();
  return row ? statusOfLead(env, partner.mode, row, now) : null;
}

/** A recorded lead's status: its row, and the platform's milestones of its application (the postbacks ask the same). */
export async function statusOfLead(env: Env, partnerMode: string, row: LeadRow, now: number): Promise<LeadStatus> {
  // The same reading of the link as the continuation itself (store.ts): at its instant it has expired.
  const link = row.status !== "approved" || partnerMode === "test" ? null : (linkStatus(row, now) ?? "unused");
  const status: LeadStatus = {
    partnerLeadId: row.partnerLeadId,
    status: row.status,
    decidedAt: iso(row.decidedAt),
    link,
    esignedAt: null,
    firstDraw: null,
    withdrawnAt: null,
    adverseActionNotice: recordedAnswer(row).adverseActionNotice ?? null,
    milestonesKnown: true,
  };
  if (row.applicationId === null) return status;
  try {
    const m = await withMerchantToken(env, undefined, (platform) =>
      platform.call(catalogue.applications.GetApplicationMilestones, { applicationId: row.applicationId! }),
    );
    const firstDraw = m.firstDraw && {
      amountCents: m.firstDraw.amount,
      fundingDate: m.firstDraw.fundingDate,
      funded: m.firstDraw.funded,
    };
    return { ...status, esignedAt: m.esignedAt, firstDraw, withdrawnAt: m.withdrawnAt };
  } catch (error) {
    console.error("lead milestones failed", error instanceof Error ? error.name : "unknown");
    return { ...status, milestonesKnown: false };
  }
}
