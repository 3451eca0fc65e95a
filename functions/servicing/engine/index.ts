/**
 * The account-state engine's door (decision record 013): pure, no I/O,
 * browser-safe. Everything outside imports from here.
 */

export {
  drawEntry,
  RETURN_WINDOW_BUSINESS_DAYS,
  type ReturnProblem,
  returnEntry,
  returnProblem,
  returnProblemMessages,
} from "./actions";
export { drawRefusal, type PostingRefusal, paymentRefusal } from "./checks";
export {
  type CorrectionKind,
  type CorrectionProblem,
  correctable,
  correctionEntry,
  correctionProblem,
  correctionProblemMessages,
  paymentReturnable,
} from "./corrections";
export { activitySince, addMonths, coveredBy, lastIssued } from "./cycle";
export {
  monthsOfStatements,
  noticesOf,
  type PaymentProjection,
  type ProjectionStart,
  projectFixedPayments,
  projectionStart,
  projectMinimumPayments,
  statementBill,
} from "./projection";
export { cancelledIds } from "./replay";
export {
  automaticPaymentId,
  type DayWork,
  daysToService,
  inactivityClosure,
  type Notice,
  type RunClock,
  serviceDay,
} from "./run";
export { asDueDate, dueDatesAfter, firstDueDate, projectedDueDate, statementDateFor } from "./schedule";
export { accountState, firstDrawDate } from "./state";
export type {
  AccountState,
  Book,
  EntryKind,
  IssuedStatement,
  LedgerEntry,
  LineFacts,
  LineStatus,
  PaymentAllocation,
  ScheduledPayment,
  Standing,
  StatementNotices,
  StatementStanding,
} from "./types";
