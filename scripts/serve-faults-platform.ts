/**
 * The fault tests' platform: the embedded platform served alone (like
 * `npm run platform`) on its own port and a fresh state of its own, so the
 * records the tests count are theirs. Started by playwright.config.ts.
 */
import { rmSync } from "node:fs";
import { FAULTS_PLATFORM_PORT, FAULTS_PLATFORM_STATE } from "../tests/faults-e2e/fixtures/constants";
import { platformArgs, preparePlatform } from "./platform";
import { run } from "./run";

rmSync(FAULTS_PLATFORM_STATE, { recursive: true, force: true });
await preparePlatform(FAULTS_PLATFORM_STATE);
await run("npx", platformArgs(String(FAULTS_PLATFORM_PORT), FAULTS_PLATFORM_STATE), { stdio: "inherit" });
