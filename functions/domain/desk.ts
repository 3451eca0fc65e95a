/** The servicing desk's roles (issue 20): agents act, supervisors act and approve, auditors only look. */
export const DESK_ROLES = ["agent", "supervisor", "auditor"] as const;
export type DeskRole = (typeof DESK_ROLES)[number];

export const DESK_ROLE_LABELS: Record<DeskRole, string> = {
  agent: "Agent",
  supervisor: "Supervisor",
  auditor: "Auditor (read-only)",
};

export const canAct = (user: { role: DeskRole }) => user.role !== "auditor";

/** The most borrowers one desk search shows. */
export const DESK_SEARCH_LIMIT = 20;

/**
 * What the desk's search asks the servicing core for (one kind, parsed by app/routes/desk/search.schema.ts):
 * part of an e-mail (3 characters at least; a whole address is a part too), or a whole last name with the first
 * name's first letters (none: every first name).
 */
export type DeskSearch =
  | { by: "email"; part: string }
  | { by: "name"; lastName: string; firstNamePrefix: string }
  | { by: "phone"; phone: string }
  | { by: "application"; applicationId: number }
  | { by: "line"; lineId: number }
  | { by: "ssn"; last4: string; dob: string };
