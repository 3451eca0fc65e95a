import { Hono } from "hono";
import type { ApiEnv } from "./types";

/**
 * Liveness for load balancers and the benchmark: no storage touched, and no
 * rate limit (probes come often from few addresses).
 */
export const health = new Hono<ApiEnv>().get("/", (c) => c.json({ status: "ok" }));
