import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { drawBlockMessages } from "#domain/rules/standing";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower, demoBorrowers } from "../../functions/servicing/demo";
import { drawNote } from "../../functions/servicing/posting";
import { lineStub, onLine } from "./helpers/line-object";

/**
 * Draws on the embedded platform: the draw, its ledger rows and its note are
 * one transaction in the line's object, and every draw block of spec file 3, section 8 is refused by the
 * server itself, whatever a page shows.
 */
const { account, auth } = catalogue;
const db = database(env.DB);
const TIMEOUT = 60_000;

type Like = "current" | "pastdue" | "chargedoff" | "washington" | "closed";

/** A copy of a demo borrower (its own line and history), logged in on the platform. */
async function borrower(like: Like) {
  const template = demoBorrowers.find((b) => b.email.startsWith(`${like}@`))!;
  const made = (await copyDemoBorrower(db, env, template.email))!;
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  expect((await session.call(auth.Login, { userName: made.email, password: made.password })).customerLoginResults).toBe(
    1,
  );
  const summary = await session.call(account.GetSummary, {});
  return {
    session,
    customerId: made.customerId,
    applNo: summary.accountHeader.applNo,
    available: summary.accountHeader.availableCredit,
  };
}

const today = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });

function draw(session: PlatformClient, applNo: number, amount: number, key: string = crypto.randomUUID()) {
  return session.call(
    account.PostTransaction,
    { applNo, transactionDate: today(), transactionAmount: amount, transactionCode: "D" },
    { idempotencyKey: key },
  );
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  expect((error as PlatformError).kind).toBe("rejected");
  return (error as PlatformError).message.replace(/^[^:]+: /, "");
}

/** The notes written with the line's postings, where the line lives (its object: the draw and its note are one transaction there). */
function notesOf(applNo: number, customerId: string) {
  return onLine<{ note: string; is_urgent: number }>(
    applNo,
    "SELECT note, is_urgent FROM notes WHERE customer_id = ? ORDER BY id",
    customerId,
  );
}

