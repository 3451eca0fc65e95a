import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { settings } from "#db/schema/servicing";
import type { CoreEnv as Env } from "./env";

/**
 * The servicing clock. Production runs on real time; in development a
 * person may move it forward (npm run clock -- +30d, or /dev/clock) to watch
 * statements, due dates, delinquency and charge-off happen.
 */
const OFFSET_KEY = "clock_offset_ms";
/** The offset is read at most this often per isolate. */
const CACHE_MS = 1_000;
let cached: { offsetMs: number; readAt: number } | undefined;

export async function clockOffset(env: Pick<Env, "ENVIRONMENT">, db: Database): Promise<number> {
  if (env.ENVIRONMENT !== "development") return 0;
  const now = Date.now();
  if (cached && now - cached.readAt < CACHE_MS) return cached.offsetMs;
  const row = await db.select().from(settings).where(eq(settings.key, OFFSET_KEY)).get();
  cached = { offsetMs: row ? Number(row.value) : 0, readAt: now };
  return cached.offsetMs;
}

export async function currentTime(env: Pick<Env, "ENVIRONMENT">, db: Database): Promise<Date> {
  return new Date(Date.now() + (await clockOffset(env, db)));
}

/** Moves the development clock (never backwards past real time). */
export async function setClockOffset(env: Pick<Env, "ENVIRONMENT">, db: Database, offsetMs: number): Promise<void> {
  if (env.ENVIRONMENT !== "development") throw new Error("The clock only moves in development.");
  const value = String(Math.max(0, Math.round(offsetMs)));
  await db
    .insert(settings)
    .values({ key: OFFSET_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  cached = undefined;
}

/** Parses "+30d", "+12h", "+90m" into milliseconds. */
export function parseClockStep(step: string): number | null {
  const match = step.trim().match(/^\+?(\d+)([dhm])$/);
  if (!match) return null;
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as "d" | "h" | "m"];
  return Number(match[1]) * unit;
}
