import type { CoreEnv } from "../env";
import { moveLines } from "./move";

export interface ScheduledMoveReport {
  /** Lines moved into their objects by this run, each verified first. */
  linesMoved: number;
  /** Lines the verification refused (or a posting changed meanwhile): they stay in D1, tried again next pass. */
  movesRefused: number;
}

/** Lines a run moves at most: each is a copy and a comparison, a few D1 trips and three object calls. */
export const MOVES_PER_RUN = 25;
const CURSOR_KEY = "line_move_cursor";

/**
 * An environment's lines opened before the objects became its default, moved a bounded batch a run
 * (decision record 032): every 15 minutes, `MOVES_PER_RUN` lines after the cursor kept in
 * `settings`, so a refused line never holds the rest back. A short batch reached the end: the
 * cursor starts over, and the next pass tries a refused line again. Nothing to move costs the
 * cursor's read and one of an empty index (`lines_in_d1`).
 */
export async function moveLinesOnSchedule(
  env: CoreEnv,
  nowMs: number,
  limit = MOVES_PER_RUN,
): Promise<ScheduledMoveReport> {
  const kept = await env.DB.prepare("SELECT value FROM settings WHERE key = ?").bind(CURSOR_KEY).first<string>("value");
  const batch = await moveLines(env, { after: Number(kept ?? 0), limit, nowMs });
  const next = batch.outcomes.length < limit ? 0 : (batch.after ?? 0);
  if (String(next) !== (kept ?? "0"))
    await env.DB.prepare(
      "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
      .bind(CURSOR_KEY, String(next))
      .run();
  const count = (...kinds: string[]) => batch.outcomes.filter((o) => kinds.includes(o.outcome)).length;
  return { linesMoved: count("moved"), movesRefused: count("refused", "changed during the move") };
}
