import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { CRAWL_URL } from "./tests/crawl-e2e/fixtures/constants";
import { E2E_PORT } from "./tests/e2e/fixtures/constants";
import {
  FAULTS_PLATFORM_URL,
  FAULTS_PROXY_PORT,
  FAULTS_PROXY_URL,
  FAULTS_SITE_URL,
} from "./tests/faults-e2e/fixtures/constants";
import { JOURNEY_URL } from "./tests/journey-e2e/fixtures/constants";

// Debian's chromium when present (Playwright cannot download its own here).
const systemChromium = "/usr/bin/chromium";

const server = { timeout: 180_000, reuseExistingServer: !process.env.CI, stdout: "ignore", stderr: "pipe" } as const;

/**
 * The projects named with --project (all when none): only their servers start,
 * so `--project e2e` does not build and serve the faults and journey sites too.
 */
function chosenProjects(argv: string[]): Set<string> | null {
  const names = argv.flatMap((arg, i) =>
    arg === "--project" ? [argv[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
  );
  return names.length > 0 ? new Set(names) : null;
}
const chosen = chosenProjects(process.argv);
const wants = (project: string) => chosen === null || chosen.has(project);

/**
 * Three projects, each with its own servers and tests:
 * - `e2e` (tests/e2e): the site on the embedded platform.
 * - `faults` (tests/faults-e2e): the site on the upstream transport, through a
 *   fault-injecting proxy to the platform served alone. Faults are armed per
 *   platform call path on the one proxy, so these tests run one at a time.
 * - `journey` (tests/journey-e2e): one borrower from partner lead to a posted
 *   payment, on a site of its own, since it moves the development clock
 *   (global to a database); one test at a time.
 * - `crawl` (tests/crawl-e2e): every link and control for each persona,
 *   JavaScript on and off, on a site of its own (it presses every button).
 * `npx playwright test` runs all; `--project e2e` (or faults, journey, crawl) one.
 */
export default defineConfig({
  fullyParallel: true,
  workers: 2,
  // On CI a test that fails is run once more and reported as flaky when it
  // then passes: on this shared 2-core machine Chromium's renderer has stalled
  // mid-test (a radio never "stable" for 200 s). A test failing twice fails.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Long journeys (several logins at PBKDF2 cost, PDFs) on a shared 2-core machine.
  timeout: 60_000,
  globalSetup: [
    "./tests/e2e/global-setup.ts",
    ...(wants("faults") ? ["./tests/faults-e2e/global-setup.ts"] : []),
    ...(wants("journey") ? ["./tests/journey-e2e/global-setup.ts"] : []),
    ...(wants("crawl") ? ["./tests/crawl-e2e/global-setup.ts"] : []),
  ],
  use: {
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "e2e", testDir: "./tests/e2e", use: { baseURL: `http://localhost:${E2E_PORT}` } },
    {
      name: "faults",
      testDir: "./tests/faults-e2e",
      workers: 1,
      fullyParallel: false,
      timeout: 90_000,
      use: { baseURL: FAULTS_SITE_URL },
    },
    // The walk logs in three times (PBKDF2), renders PDFs and moves the clock: minutes, not seconds, on a shared machine.
    // Its clicks and fills wait 30 s at most: a page that never shows a field fails the step instead of the whole long walk's timeout.
    {
      name: "journey",
      testDir: "./tests/journey-e2e",
      workers: 1,
      fullyParallel: false,
      timeout: 300_000,
      use: { baseURL: JOURNEY_URL, actionTimeout: 30_000 },
    },
    // One test per persona, each crawling with JavaScript on, then off: minutes, not seconds.
    { name: "crawl", testDir: "./tests/crawl-e2e", timeout: 240_000, use: { baseURL: CRAWL_URL } },
  ],
  // Started in this order, each once the one before answers: the faults and journey sites serve the build the e2e server makes.
  // The e2e server makes the build the others serve, so it starts whenever any project runs.
  webServer: [
    { ...server, command: "tsx scripts/serve-e2e.ts", url: `http://localhost:${E2E_PORT}/api/health` },
    ...(wants("faults")
      ? [
          { ...server, command: "tsx scripts/serve-faults-platform.ts", url: `${FAULTS_PLATFORM_URL}/api/health` },
          {
            ...server,
            command: "tsx scripts/fault-proxy.ts",
            url: `${FAULTS_PROXY_URL}/__faults`,
            env: { FAULT_PROXY_PORT: String(FAULTS_PROXY_PORT), FAULT_PROXY_TARGET: FAULTS_PLATFORM_URL },
          },
          { ...server, command: "tsx scripts/serve-faults-site.ts", url: `${FAULTS_SITE_URL}/api/health` },
        ]
      : []),
    ...(wants("journey")
      ? [{ ...server, command: "tsx scripts/serve-journey.ts", url: `${JOURNEY_URL}/api/health` }]
      : []),
    ...(wants("crawl") ? [{ ...server, command: "tsx scripts/serve-crawl.ts", url: `${CRAWL_URL}/api/health` }] : []),
  ],
});
