import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { database } from "#db/client";
import { emailAddress } from "#domain/rules/email";
import { embeddedTransport, usesUpstream } from "#platform";
import {
  clockOffset,
  copyDemoBorrower,
  currentTime,
  DEMO_PASSWORD,
  demoBorrowers,
  devReturnPayment,
  endPlatformTokens,
  latestOutbox,
  ledgerFor,
  parseClockStep,
  recordsFor,
  runNoticesDaily,
  ServicingError,
  seedBenchAccounts,
  seedDemoBorrowers,
  serviceObjectLines,
  setClockOffset,
  withLineHomes,
} from "#servicing";
import { count } from "../http/metrics";
import { runPostbacks } from "../leads/postback-run";
import { NoBody, refuseInvalid } from "./body-limits";
import { measurePlatform, requestPasscodes } from "./dev-bench";
import { devScaleApi } from "./dev-scale";
import type { ApiEnv } from "./types";

/** Development tools only: every route answers 404 in preview and production. */
const developmentOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.env.ENVIRONMENT !== "development") return c.json({ error: "Not found" }, 404);
  await next();
});

/**
 * These tools read and write the embedded platform's tables. A site pointed at
 * an upstream platform keeps none of that data, so seeding it here would do
 * nothing useful: the platform's own server answers the same /api/dev paths
 * (functions/server/platform-worker.ts).
 */
const embeddedPlatformOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (usesUpstream(c.env))
    return c.json({ error: "This site uses an upstream platform: use that platform's /api/dev tools." }, 409);
  await next();
});

