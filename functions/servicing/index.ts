/**
 * The servicing core's one door. Only the embedded transport
 * (functions/platform/embedded-transport.ts), the core served alone
 * (functions/server/platform-worker.ts) and the development tools
 * (functions/server/api/dev*.ts, app/routes/dev/) import it; nothing imports
 * a file behind it (.dependency-cruiser.cjs).
 */

// What hosts the core: its Hono app, its bindings, its Durable Object, its daily run.
export { servicingApp } from "./app";
export type { CoreEnv } from "./env";
export { PasscodeVault } from "./passcode-vault";
export { runServicing, type RunReport } from "./cron";
export { purgeOldOutbox } from "./messages";
export { clockOffset, currentTime, parseClockStep, setClockOffset } from "./clock";

// Development tools only (404 or absent outside development).
export { ServicingError } from "./context";
export { copyDemoBorrower, DEMO_PASSWORD, demoBorrowers, seedDemoBorrowers } from "./demo";
export { recordsFor } from "./dev-records";
export { ledgerFor, type DevLedger } from "./dev-ledger";
export { devReturnMessages, devReturnPayment, returnablePayments, type ReturnablePayment } from "./dev-returns";
export { benchCustomerToken, seedBenchAccounts, BENCH_ROWS_PER_ACCOUNT } from "./bench";
export { endPlatformTokens, latestOutbox, setRepaymentMethod } from "./dev-tools";
