/**
 * Account/GetPayoffProjection (issue 35; 0-decisions.md, "Notices and records the law requires"):
 * the payments page's minimum-payment warning is the borrower's latest issued statement's, to the
 * cent, and the same projection for a fixed payment the borrower chooses equals the independent
 * model's; amounts outside the minimum ACH payment and the statement's balance are refused with
 * the schema's messages; a line with nothing to project says why.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { fixedPaymentMessages } from "#domain/catalogue/account";
import { servicing } from "#domain/config";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { loadCustomerState } from "../../functions/servicing/account-state";
import { copyDemoBorrower, demoBorrowers } from "../../functions/servicing/demo";
import { issueToken } from "../../functions/servicing/tokens";
import { billingCycleFor } from "../oracle/fees";
import { type OracleStart, oracleFixedProjection, oracleMinimumProjection } from "../oracle/projection";
import type { PayFrequency } from "../oracle/types";
import { inLineObject } from "./helpers/line-object";

const { GetPayoffProjection } = catalogue.account;

/** A copy of a demo borrower, signed in to the platform with a customer token of its own. */
async function borrower(like: string) {
  const db = database(env.DB);
  const template = demoBorrowers.find((b) => b.email.startsWith(`${like}@`))!;
  const made = (await copyDemoBorrower(db, env, template.email, Date.now()))!;
  const token = await issueToken(db, "customer", made.customerId, Date.now());
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(token), EMBEDDED_MERCHANT_ID);
  const line = await env.DB.prepare("SELECT id FROM lines WHERE customer_id = ?")
    .bind(made.customerId)
    .first<{ id: number }>();
  return { session, token, customerId: made.customerId, lineId: line!.id };
}

/** The borrower's latest statement as the independent model starts from it. */
async function oracleStart(b: Awaited<ReturnType<typeof borrower>>) {
  const state = await inLineObject(b.lineId, (db) => loadCustomerState(db, b.customerId, new Date()));
  const latest = state.book.statements.at(-1)!;
  const start: OracleStart = {
    cycle: billingCycleFor(state.line.payFrequency as PayFrequency),
    principalCents: latest.principalCents,
    balanceCents: latest.newBalanceCents,
    totalMinimumDueCents: latest.totalMinimumDueCents!,
  };
  return { latest, start };
}

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => (error instanceof PlatformError ? { status: error.status, fields: error.fields } : error),
  );

describe("the payoff projection of the payments page", () => {
  it("is the latest statement's minimum-payment warning, and a fixed payment's projection, as the model computes them", async () => {
    const b = await borrower("owing");
    const { latest, start } = await oracleStart(b);
    expect(latest.newBalanceCents).toBeGreaterThan(0);
    const minimum = oracleMinimumProjection(start);
    const only = (await b.session.call(GetPayoffProjection, {})).projection;
    expect(only).toMatchObject({
      kind: "projected",
      statementId: latest.id,
      balanceCents: latest.newBalanceCents,
      fixed: null,
      fixedPaymentCents: null,
    });
    if (only.kind !== "projected") throw new Error("projected");
    expect(only.minimum).toEqual(minimum);
    expect(minimum.statements).toBeGreaterThan(1);
    // What the statement printed, when it stored its warning.
    if (latest.notices) expect(only.minimum.statements).toBe(latest.notices.payoffStatements);

    for (const paymentCents of [5_000, servicing.minAchTransactionCents, latest.newBalanceCents]) {
      const answer = (await b.session.call(GetPayoffProjection, { fixedPaymentCents: paymentCents })).projection;
      if (answer.kind !== "projected") throw new Error("projected");
      expect(answer.fixedPaymentCents).toBe(paymentCents);
      expect(answer.fixed, `$${paymentCents / 100}`).toEqual(oracleFixedProjection(start, paymentCents));
      expect(answer.minimum).toEqual(minimum);
    }
  });

  it("refuses a fixed payment below the minimum ACH payment or above the statement's balance, with the schema's messages", async () => {
    const b = await borrower("owing");
    const { latest } = await oracleStart(b);
    // The client refuses before sending; the platform refuses the same when sent anyway.
    expect(await refusal(b.session.call(GetPayoffProjection, { fixedPaymentCents: 999 }))).toEqual({
      status: 400,
      fields: { fixedPaymentCents: fixedPaymentMessages.minimum },
    });
    const sent = await embeddedTransport(env)({
      method: "POST",
      path: GetPayoffProjection.path,
      body: { fixedPaymentCents: 999 },
      token: b.token,
    });
    expect(sent.status).toBe(400);
    expect(JSON.stringify(sent.body)).toContain(fixedPaymentMessages.minimum);
    expect(
      await refusal(b.session.call(GetPayoffProjection, { fixedPaymentCents: latest.newBalanceCents + 1 })),
    ).toEqual({
      status: 422,
      fields: { fixedPaymentCents: fixedPaymentMessages.maximum(latest.newBalanceCents) },
    });
    expect(await refusal(b.session.call(GetPayoffProjection, { fixedPaymentCents: 1_000.5 }))).toMatchObject({
      fields: { fixedPaymentCents: fixedPaymentMessages.whole },
    });
  });

  it("says why there is nothing to project: no statement yet, charged off, closed", async () => {
    for (const [like, kind] of [
      ["esign", "noStatement"],
      ["chargedoff", "chargedOff"],
      ["closed", "closed"],
    ] as const) {
      const b = await borrower(like);
      expect((await b.session.call(GetPayoffProjection, {})).projection, like).toEqual({ kind });
    }
  });
});
