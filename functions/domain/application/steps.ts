/** The application's five steps in order, and the label each shows in the step bar. */
export const STEPS = ["personal", "address", "income", "payfrequency", "banking"] as const;
export type Step = (typeof STEPS)[number];

export const STEP_LABELS: Record<Step, string> = {
  personal: "PERSONAL",
  address: "ADDRESS",
  income: "INCOME",
  payfrequency: "PAY FREQUENCY",
  banking: "BANKING",
};

/** The query a stale post is sent back with (wizard.server.ts refuseStalePost): the application changed in another window. */
export const REOPENED = "reopened";
export const REOPENED_NOTICE =
  "Your application was changed in another window, so this was not submitted. Please check this step and continue; the steps after it will ask for their details again.";

/**
 * The query a stale post is sent back with when the application it belonged
 * to was replaced: a new one was started in another window (Apply Now, then
 * "start a new application"), so nothing of the old one is left to check.
 */
export const RESTARTED = "restarted";
export const RESTARTED_NOTICE =
  "A new application was started in another window, so this was not submitted. Please start here; the answers given before were cleared when the new application began.";
