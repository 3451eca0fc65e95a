import { Hono } from "hono";
import type { ApiEnv } from "./types";

/** The caller's IP and country, read from the edge request itself. */
export const geo = new Hono<ApiEnv>().get("/", (c) => {
  const { ip, country } = c.var.client;
  c.header("Cache-Control", "private, no-store");
  return c.json({ ip, country });
});
