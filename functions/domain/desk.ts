/** The servicing desk's roles (issue 20): agents act, supervisors act and approve, auditors only look. */
export const DESK_ROLES = ["agent", "supervisor", "auditor"] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

export const DESK_ROLE_LABELS: Record<DeskRole, string> = {
  agent: "Agent",
  supervisor: "Supervisor",
  auditor: "Auditor (read-only)",
};

export const canAct = (user: { role: DeskRole }) => user.role !== "auditor";

/** What the desk's search asks the servicing core for (one field, parsed by app/routes/desk/search.schema.ts). */
export type DeskSearch =
  | { by: "email"; email: string }
  | { by: "phone"; phone: string }
  | { by: "application"; applicationId: number }
  | { by: "line"; lineId: number }
  | { by: "ssn"; last4: string; dob: string };
