/** What a servicing run did: the scheduled log line and the development clock print it. */
export interface RunReport {
  lines: number;
  paymentsPosted: number;
  statementsIssued: number;
  chargedOff: number;
  closed: number;
}

export const emptyReport = (): RunReport => ({
  lines: 0,
  paymentsPosted: 0,
  statementsIssued: 0,
  chargedOff: 0,
  closed: 0,
});
