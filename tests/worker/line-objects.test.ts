/**
 * Each line of credit in its own Durable Object (decision record 032): its
 * storage answers the core's queries as D1 does, a batch is one transaction,
 * its alarm services it and is set to its next event, the directory learns
 * when, the sweeper finds a line whose alarm was lost, and the line's events
 * reach a consumer once each and in order, even after a crash between the
 * posting and the hand-over.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { easternDateTime, easternMidnight } from "#domain/calendar";
import { consumeLineEvents } from "../../functions/servicing/event-consumers";
import { handOverEvents, type LineEvent } from "../../functions/servicing/events";
import { directoryWrites } from "../../functions/servicing/objects/directory-events";
import { consumeLinesQueue } from "../../functions/servicing/objects/host";
import type { LineAnswer } from "../../functions/servicing/objects/line-calls";
import { alarmOffsetMs, type LineLedger } from "../../functions/servicing/objects/line-ledger";
import { migrateObject } from "../../functions/servicing/objects/schema";
import { SWEEP_GRACE_MS, sweepLines, wakeLines } from "../../functions/servicing/objects/sweeper";
import type { LineWake } from "../../functions/servicing/objects/types";
import { lineInObject, lineStub } from "./helpers/line-object";

/** A queue that keeps what it is given, in order. */
function keepingQueue<T>() {
  const sent: T[] = [];
  const queue = {
    send: async (body: T) => void sent.push(body),
    sendBatch: async (messages: Iterable<{ body: T }>) => {
      for (const m of messages) sent.push(m.body);
    },
  } as unknown as Queue<T>;
  return { queue, sent };
}

/** Deliveries as a queue consumer receives them, remembering which were acknowledged and which retried. */
function delivered(events: LineEvent[]) {
  const outcome = { acked: [] as string[], retried: [] as string[] };
  const messages = events.map((body) => ({
    body,
    ack: () => void outcome.acked.push(body.id),
    retry: () => void outcome.retried.push(body.id),
  }));
  return { messages, outcome };
}

const directoryRow = (lineId: number) =>
  env.DB.prepare("SELECT * FROM line_directory WHERE line_id = ?")
    .bind(lineId)
    .first<{ status: string; next_alarm_at: number | null; serviced_through: string | null; store: string }>();

describe("a line's object answers the core's queries as D1 does", () => {
  it("runs a batch as one transaction: a failing statement leaves none of the batch", async () => {
    const stub = lineStub(1);
    await runInDurableObject(stub, async (object: LineLedger) => {
      const d1 = object.d1;
      await expect(
        d1.batch([
          d1.prepare("INSERT INTO settings (key, value) VALUES (?, ?)").bind("kept?", "1"),
          d1.prepare("INSERT INTO settings (key, value) VALUES (?, ?)").bind("kept?", "2"),
        ]),
      ).rejects.toThrow();
      expect(await d1.prepare("SELECT COUNT(*) AS n FROM settings WHERE key = 'kept?'").first("n")).toBe(0);
      const changed = await d1.prepare("INSERT INTO settings (key, value) VALUES (?, ?)").bind("one", "1").run();
      expect(changed.meta.changes).toBe(1);
      const none = await d1.prepare("UPDATE settings SET value = '2' WHERE key = 'none'").run();
      expect(none.meta.changes).toBe(0);
    });
  });
});

