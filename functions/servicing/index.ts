/**
 * The servicing core's one door. Only the embedded transport
 * (functions/platform/embedded-transport.ts), the core served alone
 * (functions/server/platform-worker.ts), the servicing desk's one file
 * (functions/server/desk/core.ts) and the development tools
 * (functions/server/api/dev*.ts, app/routes/dev/) import it; nothing imports
 * a file behind it (.dependency-cruiser.cjs).
 */

// What hosts the core: its Hono app, its bindings, its Durable Object, its daily run.
export { servicingApp } from "./app";
export { type ApplicantNoticesReport, runNoticesDaily } from "./applicant-notices";
export { BENCH_ROWS_PER_ACCOUNT, benchCustomerToken, seedBenchAccounts } from "./bench";
export { clockOffset, currentTime, parseClockStep, setClockOffset } from "./clock";
// Development tools only (404 or absent outside development).
export { ServicingError } from "./context";
export { purgeExpired, type RunReport } from "./cron";
export { copyDemoBorrower, DEMO_PASSWORD, demoBorrowers, seedDemoBorrowers } from "./demo";
// The servicing desk (issue 20): what it shows and does, through this door only.
export {
  type DeskActor,
  type DeskBorrowerFile,
  type DeskSearchResult,
  deskAddNote,
  deskBorrowerFile,
  deskSearch,
  deskUnlockLogin,
} from "./desk";
export {
  approvalMessages,
  type CorrectionRequest,
  type Decision,
  type DeskRequestRow,
  deskDecideRequest,
  deskRequestCorrection,
  deskRequestsList,
} from "./desk-approvals";
export { type AuditQuery, type DeskAuditResult, deskAuditSearch } from "./desk-audit";
export { type AutopayInput, deskAuthorizeAutopay, deskRevokeAutopay } from "./desk-autopay";
export { type ClosureInput, deskCancelClosure, deskCloseLine, deskReopenLine } from "./desk-closure";
export { type DeskSignedAgreement, deskSignedAgreements, deskStatementPdf } from "./desk-documents";
export { deskChangeLimit, type LimitChangeInput } from "./desk-limits";
export {
  type DeskPasscodeChallenge,
  deskPasscodeChallenge,
  deskResendPasscode,
  type PasscodeChannel,
  type PasscodeResendInput,
  passcodeResendMessages,
} from "./desk-passcodes";
export { deskChangePaySchedule, type PayScheduleInput, type PayScheduleResult } from "./desk-pay-schedule";
export { deskCancelPayment, deskTakePayment, type PhonePayment } from "./desk-payments";
export { deskSendResetLink } from "./desk-sign-in";
export { type DevLedger, ledgerFor } from "./dev-ledger";
export { recordsFor } from "./dev-records";
export { devReturnMessages, devReturnPayment, type ReturnablePayment, returnablePayments } from "./dev-returns";
export { endPlatformTokens, latestOutbox, setRepaymentMethod } from "./dev-tools";
export { consumeMessages, type QueuedMessage } from "./dispatch";
export { type EmailSample, emailSamples, sampleEmailHtml } from "./email-samples";
export type { CoreEnv } from "./env";
export { purgeOldOutbox } from "./messages";
// Each line of credit's own Durable Object, its sweeper and its events (decision record 032).
export type { DeskLineAction, DeskLineInput, DeskLineResult } from "./objects/desk-calls";
export { deskLineAction } from "./objects/desk-route";
export { withLineHomes } from "./objects/homes";
export { consumeLinesQueue, isLinesQueue, type LinesRunReport, runLines, serviceObjectLines } from "./objects/host";
export { LineLedger } from "./objects/line-ledger";
// Development only: the scale bench's lines (npm run bench -- --scale N).
export { type ScaleRows, scaleProgress, scaleSample, scaleTemplate, seedScaleLines, timeSweep } from "./objects/scale";
export { withOutgoing } from "./outgoing";
export { PasscodeVault } from "./passcode-vault";
export { unsubscribeRoutes } from "./unsubscribe";
export { providerWebhooks } from "./webhooks";
