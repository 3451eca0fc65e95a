import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import * as v from "valibot";
import { database } from "#db/client";
import { currentTime, moveLines } from "#servicing";
import { refuseInvalid } from "./body-limits";
import type { ApiEnv } from "./types";

const MoveRequest = v.strictObject({
  after: v.pipe(v.number(), v.integer(), v.minValue(0)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(200)),
  dryRun: v.boolean(),
});

/**
 * Development only, for `npm run db:move-lines` (scripts/move-lines.ts): the next lines still in the
 * shared database, each moved into its own object and verified (decision record 032). Mounted under
 * the development tools' guard (dev.ts).
 */
export const devLinesApi = new Hono<ApiEnv>().post(
  "/move",
  vValidator("json", MoveRequest, refuseInvalid),
  async (c) => {
    const { dryRun, ...batch } = c.req.valid("json");
    const now = await currentTime(c.env, database(c.env.DB));
    return c.json(await moveLines(c.env, { ...batch, dryRun, nowMs: now.getTime() }));
  },
);
