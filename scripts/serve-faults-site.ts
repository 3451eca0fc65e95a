/**
 * The fault tests' site: the production build served on its own port and
 * state, with the upstream transport pointed at the fault proxy and a short
 * platform timeout so a `hang` fails fast. Its own tables (sessions,
 * documents) are seeded; the platform's data lives behind the proxy.
 */
import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";
import {
  FAULTS_PROXY_URL,
  FAULTS_SITE_PORT,
  FAULTS_SITE_STATE,
  FAULTS_TIMEOUT_MS,
} from "../tests/faults-e2e/fixtures/constants";
import { serveBuiltSite } from "./serve-built-site";

await serveBuiltSite({
  port: FAULTS_SITE_PORT,
  state: FAULTS_SITE_STATE,
  vars: {
    PLATFORM_API_BASE: `${FAULTS_PROXY_URL}/`,
    PLATFORM_MERCHANT_ID: EMBEDDED_MERCHANT_ID,
    PLATFORM_TIMEOUT_MS: String(FAULTS_TIMEOUT_MS),
  },
});
