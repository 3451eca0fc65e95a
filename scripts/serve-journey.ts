/**
 * The whole-journey test's site (tests/journey-e2e): the production build on
 * the embedded platform, on a port and state of its own. The journey moves
 * the development clock, which is global to a database, so it must never
 * share a server with the parallel browser tests. Started by
 * playwright.config.ts; tests/journey-e2e/global-setup.ts seeds the demo
 * borrowers once it answers.
 */
import { JOURNEY_PORT, JOURNEY_STATE } from "../tests/journey-e2e/fixtures/constants";
import { serveBuiltSite } from "./serve-built-site";

await serveBuiltSite({ port: JOURNEY_PORT, state: JOURNEY_STATE });