describe("a line's object reads its rows again once anything is written", () => {
  it("answers a summary from its last read while nothing changed, and from storage after any write", async () => {
    const { lineId, customerId, stub } = await lineInObject(3);
    const nowMs = Date.now();
    // Serviced through today first, so a summary has no day to service (a servicing write would read again anyway).
    await stub.service(nowMs, { arm: false });
    const summary = async () => {
      // RPC types an answer's `unknown` body as never: the object's LineAnswer, as the host reads it.
      const answer = (await stub.call({ call: "GetSummary", customer: null, nowMs })) as unknown as LineAnswer;
      expect(answer.status).toBe(200);
      return answer.body as { accountHeader: { accountBalance: number }; accountProfile: { address1: string } };
    };
    const first = await summary();
    expect(first.accountHeader.accountBalance).toBeGreaterThanOrEqual(30_000);
    expect(await summary()).toEqual(first);
    // A write that no core code makes (storage's own SQL, as a test's set-up or a row copy writes).
    await runInDurableObject(stub, async (_: LineLedger, state) => {
      state.storage.sql.exec(
        "INSERT INTO ledger_entries (id, line_id, kind, amount_cents, effective_date, posted_at, description) VALUES (?, ?, 'draw', 5000, ?, ?, 'Draw')",
        `D${lineId}-2`,
        lineId,
        easternDateTime(new Date(nowMs)).date,
        nowMs,
      );
    });
    expect((await summary()).accountHeader.accountBalance).toBe(first.accountHeader.accountBalance + 5_000);
    // The customer's copy changed through the core's own code: the next summary shows it.
    await runInDurableObject(stub, async (object: LineLedger) => {
      await object.d1.prepare("UPDATE customers SET address1 = '2 Moved Street' WHERE id = ?").bind(customerId).run();
    });
    expect((await summary()).accountProfile.address1).toBe("2 Moved Street");
  });
});

describe("an object made before its tables grew", () => {
  it("builds a table the objects began to keep later with a new object's shape, and keeps its other rows", async () => {
    const shapeOf = (state: DurableObjectState, table: string) =>
      state.storage.sql
        .exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE tbl_name = ? ORDER BY name", table)
        .toArray()
        .map((r) => r.sql);
    const fresh = await runInDurableObject(lineStub(2), async (_: LineLedger, state) =>
      shapeOf(state, "signed_documents"),
    );
    expect(fresh.join()).toContain("CREATE TABLE `signed_documents`");
    expect(fresh.join()).toContain("signed_documents_line");
    await runInDurableObject(lineStub(3), async (_: LineLedger, state) => {
      const sql = state.storage.sql;
      // As an object made before the signed agreements moved with a line: its migrations all applied, the table absent.
      sql.exec("DROP TABLE signed_documents");
      sql.exec("INSERT INTO settings (key, value) VALUES ('kept', 'yes')");
      expect(shapeOf(state, "signed_documents")).toEqual([]);
      expect(migrateObject(state.storage)).toBe(0);
      expect(shapeOf(state, "signed_documents")).toEqual(fresh);
      expect(sql.exec("SELECT value FROM settings WHERE key = 'kept'").one().value).toBe("yes");
    });
  });
});

describe("an object's migrations", () => {
  it("applies the shared chain, then its own, recording the own chain's baseline without running it", async () => {
    await runInDurableObject(lineStub(4), async (_: LineLedger, state) => {
      const sql = state.storage.sql;
      const names = sql
        .exec<{ name: string }>("SELECT name FROM object_migrations ORDER BY rowid")
        .toArray()
        .map((r) => r.name);
      expect(names).toContain("0028_drop_line_tables");
      // Every shared migration first, then the objects' own chain from its baseline, in order.
      const own = names.filter((n) => n.startsWith("line/"));
      expect(own[0]).toBe("line/0000_baseline");
      expect(names.slice(-own.length)).toEqual(own);
      expect(own).toEqual([...own].sort());
      expect(names.indexOf("0028_drop_line_tables")).toBeLessThan(names.indexOf("line/0000_baseline"));
      // The shared database's drop never reached the object: its ledger's table is there, and so are the others.
      const tables = sql
        .exec<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('ledger_entries', 'transactions', 'statements', 'notices', 'line_events')",
        )
        .toArray();
      expect(tables).toHaveLength(5);
      expect(migrateObject(state.storage)).toBe(0);
    });
  });
});

