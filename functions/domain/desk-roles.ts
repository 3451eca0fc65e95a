/** The servicing desk's roles (issue 20): agents act, supervisors act and approve, auditors only look. */
export const DESK_ROLES = ["agent", "supervisor", "auditor"] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

export const DESK_ROLE_LABELS: Record<DeskRole, string> = {
  agent: "Agent",
  supervisor: "Supervisor",
  auditor: "Auditor (read-only)",
};

export const canAct = (user: { role: DeskRole }) => user.role !== "auditor";
