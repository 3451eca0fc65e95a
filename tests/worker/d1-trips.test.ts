import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { countedD1, newTally, serverTiming } from "#server/http/d1-trips";
import { stepFields, walkWizard, wizardApplicant } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, send } from "./helpers/http";

/**
 * Issue 19, "count them": in development every D1 round trip of a request is
 * counted (a batch is one; a trip started beside another is not sequential)
 * and answered in Server-Timing.
 */
const tripsOf = (response: Response, store: "d1" | "do" = "d1") => {
  const header = response.headers.get("Server-Timing") ?? "";
  const match = header.match(new RegExp(`(?:^|, )${store};desc="(\\d+) [a-z ]+?, (\\d+) sequential"`));
  return match ? { trips: Number(match[1]), sequential: Number(match[2]) } : null;
};

describe("counting D1 round trips", () => {
  it("counts a statement as one trip and a batch as one, and tells sequential from parallel", async () => {
    const tally = newTally();
    const d1 = countedD1(env.DB, tally);
    await d1.prepare("SELECT ? AS n").bind(1).first();
    await d1.batch([d1.prepare("SELECT 1"), d1.prepare("SELECT ? AS n").bind(2)]);
    await Promise.all([d1.prepare("SELECT 3").all(), d1.prepare("SELECT 4").raw()]);
    expect(tally.trips.map((t) => [t.kind, t.sequential])).toEqual([
      ["first", true],
      ["batch", true],
      ["all", true],
      ["raw", false],
    ]);
    expect(serverTiming(tally)).toMatch(
      /^d1;desc="4 round trips, 3 sequential";dur=[\d.]+, do;desc="0 calls, 0 sequential";dur=0.0, d1-1;desc="select";dur=/,
    );
  });

  it("answers each request's tally in Server-Timing: none for health, some for a signed-in account page", async () => {
    expect(tripsOf(await send("/api/health"))).toEqual({ trips: 0, sequential: 0 });
    const b = await signedInBorrower("current");
    const account = tripsOf(await send("/account", { cookie: b.cookie }));
    expect(account?.trips).toBeGreaterThan(0);
    expect(account!.sequential).toBeLessThanOrEqual(account!.trips);
  });

  it("counts the calls to Durable Objects: a refused login asks the form-post limit, peeks at the login limit, counts the failure", async () => {
    const res = await postForm("/login", {
      intent: "login",
      email: "nobody@example.com",
      password: "wrong-password-1",
    });
    expect(tripsOf(res, "do")).toEqual({ trips: 3, sequential: 3 });
    expect(res.headers.get("Server-Timing")).toMatch(
      /do-1;desc="RateLimiter.hit";dur=[\d.]+, do-2;desc="RateLimiter.peek";dur=[\d.]+, do-3;desc="RateLimiter.hit"/,
    );
  });

  it("keeps each page within its budget: a public page none, a step's GET one and POST two, a portal page two one after another", async () => {
    expect(tripsOf(await send("/"))).toEqual({ trips: 0, sequential: 0 });
    const a = wizardApplicant();
    const walk = await walkWizard(a, "personal");
    expect(tripsOf(await send("/apply/address", { cookie: walk.cookie }))).toEqual({ trips: 1, sequential: 1 });
    expect(tripsOf(await postForm("/apply/address", stepFields(a).address, { cookie: walk.cookie }))).toEqual({
      trips: 2,
      sequential: 2,
    });
    const b = await signedInBorrower("current");
    for (const path of ["/account", "/transactions", "/documents", "/draw", "/payments", "/preferences"]) {
      const counted = tripsOf(await send(path, { cookie: b.cookie }));
      expect(counted?.sequential, path).toBe(2);
    }
  });
});
