import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { servicingApp } from "../../functions/servicing/app";
import { agreementSignature, applicationPayload, uniqueSsn } from "../contract/applicants";
import { onLine } from "./helpers/line-object";

const { account, applications } = catalogue;

/**
 * Issue 19: GetSummary, GetMessages and PostTransaction read their token in
 * their own first D1 batch, beside the data keyed on the token's customer.
 * Refused as the middleware refuses (401 unknown or expired, 403 not a
 * customer's), reading and claiming nothing; a good token still rotates.
 */
const call = (path: string, token: string | null, init: { method?: string; body?: unknown; key?: string } = {}) =>
  servicingApp.request(
    `/${path}`,
    {
      method: init.method ?? "GET",
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.key ? { "Idempotency-Key": init.key } : {}),
        "Content-Type": "application/json",
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    },
    env,
  );

async function merchantToken(): Promise<string> {
  const res = await call(`Token/CreateMerchantToken?merchantId=${EMBEDDED_MERCHANT_ID}`, null, { method: "POST" });
  return ((await res.json()) as { token: { writtenToken: string } }).token.writtenToken;
}

/** A customer's platform token: an applicant approved, signed and opened through the typed client. */
async function customerToken(): Promise<{ token: string; applNo: number }> {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  await session.call(applications.ProcessApplication, applicationPayload({ ssn: uniqueSsn() }));
  await session.call(account.SaveSignatures, {
    signaturesData: [agreementSignature()],
  });
  await session.call(account.OpenLine, {});
  const summary = await session.call(account.GetSummary, {});
  return { token: session.tokens.get()!, applNo: summary.accountHeader.applNo };
}

const keysOf = async (key: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM idempotency_keys WHERE key = ?").bind(key).first<{ n: number }>())!
    .n;

const draw = (applNo: number, today: string) => ({
  applNo,
  transactionDate: today,
  transactionAmount: 10_000,
  transactionCode: "D",
});

describe("a customer call's token read in its own first batch", () => {
  it("refuses an unknown token 401 and a merchant's 403, for each such call", async () => {
    const merchant = await merchantToken();
    for (const path of ["Account/GetSummary", "Communications/GetMessages"]) {
      expect((await call(path, "not-a-real-token", { method: "POST", body: {} })).status, path).toBe(401);
      expect((await call(path, merchant, { method: "POST", body: {} })).status, path).toBe(403);
    }
    // A bad payload as well: the token's refusal still comes first.
    const bad = { method: "POST", key: "bad-payload-1", body: { applNo: "not a number" } };
    expect((await call("Account/PostTransaction", "not-a-real-token", bad)).status).toBe(401);
    expect((await call("Account/PostTransaction", merchant, bad)).status).toBe(403);
  });

  it("ProcessApplication reads its look-ups with its token: an unknown token 401, nothing written; a bad payload still hears 401 first", async () => {
    const ssn = uniqueSsn();
    const res = await call("Account/ProcessApplication", "not-a-real-token", {
      method: "POST",
      body: applicationPayload({ ssn }),
    });
    expect(res.status).toBe(401);
    const applicationsNow = await env.DB.prepare("SELECT count(*) AS n FROM applications").first<{ n: number }>();
    const bad = await call("Account/ProcessApplication", "not-a-real-token", { method: "POST", body: {} });
    expect(bad.status).toBe(401);
    // A merchant's token and a customer's both may apply (the call is merchant-level); the first decides.
    const merchant = await merchantToken();
    const decided = await call("Account/ProcessApplication", merchant, {
      method: "POST",
      body: applicationPayload({ ssn }),
    });
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as { appStatus: string }).appStatus).toBe("A");
    const after = await env.DB.prepare("SELECT count(*) AS n FROM applications").first<{ n: number }>();
    expect(after!.n).toBe(applicationsNow!.n + 1);
    const { token } = await customerToken();
    const again = await call("Account/ProcessApplication", token, {
      method: "POST",
      body: applicationPayload({ ssn: uniqueSsn() }),
    });
    expect(again.status).toBe(200);
  });

  it("PostTransaction with a refused token claims no key; without a key, the token is still checked first", async () => {
    const { token, applNo } = await customerToken();
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const key = `refused-${crypto.randomUUID()}`;
    const refused = await call("Account/PostTransaction", "not-a-real-token", {
      method: "POST",
      key,
      body: draw(applNo, today),
    });
    expect(refused.status).toBe(401);
    expect(await keysOf(key)).toBe(0);
    const merchant = await call("Account/PostTransaction", await merchantToken(), {
      method: "POST",
      key,
      body: draw(applNo, today),
    });
    expect(merchant.status).toBe(403);
    expect(await keysOf(key)).toBe(0);
    // No key: a dead token is 401 (not 400), a good one 400 with the field.
    expect(
      (await call("Account/PostTransaction", "not-a-real-token", { method: "POST", body: draw(applNo, today) })).status,
    ).toBe(401);
    const current = token;
    const keyless = await call("Account/PostTransaction", current, { method: "POST", body: draw(applNo, today) });
    expect(keyless.status).toBe(400);
    expect(((await keyless.json()) as { fields: Record<string, string> }).fields).toHaveProperty("Idempotency-Key");
    const misshapen = await call("Account/PostTransaction", current, {
      method: "POST",
      key: "short",
      body: draw(applNo, today),
    });
    expect(misshapen.status).toBe(400);
    expect(await keysOf("short")).toBe(0);
  });

  it("a good token draws once per key: the claim in the first batch, the same answer for the same key", async () => {
    const { token, applNo } = await customerToken();
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });
    const key = `draw-${crypto.randomUUID()}`;
    const first = await call("Account/PostTransaction", token, { method: "POST", key, body: draw(applNo, today) });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { paymentTransactionId: number; tokenToUse?: string };
    expect(answer.paymentTransactionId).toBeGreaterThan(0);
    // The answer was recorded in the posting's own transaction, in the line's object.
    const keyRows = (key: string) =>
      onLine<{ json: string | null }>(applNo, "SELECT response_json AS json FROM idempotency_keys WHERE key = ?", key);
    const [recorded] = await keyRows(key);
    expect(JSON.parse(recorded!.json!)).toMatchObject({
      status: 200,
      body: { paymentTransactionId: answer.paymentTransactionId },
    });
    const again = await call("Account/PostTransaction", answer.tokenToUse ?? token, {
      method: "POST",
      key,
      body: draw(applNo, today),
    });
    expect(((await again.json()) as { paymentTransactionId: number }).paymentTransactionId).toBe(
      answer.paymentTransactionId,
    );
    expect(await keyRows(key)).toHaveLength(1);
    const other = await call("Account/PostTransaction", answer.tokenToUse ?? token, {
      method: "POST",
      key,
      body: { ...draw(applNo, today), transactionAmount: 12_500 },
    });
    expect(other.status).toBe(422);
  });
});
