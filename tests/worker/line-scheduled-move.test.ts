/**
 * An environment's lines opened before the objects became its default are moved by the scheduled
 * run, a bounded batch a run from a kept cursor, each verified as `db:move-lines` verifies it
 * (decision record 032).
 */
import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { RELEASE_GATES } from "#db/release-gates";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import worker from "#server/worker";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { moveOpenedLinesOf } from "../../functions/servicing/objects/move";
import { moveLinesOnSchedule } from "../../functions/servicing/objects/scheduled-move";
import { signedInBorrower } from "./helpers/borrowers";

const stillInD1 = async () =>
  (
    await env.DB.prepare("SELECT id FROM lines WHERE status != 'moved' AND opened_at IS NOT NULL ORDER BY id").all<{
      id: number;
    }>()
  ).results.map((r) => r.id);

/** The borrower's summary figures, as the portal reads them, wherever the line lives. */
async function figures(b: { email: string; password: string }) {
  const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
  const { accountHeader } = await platform.call(catalogue.account.GetSummary, {});
  return accountHeader;
}

describe("the scheduled move of lines still in D1", () => {
  it("moves a bounded batch a run from a kept cursor, each with the same figures, until none is left", async () => {
    const borrowers = [];
    for (const like of ["current", "pastdue", "chargedoff"] as const)
      borrowers.push(await signedInBorrower(like, { store: "d1" }));
    const mine = borrowers.map((b) => b.applNo);
    expect((await stillInD1()).filter((id) => mine.includes(id))).toHaveLength(3);
    const before = await Promise.all(borrowers.map(figures));
    const now = Date.now();

    // Two a run here: the first run takes the first two after the cursor, the next the rest.
    let moved = 0;
    for (let run = 0; run < 10 && (await stillInD1()).length > 0; run++) {
      const report = await moveLinesOnSchedule(env, now, 2);
      expect(report.linesMoved).toBeLessThanOrEqual(2);
      expect(report.movesRefused).toBe(0);
      moved += report.linesMoved;
    }
    expect(await stillInD1()).toEqual([]);
    expect(moved).toBeGreaterThanOrEqual(3);
    for (const id of mine) {
      const entry = await env.DB.prepare("SELECT store FROM line_directory WHERE line_id = ?").bind(id).first("store");
      expect(entry, String(id)).toBe("object");
    }
    // Every figure the portal shows is the same, now read from the object.
    expect(await Promise.all(borrowers.map(figures))).toEqual(before);
    // Nothing left: a run moves nothing, and the cursor has started over.
    expect(await moveLinesOnSchedule(env, now, 2)).toEqual({ linesMoved: 0, movesRefused: 0 });
    expect(await env.DB.prepare("SELECT value FROM settings WHERE key = 'line_move_cursor'").first("value")).toBe("0");
  });

  it("goes past a line that cannot be moved: the cursor moves on, the line stays in D1, and the next pass tries it again", async () => {
    const borrowers = [];
    for (let i = 0; i < 3; i++) borrowers.push(await signedInBorrower("current", { store: "d1" }));
    const [broken, ...others] = borrowers.sort((a, b) => a.applNo - b.applNo);
    // A line whose customer row is gone: its figures cannot be read, so its move fails.
    await env.DB.prepare("UPDATE lines SET customer_id = 'nobody-at-all' WHERE id = ?").bind(broken!.applNo).run();
    let refused = 0;
    for (let run = 0; run < 12 && others.some(() => true); run++) {
      const report = await moveLinesOnSchedule(env, Date.now(), 1);
      refused += report.movesRefused;
      const left = await stillInD1();
      if (others.every((o) => !left.includes(o.applNo))) break;
    }
    const left = await stillInD1();
    expect(others.filter((o) => left.includes(o.applNo))).toEqual([]);
    expect(left).toContain(broken!.applNo);
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(
      await env.DB.prepare("SELECT store FROM line_directory WHERE line_id = ?").bind(broken!.applNo).first(),
    ).toBeNull();
  });

  it("keeps the release that drops the shared line tables waiting until the last opened line is moved", async () => {
    const gate = RELEASE_GATES["every-line-moved"];
    const count = async () => (await env.DB.prepare(gate.sql).first<{ n: number }>())!.n;
    const b = await signedInBorrower("pastdue", { store: "d1" });
    expect(await count()).toBe((await stillInD1()).length);
    expect(await count()).toBeGreaterThanOrEqual(1);
    await moveOpenedLinesOf(env, b.customerId, Date.now());
    expect(await stillInD1()).not.toContain(b.applNo);
    expect(await count()).toBe((await stillInD1()).length);
  });

  it("runs with the Worker's scheduled handler, counted in the run's log line", async () => {
    const b = await signedInBorrower("owing", { store: "d1" });
    // A pass from the start (the earlier tests left the cursor where their last batch ended).
    await env.DB.prepare("DELETE FROM settings WHERE key = 'line_move_cursor'").run();
    const logged: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: unknown) => void logged.push(String(line)));
    try {
      await worker.scheduled(createScheduledController(), env);
    } finally {
      spy.mockRestore();
    }
    expect(await stillInD1()).not.toContain(b.applNo);
    const run = logged.filter((l) => l.startsWith('{"event":"servicing-run"')).map((l) => JSON.parse(l));
    // The line left broken above is refused again, and counted.
    expect(run).toEqual([expect.objectContaining({ linesMoved: expect.any(Number), movesRefused: 1 })]);
    expect(run[0].linesMoved).toBeGreaterThanOrEqual(1);
  });

  it("reports a line that cannot be moved in development's moves too, and goes on", async () => {
    const [broken, other] = [
      await signedInBorrower("current", { store: "d1" }),
      await signedInBorrower("current", { store: "d1" }),
    ];
    await env.DB.prepare("UPDATE lines SET customer_id = 'nobody-either' WHERE id = ?").bind(broken.applNo).run();
    await env.DB.prepare("UPDATE lines SET customer_id = 'nobody-either' WHERE id = ?").bind(other.applNo).run();
    // Both lines now belong to a customer that does not exist: neither can be read, and neither throws.
    const outcomes = await moveOpenedLinesOf(env, "nobody-either", Date.now());
    expect(outcomes.map((o) => o.outcome)).toEqual(["refused", "refused"]);
    expect(outcomes[0]!.differences![0]).toMatch(/^the move failed/);
    expect(await stillInD1()).toEqual(expect.arrayContaining([broken.applNo, other.applNo]));
  });
});
