import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import * as v from "valibot";
import { easternDateTime } from "#domain/calendar";
import { scaleProgress, scaleSample, scaleTemplate, seedScaleLines, timeSweep } from "#servicing";
import { NoBody, refuseInvalid } from "./body-limits";
import type { ApiEnv } from "./types";

/**
 * Development only, for `npm run bench -- --scale N` (scripts/bench-scale.ts):
 * lines with a year of history, each in its own object, every alarm set to
 * one instant; then how many are serviced, what one invocation did, what an
 * object weighs, and the sweeper over the whole directory. Mounted under the
 * development tools' guard (dev.ts).
 */
const count = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000));

export const devScaleApi = new Hono<ApiEnv>()
  // The template line lives its year; its rows stay in its object, which the seeds copy from.
  .post("/template", vValidator("json", NoBody, refuseInvalid), async (c) => {
    const now = Date.now();
    const template = await scaleTemplate(c.env, now);
    return c.json({ template: template.name, rows: template.rows }, 201);
  })
  .post(
    "/seed",
    vValidator(
      "json",
      v.object({
        template: v.pipe(v.string(), v.regex(/^scale-template-\d+$/)),
        from: v.pipe(v.number(), v.integer(), v.minValue(1)),
        count,
        fireAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
      }),
      refuseInvalid,
    ),
    async (c) => {
      const { template, from, count, fireAt } = c.req.valid("json");
      return c.json(await seedScaleLines(c.env, template, from, count, fireAt), 201);
    },
  )
  .get("/progress", async (c) => c.json(await scaleProgress(c.env, easternDateTime(new Date()).date)))
  .post(
    "/sample",
    vValidator("json", v.object({ from: v.pipe(v.number(), v.integer(), v.minValue(1)), count }), refuseInvalid),
    async (c) => {
      const { from, count } = c.req.valid("json");
      return c.json(
        await scaleSample(
          c.env,
          Array.from({ length: count }, (_, k) => from + k),
        ),
      );
    },
  )
  .post(
    "/sweep",
    vValidator("json", v.object({ lost: v.pipe(v.number(), v.integer(), v.minValue(0)) }), refuseInvalid),
    async (c) => c.json(await timeSweep(c.env, c.req.valid("json").lost, Date.now())),
  );
