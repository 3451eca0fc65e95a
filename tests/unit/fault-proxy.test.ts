import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFaultProxy } from "../../scripts/fault-proxy";

/** The fault proxy against a tiny stand-in platform that counts what reaches it. */
let platform: Server;
let proxy: Server;
let proxyUrl = "";
let received: string[] = [];

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const arm = (body: unknown) => fetch(`${proxyUrl}/__faults`, { method: "POST", body: JSON.stringify(body) });

beforeAll(async () => {
  platform = createServer((request, response) => {
    received.push(`${request.method} ${request.url} ${request.headers["idempotency-key"] ?? ""}`.trim());
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => platform.listen(0, resolve));
  proxy = await startFaultProxy({ port: 0, target: `http://localhost:${portOf(platform)}` });
  proxyUrl = `http://localhost:${portOf(proxy)}`;
});

afterAll(() => {
  proxy.closeAllConnections();
  proxy.close();
  platform.close();
});

beforeEach(async () => {
  await fetch(`${proxyUrl}/__faults`, { method: "DELETE" });
  received = [];
});

describe("the fault proxy", () => {
  it("forwards calls with their method, headers and body when nothing is armed", async () => {
    const res = await fetch(`${proxyUrl}/Account/PostTransaction`, {
      method: "POST",
      headers: { "Idempotency-Key": "k-1" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(received).toEqual(["POST /Account/PostTransaction k-1"]);
  });

  it("answer500 answers 500 without reaching the platform, only on the armed path", async () => {
    await arm({ path: "Account/GetSummary", fault: "answer500" });
    expect((await fetch(`${proxyUrl}/Account/GetSummary`)).status).toBe(500);
    expect((await fetch(`${proxyUrl}/Auth/Login`, { method: "POST", body: "{}" })).status).toBe(200);
    expect(received).toEqual(["POST /Auth/Login"]);
  });

  it("lostAnswer lets the platform act, then answers 500", async () => {
    await arm({ path: "/Account/PostTransaction", fault: "lostAnswer" });
    const res = await fetch(`${proxyUrl}/Account/PostTransaction`, {
      method: "POST",
      headers: { "Idempotency-Key": "k-2" },
      body: "{}",
    });
    expect(res.status).toBe(500);
    expect(received).toEqual(["POST /Account/PostTransaction k-2"]);
  });

  it("reply answers the armed body with a 200 without reaching the platform, then forwards again", async () => {
    const body = { statusCode: "2", wrongAttempts: 0 };
    expect((await arm({ path: "Communications/VerifySMSOTP", fault: "reply" })).status).toBe(400);
    await arm({ path: "Communications/VerifySMSOTP", fault: "reply", body, times: 1 });
    const res = await fetch(`${proxyUrl}/Communications/VerifySMSOTP`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(body);
    expect(received).toEqual([]);
    expect(
      await (await fetch(`${proxyUrl}/Communications/VerifySMSOTP`, { method: "POST", body: "{}" })).json(),
    ).toEqual({ ok: true });
  });

  it("hang never answers, so the caller's timeout fires", async () => {
    await arm({ path: "Auth/ValidateEmail", fault: "hang" });
    const error = await fetch(`${proxyUrl}/Auth/ValidateEmail`, {
      method: "POST",
      body: "{}",
      signal: AbortSignal.timeout(300),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "TimeoutError" });
    expect(received).toEqual([]);
  });

  it("times disarms a fault after that many calls; the control endpoint reports faults and counts", async () => {
    await arm({ path: "ContactUs/ContactUs", fault: "answer500", times: 1 });
    expect((await fetch(`${proxyUrl}/ContactUs/ContactUs`, { method: "POST", body: "{}" })).status).toBe(500);
    expect((await fetch(`${proxyUrl}/ContactUs/ContactUs`, { method: "POST", body: "{}" })).status).toBe(200);
    const state = await (await fetch(`${proxyUrl}/__faults`)).json();
    expect(state).toEqual({ armed: {}, calls: { "ContactUs/ContactUs": 2 } });
  });

  it("refuses an unknown fault", async () => {
    expect((await arm({ path: "Auth/Login", fault: "explode" })).status).toBe(400);
  });
});
