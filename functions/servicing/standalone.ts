/**
 * The embedded platform on its own, as an upstream API would be: used by
 * `npm run platform` and the upstream contract tests (HTTP on a local port).
 * The product's Worker never mounts this; it calls the core in-process.
 */
import type { Env } from "../env";
import { servicingApp } from "./app";

export { PasscodeVault } from "../durable-objects/passcode-vault";

export default {
  fetch: (request, env, ctx) => servicingApp.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
