import * as v from "valibot";

/** The audit log's filters (a GET form): each optional; dates as the date field sends them (YYYY-MM-DD). */
export const AUDIT_FIELDS = ["customerId", "actor", "action", "from", "to"] as const;
export type AuditValues = Record<(typeof AUDIT_FIELDS)[number], string>;

const optionalDay = (message: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === "" || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), message),
  );

export const AuditSearchSchema = v.pipe(
  v.object({
    customerId: v.pipe(v.string(), v.trim(), v.maxLength(100, "At most 100 characters.")),
    actor: v.pipe(v.string(), v.trim(), v.maxLength(200, "At most 200 characters.")),
    action: v.pipe(v.string(), v.trim(), v.maxLength(100, "At most 100 characters.")),
    from: optionalDay("Enter the first day as YYYY-MM-DD."),
    to: optionalDay("Enter the last day as YYYY-MM-DD."),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, "The last day is before the first."),
    ["to"],
  ),
);
