import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { deskAudit } from "#db/schema/servicing";

/**
 * The audit log's search (issue 20): by borrower, desk user, action and
 * dates (UTC days, as the log shows them), newest first. Every role may read
 * it; nothing here writes.
 */
export interface AuditQuery {
  customerId?: string;
  /** The desk user's e-mail, any case. */
  actor?: string;
  action?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
}

export const AUDIT_PAGE = 200;

const DAY_MS = 86_400_000;
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export async function deskAuditSearch(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.customerId) conditions.push(eq(deskAudit.customerId, query.customerId));
  if (query.actor) conditions.push(sql`lower(${deskAudit.actor}) = ${query.actor.toLowerCase()}`);
  if (query.action) conditions.push(eq(deskAudit.action, query.action));
  if (query.from) conditions.push(gte(deskAudit.at, startOf(query.from)));
  if (query.to) conditions.push(lt(deskAudit.at, startOf(query.to) + DAY_MS));
  const [rows, actions] = await db.batch([
    db
      .select()
      .from(deskAudit)
      .where(and(...conditions))
      .orderBy(desc(deskAudit.at), desc(deskAudit.id))
      .limit(AUDIT_PAGE + 1),
    db.selectDistinct({ action: deskAudit.action }).from(deskAudit).orderBy(deskAudit.action),
  ]);
  return {
    rows: rows.slice(0, AUDIT_PAGE),
    more: rows.length > AUDIT_PAGE,
    actions: actions.map((a) => a.action),
  };
}

export type DeskAuditResult = Awaited<ReturnType<typeof deskAuditSearch>>;
