/**
 * The crawler's site (tests/crawl-e2e): the production build on the embedded
 * platform, on a port and state of its own. The crawler presses every button
 * it finds, so it must not share a database with the other browser tests.
 * Started by playwright.config.ts; tests/crawl-e2e/global-setup.ts seeds the
 * demo borrowers once it answers.
 */
import { CRAWL_PORT, CRAWL_STATE } from "../tests/crawl-e2e/fixtures/constants";
import { serveBuiltSite } from "./serve-built-site";

await serveBuiltSite({ port: CRAWL_PORT, state: CRAWL_STATE });