describe("each line services itself", () => {
  it("services every day it is behind, sets its alarm to its next event, and tells the directory", async () => {
    const { lineId, stub } = await lineInObject(40);
    const served = await stub.service();
    const today = easternDateTime(new Date()).date;
    expect(served.lines).toBe(1);
    expect(served.statementsIssued).toBeGreaterThanOrEqual(1);
    expect(served.servicedThrough).toBe(today);
    expect(served.nextAlarmAt).toBeGreaterThan(Date.now());
    // The alarm is a moment after an Eastern midnight, spread by line id: early in the next event's day.
    const alarmDay = easternDateTime(new Date(served.nextAlarmAt!)).date;
    expect(served.nextAlarmAt! - easternMidnight(alarmDay).getTime()).toBe(alarmOffsetMs(lineId));
    expect(alarmOffsetMs(lineId)).toBeLessThan(245 * 60_000);
    await runInDurableObject(stub, async (_object, state) => {
      expect(await state.storage.getAlarm()).toBe(served.nextAlarmAt);
    });
    expect(await directoryRow(lineId)).toMatchObject({
      status: "open",
      store: "object",
      next_alarm_at: served.nextAlarmAt,
      serviced_through: today,
    });
    // Idempotent: the alarm firing again today services nothing twice.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const again = await stub.service();
    expect(again).toMatchObject({ paymentsPosted: 0, statementsIssued: 0, servicedThrough: today });
  });

  it("a lost alarm is found by the sweeper and the line is serviced on the next sweep", async () => {
    const lost = await lineInObject(20);
    const kept = await lineInObject(20);
    await lost.stub.service();
    await kept.stub.service();
    // The lost line's alarm is deleted; the directory still says when it was due (an hour past the grace).
    await runInDurableObject(lost.stub, (_object, state) => state.storage.deleteAlarm());
    const due = Date.now() - SWEEP_GRACE_MS - 3_600_000;
    await env.DB.prepare("UPDATE line_directory SET next_alarm_at = ? WHERE line_id = ?").bind(due, lost.lineId).run();

    const wake = keepingQueue<LineWake>();
    const swept = await sweepLines({ ...env, LINE_WAKE: wake.queue }, Date.now());
    expect(wake.sent.map((w) => w.lineId)).toContain(lost.lineId);
    expect(wake.sent.map((w) => w.lineId)).not.toContain(kept.lineId);
    expect(swept.overdue).toBe(wake.sent.length);

    const { messages, outcome } = delivered(wake.sent as unknown as LineEvent[]);
    await wakeLines({ queue: "ridgeline-line-wake-local", messages } as unknown as MessageBatch<LineWake>, env);
    expect(outcome.acked).toHaveLength(wake.sent.length);
    await runInDurableObject(lost.stub, async (_object, state) => {
      expect(await state.storage.getAlarm()).toBeGreaterThan(Date.now());
    });
    expect((await directoryRow(lost.lineId))!.next_alarm_at).toBeGreaterThan(Date.now());
    const again = keepingQueue<LineWake>();
    await sweepLines({ ...env, LINE_WAKE: again.queue }, Date.now());
    expect(again.sent.map((w) => w.lineId)).not.toContain(lost.lineId);
  });
});

