/**
 * The Worker under test: the whole Worker (functions/server/worker.ts), so
 * `SELF.fetch` reaches the API and every React Router loader and action,
 * through the same middleware, security headers and Durable Objects. The
 * worker project adds React Router's Vite plugin to build the pages.
 */
export { default, LineLedger, PasscodeVault, RateLimiter } from "#server/worker";
