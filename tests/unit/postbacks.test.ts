import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { milestonesReached, nextAttemptAt, postbackUrlAllowed, sendPostback } from "#server/leads/postbacks";
import type { LeadStatus } from "#server/leads/status";
import { listenLocally } from "../support/local-server";

/**
 * Postbacks (decision record 029) over real HTTP: a partner's receiver on a
 * local port checks the signature with node's own HMAC, as a partner's code
 * would, not with ours.
 */
const SECRET = "test-only-receiver-secret-0123456789abcdef";
let receiver: Awaited<ReturnType<typeof listenLocally>>;
const heard: Array<{ headers: Record<string, string | string[] | undefined>; body: string; valid: boolean }> = [];
let answer: "ok" | "fail" | "redirect" | "hang" = "ok";

beforeAll(async () => {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const expected = createHmac("sha256", SECRET).update(`${req.headers["x-timestamp"]}.${body}`).digest("hex");
      heard.push({ headers: req.headers, body, valid: expected === req.headers["x-signature"] });
      if (answer === "hang") return;
      if (answer === "redirect") return res.writeHead(302, { Location: "https://elsewhere.test/" }).end();
      res.writeHead(answer === "ok" ? 204 : 500).end();
    });
  });
  receiver = await listenLocally(server);
});
afterAll(() => receiver.close());

const at = Date.UTC(2026, 10, 27, 12);
const send = (timeoutMs?: number) =>
  sendPostback(fetch, { url: `${receiver.url}/pb`, secret: SECRET }, "pb-1", '{"milestone":"decided"}', at, timeoutMs);

describe("sending a postback", () => {
  it("is delivered on a 2xx, signed over '<timestamp>.<body>' as the partner verifies it", async () => {
    answer = "ok";
    expect(await send()).toEqual({ delivered: true, result: "204" });
    const last = heard.at(-1)!;
    expect(last.valid).toBe(true);
    expect(last.headers["x-timestamp"]).toBe(String(at / 1000));
    expect(last.headers["x-postback-id"]).toBe("pb-1");
    expect(last.headers["content-type"]).toBe("application/json");
    expect(last.body).toBe('{"milestone":"decided"}');
  });

  it("fails on a 5xx, on a redirect (never followed), when no one answers in time, and when nothing listens", async () => {
    answer = "fail";
    expect(await send()).toEqual({ delivered: false, result: "500" });
    answer = "redirect";
    const before = heard.length;
    expect(await send()).toEqual({ delivered: false, result: "302" });
    expect(heard.length).toBe(before + 1);
    answer = "hang";
    expect(await send(300)).toEqual({ delivered: false, result: "timeout" });
    const closed = await listenLocally(createServer());
    await closed.close();
    const nowhere = { url: `${closed.url}/pb`, secret: SECRET };
    expect(await sendPostback(fetch, nowhere, "pb-2", "{}", at)).toEqual({ delivered: false, result: "network" });
  });
});

describe("postback rules", () => {
  const base: LeadStatus = {
    partnerLeadId: "lead-1",
    status: "approved",
    decidedAt: "2026-11-01T15:00:00.000Z",
    link: "unused",
    esignedAt: null,
    adverseActionNotice: null,
    firstDraw: null,
    withdrawnAt: null,
    milestonesKnown: true,
  };
  const continueBy = Date.parse("2026-11-02T15:00:00.000Z");
  const names = (s: LeadStatus) => milestonesReached(s, continueBy).map((m) => `${m.milestone}${m.final ? "!" : ""}`);

  it("reads the milestones in the order they happen; denial, sandbox, funding and withdrawal are final", () => {
    expect(names(base)).toEqual(["decided"]);
    expect(names({ ...base, status: "denied", link: null })).toEqual(["decided!"]);
    // A sandbox approval has no link and no application: nothing can follow it.
    expect(names({ ...base, link: null })).toEqual(["decided!"]);
    expect(names({ ...base, status: "error", decidedAt: null, link: null })).toEqual([]);
    expect(names({ ...base, link: "expired" })).toEqual(["decided", "link_expired"]);
    const signed = { ...base, link: "used" as const, esignedAt: "2026-11-01T16:00:00.000Z" };
    expect(names(signed)).toEqual(["decided", "esigned"]);
    const draw = { amountCents: 10_000, fundingDate: "2026-11-03", funded: false };
    expect(names({ ...signed, firstDraw: draw })).toEqual(["decided", "esigned"]);
    const funded = milestonesReached({ ...signed, firstDraw: { ...draw, funded: true } }, continueBy);
    expect(funded.at(-1)).toEqual({ milestone: "funded", occurredAt: "2026-11-03", final: true });
    expect(names({ ...signed, withdrawnAt: "2026-11-02T10:00:00.000Z" })).toEqual(["decided", "esigned", "withdrawn!"]);
    expect(milestonesReached({ ...base, link: "expired" }, continueBy)[1]!.occurredAt).toBe("2026-11-02T15:00:00.000Z");
  });

  it("retries after 15 minutes, 1, 4, 12, 24 and 48 hours: 7 attempts, then none", () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(n, 0));
    expect(delays).toEqual([15, 60, 240, 720, 1_440, 2_880].map((m) => m * 60_000).concat([null] as never[]));
  });

  it("posts only to https, or in development to this machine over http", () => {
    expect(postbackUrlAllowed("https://partner.example/pb", "production")).toBe(true);
    expect(postbackUrlAllowed("http://partner.example/pb", "production")).toBe(false);
    expect(postbackUrlAllowed("http://127.0.0.1:8080/pb", "production")).toBe(false);
    expect(postbackUrlAllowed("http://127.0.0.1:8080/pb", "development")).toBe(true);
    expect(postbackUrlAllowed("http://partner.example/pb", "development")).toBe(false);
    expect(postbackUrlAllowed("https://user:pw@partner.example/pb", "production")).toBe(false);
    expect(postbackUrlAllowed("not a url", "production")).toBe(false);
  });
});