/** The notes the servicing desk reads, in the shared database. */
async function deskNotesOf(customerId: string) {
  const { results } = await env.DB.prepare("SELECT note FROM notes WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<{ note: string }>();
  return results.map((r) => r.note);
}

function drawsOf(applNo: number) {
  return onLine<{ id: number; amount_cents: number }>(
    applNo,
    "SELECT id, amount_cents FROM transactions WHERE line_id = ? AND code = 'D' ORDER BY created_at",
    applNo,
  );
}

describe("the draw note (spec file 3, section 4)", () => {
  it("says the amount and the Eastern time", () => {
    // 2026-11-23 19:44 Eastern (UTC-5): just before the cut-off.
    expect(drawNote(12_500, new Date("2026-11-24T00:44:00Z"))).toBe(
      "Draw request of $125.00 on 2026-11-23 at 7:44 p.m. Eastern",
    );
    expect(drawNote(100_000, new Date("2026-07-01T13:05:00Z"))).toBe(
      "Draw request of $1,000.00 on 2026-07-01 at 9:05 a.m. Eastern",
    );
  });

  it(
    "is saved with the draw, not urgent, once per idempotency key",
    async () => {
      const b = await borrower("current");
      const notesBefore = await notesOf(b.applNo, b.customerId);
      const drawsBefore = await drawsOf(b.applNo);
      const key = crypto.randomUUID();
      const first = await draw(b.session, b.applNo, 12_500, key);
      const again = await draw(b.session, b.applNo, 12_500, key);
      expect(again).toEqual(first);

      const notes = (await notesOf(b.applNo, b.customerId)).slice(notesBefore.length);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.note).toMatch(
        /^Draw request of \$125\.00 on \d{4}-\d{2}-\d{2} at \d{1,2}:\d{2} [ap]\.m\. Eastern$/,
      );
      expect(notes[0]!.is_urgent).toBe(0);
      const draws = (await drawsOf(b.applNo)).slice(drawsBefore.length);
      expect(draws).toEqual([{ id: first.paymentTransactionId, amount_cents: 12_500 }]);
      const summary = await b.session.call(account.GetSummary, {});
      expect(summary.accountHeader.availableCredit).toBe(b.available - 12_500);
      // Copied to the shared notes the desk reads once the draw has answered, and kept there once.
      await vi.waitFor(async () => expect(await deskNotesOf(b.customerId)).toContain(notes[0]!.note), {
        timeout: 5_000,
      });
      await lineStub(b.applNo).service();
      expect((await deskNotesOf(b.customerId)).filter((n) => n === notes[0]!.note)).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    "is not written for a refused draw, nor for racing draws that lost",
    async () => {
      const b = await borrower("current");
      const notesBefore = (await notesOf(b.applNo, b.customerId)).length;
      const drawsBefore = (await drawsOf(b.applNo)).length;
      expect(await refusal(draw(b.session, b.applNo, 11_000))).toBe("Draws must be in $25 increments.");
      // Three draws of which only one fits: the losers' notes must not be saved either.
      const amount = Math.floor(b.available / 2_500) * 2_500;
      const results = await Promise.allSettled([1, 2, 3].map(() => draw(b.session, b.applNo, amount)));
      const posted = results.filter((r) => r.status === "fulfilled").length;
      expect(posted).toBe(1);
      expect((await drawsOf(b.applNo)).length - drawsBefore).toBe(1);
      expect((await notesOf(b.applNo, b.customerId)).length - notesBefore).toBe(1);
    },
    TIMEOUT,
  );
});

describe("the platform refuses blocked draws (spec file 3, section 8)", () => {
  it(
    "past due",
    async () => {
      const b = await borrower("pastdue");
      expect(await refusal(draw(b.session, b.applNo, 10_000))).toBe(drawBlockMessages.pastDue);
    },
    TIMEOUT,
  );

  it(
    "charged off",
    async () => {
      const b = await borrower("chargedoff");
      expect(await refusal(draw(b.session, b.applNo, 10_000))).toBe(drawBlockMessages.chargedOff);
    },
    TIMEOUT,
  );

  it(
    "Washington residents, and the summary says so",
    async () => {
      const b = await borrower("washington");
      const summary = await b.session.call(account.GetSummary, {});
      expect(summary.accountConfig).toMatchObject({
        isEligibleForDraw: false,
        drawMessage: "Draws are unavailable in your state.",
      });
      expect(await refusal(draw(b.session, b.applNo, 10_000))).toBe("Draws are unavailable in your state.");
      expect(await drawsOf(b.applNo)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "accounts no longer open (not eligible)",
    async () => {
      const b = await borrower("closed");
      expect(await refusal(draw(b.session, b.applNo, 10_000))).toBe(drawBlockMessages.notEligible);
    },
    TIMEOUT,
  );

  it(
    "not enough available credit for the minimum draw",
    async () => {
      const b = await borrower("current");
      // Draw down to less than $100 available, in $25 steps.
      const leave = 7_500 + (b.available % 2_500);
      await draw(b.session, b.applNo, b.available - leave);
      const summary = await b.session.call(account.GetSummary, {});
      expect(summary.accountHeader.availableCredit).toBe(leave);
      expect(summary.accountConfig).toMatchObject({
        isEligibleForDraw: false,
        drawMessage: drawBlockMessages.notEnoughCredit,
      });
      expect(await refusal(draw(b.session, b.applNo, 10_000))).toBe(drawBlockMessages.notEnoughCredit);
    },
    TIMEOUT,
  );

  it(
    "amounts off the rules: below the minimum, off the increment, above available credit",
    async () => {
      const b = await borrower("current");
      expect(await refusal(draw(b.session, b.applNo, 7_500))).toBe("The minimum draw is $100.");
      expect(await refusal(draw(b.session, b.applNo, 12_550))).toBe("Draws must be in $25 increments.");
      const over = (Math.floor(b.available / 2_500) + 1) * 2_500;
      expect(await refusal(draw(b.session, b.applNo, over))).toBe(
        "Your draw amount cannot exceed your available credit.",
      );
    },
    TIMEOUT,
  );
});
