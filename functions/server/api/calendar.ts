import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import * as v from "valibot";
import { fedHolidays } from "#domain/calendar";
import type { ApiEnv } from "./types";

const Year = v.object({
  year: v.pipe(
    v.string(),
    v.regex(/^\d{4}$/, "year must be four digits"),
    v.transform(Number),
    v.minValue(2000, "year must be 2000 or later"),
    v.maxValue(2100, "year must be 2100 or earlier"),
  ),
});

/** The year's observed Federal Reserve holidays, for the payment calendar widget. */
export const calendarApi = new Hono<ApiEnv>().get(
  "/holidays",
  vValidator("query", Year, (result, c) => {
    if (!result.success) return c.json({ error: result.issues[0]?.message ?? "Invalid year." }, 400);
  }),
  (c) => {
    c.header("Cache-Control", "public, max-age=86400");
    return c.json(fedHolidays(c.req.valid("query").year));
  },
);
