/**
 * The account-state engine's door (decision record 013): pure, no I/O,
 * browser-safe. Everything outside imports from here.
 */
export type { AccountState, Book, EntryKind, IssuedStatement, LedgerEntry, LineFacts, LineStatus, PaymentAllocation, ScheduledPayment, Standing, StatementStanding } from "./types";
export { accountState, firstDrawDate } from "./state";
export { automaticPaymentId, daysToService, inactivityClosure, serviceDay, type DayWork, type Notice, type RunClock } from "./run";
export { activitySince, addMonths, coveredBy, lastIssued } from "./cycle";
export { asDueDate, dueDatesAfter, firstDueDate, projectedDueDate, statementDateFor } from "./schedule";
export { drawEntry, RETURN_WINDOW_BUSINESS_DAYS, returnEntry, returnProblem, returnProblemMessages, type ReturnProblem } from "./actions";
export { cancelledIds } from "./replay";
export { drawRefusal, paymentRefusal, type PostingRefusal } from "./checks";