describe("events out of each line", () => {
  it("records the run's events in the posting's transaction, numbered per line from 1", async () => {
    const { lineId, stub } = await lineInObject(40);
    await stub.service();
    await runInDurableObject(stub, async (object: LineLedger) => {
      const { results } = await object.d1
        .prepare("SELECT seq, kind FROM line_events WHERE line_id = ? ORDER BY seq")
        .bind(lineId)
        .all<{ seq: number; kind: string }>();
      expect(results.map((r) => r.seq)).toEqual(results.map((_, i) => i + 1));
      expect(results.map((r) => r.kind)).toContain("statement_issued");
    });
  });

  it("a consumer applies each event once and in order, after a crash between the posting and the hand-over", async () => {
    const { lineId, stub } = await lineInObject(70);
    await stub.service();
    const handed = keepingQueue<LineEvent>();
    await runInDurableObject(stub, async (object: LineLedger) => {
      // The posting's transaction committed and the process died before its hand-over: nothing is marked.
      await object.d1.prepare("UPDATE line_events SET handed_at = NULL").run();
      // The next hand-over sends, then "crashes" before marking: its mark is undone, so the one after sends again.
      await handOverEvents(object.d1, handed.queue, lineId);
      await object.d1.prepare("UPDATE line_events SET handed_at = NULL").run();
      await handOverEvents(object.d1, handed.queue, lineId);
      expect(await handOverEvents(object.d1, handed.queue, lineId)).toBe(0);
    });
    const events = handed.sent;
    const count = events.length / 2;
    expect(count).toBeGreaterThanOrEqual(3);
    // What the consumer did, in the order it did it: each event appends its seq to one row.
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES (?, '')").bind(`order-${lineId}`).run();
    const apply = (event: LineEvent) => [
      {
        sql: "UPDATE settings SET value = value || ? WHERE key = ? AND",
        params: [`${event.seq},`, `order-${lineId}`],
      },
    ];
    // Delivered twice over, the second half first and out of order: gaps wait, repeats are skipped.
    const shuffled = [...events.slice(count).reverse(), ...events.slice(0, count)];
    let rounds = 0;
    let pending = shuffled;
    while (pending.length > 0 && rounds++ < 2 * events.length) {
      const { messages, outcome } = delivered(pending);
      for (const m of messages) await consumeLineEvents(env.DB, "test", [m], apply);
      pending = pending.filter((e) => outcome.retried.includes(e.id));
    }
    const order = await env.DB.prepare("SELECT value FROM settings WHERE key = ?")
      .bind(`order-${lineId}`)
      .first("value");
    expect(order).toBe(Array.from({ length: count }, (_, i) => `${i + 1},`).join(""));
  });

  it("racing deliveries of one event apply it once", async () => {
    const event: LineEvent = { id: "9:1", lineId: 9, seq: 1, kind: "line_opened", day: "2026-11-02", at: 1, data: {} };
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('race', '')").run();
    const apply = () => [{ sql: "UPDATE settings SET value = value || 'x' WHERE key = 'race' AND", params: [] }];
    await Promise.all(
      Array.from({ length: 5 }, () => consumeLineEvents(env.DB, "race", delivered([event]).messages, apply)),
    );
    expect(await env.DB.prepare("SELECT value FROM settings WHERE key = 'race'").first("value")).toBe("x");
  });

  it("the directory consumer learns a line's status from its events", async () => {
    const opened: LineEvent = {
      id: "77:1",
      lineId: 77,
      seq: 1,
      kind: "line_opened",
      day: "2026-11-02",
      at: 1,
      data: { customerId: "c-77" },
    };
    const closed: LineEvent = { ...opened, id: "77:2", seq: 2, kind: "closed", data: { reason: "requested" } };
    await consumeLineEvents(env.DB, "directory", delivered([opened]).messages, directoryWrites);
    expect((await directoryRow(77))!.status).toBe("open");
    await consumeLineEvents(env.DB, "directory", delivered([closed, closed]).messages, directoryWrites);
    expect(await directoryRow(77)).toMatchObject({ status: "closed", next_alarm_at: null });
  });

  it("a dead-lettered event hands its line's events over again from the first one not applied", async () => {
    const { lineId, stub } = await lineInObject(40);
    await stub.service();
    await env.DB.prepare("UPDATE line_directory SET store = 'object' WHERE line_id = ?").bind(lineId).run();
    // Every event was handed; the directory applied only the first.
    await runInDurableObject(stub, async (object: LineLedger) => {
      await object.d1.prepare("UPDATE line_events SET handed_at = 1").run();
    });
    await env.DB.prepare(
      "INSERT INTO line_event_cursors (consumer, line_id, applied_seq, updated_at) VALUES ('directory', ?, 1, 1)",
    )
      .bind(lineId)
      .run();
    const before = await stub.rowsOf(["line_events"]);
    expect(before.line_events!.length).toBeGreaterThanOrEqual(3);
    const last = before.line_events!.at(-1)!;
    const dead: LineEvent = {
      id: String(last.id),
      lineId,
      seq: Number(last.seq),
      kind: "draw",
      day: "",
      at: 1,
      data: {},
    };
    let acked = false;
    await consumeLinesQueue(
      {
        queue: "ridgeline-line-events-local-dlq",
        messages: [{ body: dead }],
        ackAll: () => {
          acked = true;
        },
      } as unknown as MessageBatch<unknown>,
      env,
    );
    const after = await stub.rowsOf(["line_events"]);
    // The object hands them over again at once: the first, applied, is left as it was.
    for (const row of after.line_events!)
      if (Number(row.seq) === 1) expect(Number(row.handed_at), "event 1").toBe(1);
      else expect(Number(row.handed_at), `event ${row.seq}`).toBeGreaterThan(1);
    expect(acked).toBe(true);
  });
});
