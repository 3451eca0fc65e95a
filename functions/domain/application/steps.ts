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
