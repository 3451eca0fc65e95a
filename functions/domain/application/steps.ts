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