export const devApi = new Hono<ApiEnv>()
  .use(developmentOnly)
  .use(embeddedPlatformOnly)
  .route("/bench/scale", devScaleApi)
  .post("/seed", vValidator("json", NoBody, refuseInvalid), async (c) => {
    // Each opened line opens in its own object with its history (decision record 032).
    const created = await seedDemoBorrowers(database(c.env.DB), c.env);
    return c.json({
      created,
      password: DEMO_PASSWORD,
      borrowers: demoBorrowers.map((b) => ({
        email: b.email,
        standing: b.standing,
        last4SSN: b.ssn.slice(-4),
        dob: b.dob,
      })),
    });
  })
  // A fresh borrower shaped like a demo borrower, for browser tests that change an account.
  // repaymentMethod switches the copy after its history (as a borrower revoking EFT by phone would):
  // "K" on a copy of a current EFT borrower gives a current paper-check borrower, whom no demo borrower is.
  .post(
    "/borrower",
    vValidator(
      "json",
      v.object({
        like: v.picklist(
          demoBorrowers.map((b) => b.email),
          "Unknown demo borrower.",
        ),
        // Its history shifted: opened this many days ago (a test places a due date on a day it chooses).
        openedDaysAgo: v.optional(
          v.pipe(v.number("openedDaysAgo is a number of days."), v.integer(), v.minValue(1), v.maxValue(730)),
        ),
        // A: automatic EFT payments; K: paper check (applied after the copied history).
        repaymentMethod: v.optional(v.picklist(["A", "K"], "repaymentMethod is A or K.")),
      }),
      (result, c) => {
        if (!result.success) return c.json({ error: result.issues[0]?.message }, 400);
      },
    ),
    async (c) => {
      const { like, openedDaysAgo, repaymentMethod } = c.req.valid("json");
      const db = database(c.env.DB);
      // Its line opens in its own object with its history, like the demo book's (decision record 032).
      const made = await copyDemoBorrower(db, c.env, like, Date.now(), { openedDaysAgo, repaymentMethod });
      if (!made) return c.json({ error: "Unknown demo borrower." }, 400);
      return c.json(made, 201);
    },
  )
  .post(
    "/bench/seed",
    vValidator(
      "json",
      v.object({
        from: v.pipe(v.number(), v.integer(), v.minValue(0)),
        count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_000)),
      }),
      refuseInvalid,
    ),
    async (c) => {
      const { from, count } = c.req.valid("json");
      await seedBenchAccounts(c.env, from, count, Date.now());
      return c.json({ seeded: count });
    },
  )
  .post(
    "/bench/run",
    vValidator(
      "json",
      v.object({
        accounts: v.pipe(v.number(), v.integer(), v.minValue(1)),
        samples: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5_000)),
      }),
      refuseInvalid,
    ),
    async (c) => {
      const { accounts, samples } = c.req.valid("json");
      return c.json(await measurePlatform(database(c.env.DB), embeddedTransport(c.env), accounts, samples, Date.now()));
    },
  )
  // Passcode texts requested through the platform, for the queue's figures: each number with when it was asked for.
  .post(
    "/bench/passcodes",
    vValidator(
      "json",
      v.object({
        count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_000)),
        concurrency: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50)),
      }),
      refuseInvalid,
    ),
    async (c) => {
      const { count, concurrency } = c.req.valid("json");
      return c.json(await requestPasscodes(embeddedTransport(c.env), count, concurrency));
    },
  )
  // How many applications, draws, payments... one e-mail address has (the fault tests count retries with it).
  .get(
    "/records",
    vValidator("query", v.object({ email: emailAddress("Enter an e-mail address.") }), refuseInvalid),
    async (c) => c.json(await recordsFor(withLineHomes(database(c.env.DB), c.env.LINES), c.req.valid("query").email)),
  )
  // One borrower's ledger rows, statements and derived figures at the servicing clock's now (the journey test reconciles the pages with it).
  .get(
    "/ledger",
    vValidator("query", v.object({ email: emailAddress("Enter an e-mail address.") }), refuseInvalid),
    async (c) => {
      const db = withLineHomes(database(c.env.DB), c.env.LINES);
      const ledger = await ledgerFor(db, c.req.valid("query").email, await currentTime(c.env, db));
      return ledger ? c.json(ledger) : c.json({ error: "No line of credit for this e-mail address." }, 404);
    },
  )
  .get("/outbox", async (c) => {
    return c.json(await latestOutbox(database(c.env.DB), 100));
  })
  // Returns a posted payment as the bank would (insufficient funds): the named one, or the latest still returnable.
  .post(
    "/return",
    vValidator(
      "json",
      v.object({
        email: emailAddress("Enter the borrower's e-mail address."),
        paymentId: v.optional(
          v.pipe(
            v.string("paymentId is the payment's Trans. ID."),
            v.trim(),
            v.regex(/^[A-Za-z0-9:-]{1,64}$/, "paymentId is the payment's Trans. ID."),
          ),
        ),
      }),
      (result, c) => {
        if (!result.success) return c.json({ error: result.issues[0]?.message }, 400);
      },
    ),
    async (c) => {
      const { email, paymentId } = c.req.valid("json");
      // A moved line's payment is returned in its own object (decision record 032).
      const db = withLineHomes(database(c.env.DB), c.env.LINES);
      try {
        const returned = await devReturnPayment(db, email, paymentId, await currentTime(c.env, db));
        // Today returns arrive only here; an ACH processor's return file would count the same event.
        count(c.env, "payment_returned", [], [returned.returned.amountCents]);
        return c.json(returned);
      } catch (error) {
        if (error instanceof ServicingError) return c.json({ error: error.message }, error.status);
        throw error;
      }
    },
  )
  // Ends every platform token of a borrower, as a platform does on its side (a password changed elsewhere): the
  // site's next use of such a session is refused, and its login page says the session has ended (tests/journey-e2e).
  .post(
    "/tokens/end",
    vValidator("json", v.object({ email: emailAddress("Enter the borrower's e-mail address.") }), refuseInvalid),
    async (c) => {
      const db = database(c.env.DB);
      const ended = await endPlatformTokens(db, c.req.valid("json").email, (await currentTime(c.env, db)).getTime());
      return ended ? c.json({ ended: true }) : c.json({ error: "No borrower with this e-mail address." }, 404);
    },
  )
  .post(
    "/clock",
    vValidator(
      "json",
      v.object({ step: v.pipe(v.string(), v.regex(/^\+?\d+[dhm]$/, "Use a step like +30d, +12h or +90m.")) }),
      (result, c) => {
        if (!result.success) return c.json({ error: result.issues[0]?.message }, 400);
      },
    ),
    async (c) => {
      const db = database(c.env.DB);
      await setClockOffset(c.env, db, (await clockOffset(c.env, db)) + parseClockStep(c.req.valid("json").step)!);
      const now = await currentTime(c.env, db);
      const report = {
        ...(await serviceObjectLines(c.env, now.getTime())),
        notices: await runNoticesDaily(c.env, now.getTime()),
      };
      // As the scheduled run does: what the servicing funded is a milestone for the partners' postbacks. At the
      // real time, not the moved clock's: leads and their links live in real time, and the status a partner reads
      // must not contradict the postback (a link "expired" by the moved clock while the status says unused).
      return c.json({ now: now.toISOString(), report, postbacks: await runPostbacks(db, c.env, Date.now()) });
    },
  );
