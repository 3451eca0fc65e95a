import { Hono } from "hono";
import { embeddedWebhooks } from "#platform";
import type { ApiEnv } from "./types";

/**
 * What message providers post to us (issue 18): Twilio's delivery reports at
 * /api/webhooks/twilio/status and texts to our number at
 * /api/webhooks/twilio/sms. The embedded core verifies each signature and
 * keeps the records (docs/operations.md says how to point Twilio here).
 */
export const webhooksApi = new Hono<ApiEnv>().route("/", embeddedWebhooks);
