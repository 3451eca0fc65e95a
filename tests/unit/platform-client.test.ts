import { describe, expect, it } from "vitest";
import { catalogue, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { upstreamTimeoutMs, upstreamTransport } from "../../functions/platform/upstream-transport";

const { account, applications } = catalogue;

function clientWith(fetch: (request: Request) => Promise<Response>, token: string | null = "t0", timeoutMs = 1_000) {
  return new PlatformClient(
    upstreamTransport({ baseUrl: "https://platform.example/api/", fetch, timeoutMs }),
    memoryTokenHolder(token),
    "m-1",
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("upstream transport and the typed client", () => {
  it("sends the bearer token and idempotency key to the catalogue path, and takes tokenToUse", async () => {
    const seen: Request[] = [];
    const client = clientWith(async (r) => {
      seen.push(r);
      return json({ paymentTransactionId: 7, statusDescription: "ok", effectiveDate: "2026-12-01", tokenToUse: "t1" });
    });
    await client.call(
      account.PostTransaction,
      { applNo: 1, transactionDate: "2026-12-01", transactionAmount: 1_000, transactionCode: "P" },
      { idempotencyKey: "key-12345678" },
    );
    expect(seen[0]!.url).toBe("https://platform.example/api/Account/PostTransaction");
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer t0");
    expect(seen[0]!.headers.get("Idempotency-Key")).toBe("key-12345678");
    expect(client.tokens.get()).toBe("t1");
  });

  it("gives a clear 'unavailable' error on a timeout", async () => {
    // The stand-in holds the request while it is "in flight", as a real fetch does: Node's Request follows
    // its timeout signal only weakly, so a request nothing holds can be collected and its abort never heard
    // (two CI runs waited 5 and 30 s for it; `node --expose-gc` reproduces it).
    const inFlight = new Set<Request>();
    const client = clientWith(
      (r) => {
        inFlight.add(r);
        return new Promise((_, reject) => r.signal.addEventListener("abort", () => reject(r.signal.reason)));
      },
      "t0",
      50,
    );
    const error = await client.call(account.GetSummary, {}).catch((e: unknown) => e);
    expect(inFlight.size).toBe(1);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: "unavailable", message: "Account/GetSummary: no answer within 50 ms" });
  });

  it("takes its timeout from PLATFORM_TIMEOUT_MS, and 10 s when it is unset or not a positive number", () => {
    expect(upstreamTimeoutMs({ PLATFORM_TIMEOUT_MS: "1500" })).toBe(1_500);
    expect(upstreamTimeoutMs({})).toBe(10_000);
    expect(upstreamTimeoutMs({ PLATFORM_TIMEOUT_MS: "soon" })).toBe(10_000);
    expect(upstreamTimeoutMs({ PLATFORM_TIMEOUT_MS: "0" })).toBe(10_000);
  });

  it("gives 'unavailable' when the platform cannot be reached or answers 5xx", async () => {
    const down = clientWith(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(down.call(account.GetSummary, {})).rejects.toMatchObject({ kind: "unavailable" });
    const failing = clientWith(async () => json({ error: "boom" }, 503));
    await expect(failing.call(account.GetSummary, {})).rejects.toMatchObject({ kind: "unavailable", status: 503 });
  });

  it("maps 401/403 to 'unauthorized' and 4xx to 'rejected' with the platform's fields", async () => {
    await expect(
      clientWith(async () => json({ error: "expired" }, 401)).call(account.GetSummary, {}),
    ).rejects.toMatchObject({ kind: "unauthorized" });
    await expect(
      clientWith(async () => json({ error: "bad", fields: { applNo: "Unknown." } }, 422)).call(account.GetSummary, {}),
    ).rejects.toMatchObject({
      kind: "rejected",
      fields: { applNo: "Unknown." },
    });
  });

  it("takes the rotated token from a refusal too (4xx and 5xx), so the next call does not present a dead one", async () => {
    // 403: the token was accepted, the request was not (another customer's account, say).
    for (const status of [400, 403, 404, 409, 422, 500, 503]) {
      const client = clientWith(async () => json({ error: "refused", tokenToUse: `t-${status}` }, status));
      await expect(client.call(account.GetSummary, {})).rejects.toBeInstanceOf(PlatformError);
      expect(client.tokens.get(), String(status)).toBe(`t-${status}`);
    }
    // An unauthorized answer carries no usable token; a non-string one is ignored.
    const refused = clientWith(async () => json({ error: "expired", tokenToUse: "t-x" }, 401));
    await expect(refused.call(account.GetSummary, {})).rejects.toMatchObject({ kind: "unauthorized" });
    expect(refused.tokens.get()).toBe("t0");
    const odd = clientWith(async () => json({ error: "bad", tokenToUse: 7 }, 400));
    await expect(odd.call(account.GetSummary, {})).rejects.toMatchObject({ kind: "rejected" });
    expect(odd.tokens.get()).toBe("t0");
  });

  it("refuses an answer that does not match the catalogue schema", async () => {
    await expect(
      clientWith(async () => json({ customerExists: "yes" })).call(applications.ValidateSsn, { custSSN: "123456789" }),
    ).rejects.toMatchObject({ kind: "invalid_answer" });
  });

  it("creates a merchant token first when it has none", async () => {
    const paths: string[] = [];
    const client = clientWith(async (r) => {
      paths.push(new URL(r.url).pathname + new URL(r.url).search);
      return r.url.includes("CreateMerchantToken")
        ? json({ token: { writtenToken: "m-token" } })
        : json({ customerExists: 0 });
    }, null);
    await client.call(applications.ValidateSsn, { custSSN: "123456789" });
    expect(paths).toEqual(["/api/Token/CreateMerchantToken?merchantId=m-1", "/api/Account/Validate"]);
    expect(client.tokens.get()).toBe("m-token");
  });
});
