import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, PlatformClient } from "#platform";
import { sessionTokenHolder } from "#server/sessions/platform-token";
import { getSession, startSession } from "#server/sessions/session";
import { embeddedTransport } from "../../functions/platform/embedded-transport";

describe("the platform token lives in the server-side session", () => {
  it("is created on first need, stored in the session record, and reused on the next request", async () => {
    const { session, setCookie } = await startSession(env, {});
    const request = () => new Request("https://ridgeline.test/", { headers: { Cookie: setCookie.split(";")[0]! } });

    const first = sessionTokenHolder(session);
    const client = new PlatformClient(embeddedTransport(env), first, EMBEDDED_MERCHANT_ID);
    await client.call(catalogue.applications.ValidateSsn, { custSSN: "123456780" });
    await first.persist(env);

    const stored = await getSession(env, request());
    expect(stored?.data.platformToken).toBe(first.get());
    // The cookie never carries it.
    expect(setCookie).not.toContain(first.get()!);

    const second = sessionTokenHolder(stored);
    await new PlatformClient(embeddedTransport(env), second, EMBEDDED_MERCHANT_ID).call(
      catalogue.applications.ValidateSsn,
      { custSSN: "123456780" },
    );
    expect(second.get()).toBe(first.get());
  });
});
