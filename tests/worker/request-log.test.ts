import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { routeOf } from "#server/http/request-log";
import worker from "#server/worker";
import { signedInBorrower } from "./helpers/borrowers";

/**
 * Structured logs (issue 21): one JSON line per request (route, status,
 * duration, version) and one per servicing run, never personal data: no
 * query string, no identifying path segment, no address or name.
 */
const logged = () => {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  return lines;
};

afterEach(() => vi.restoreAllMocks());

async function fetchLogged(path: string, init: RequestInit = {}) {
  const lines = logged();
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`https://ridgeline.test${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, REQUEST_LOGS: "on" },
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  vi.restoreAllMocks();
  return { res, lines: lines.filter((l) => l.startsWith('{"event":"request"')).map((l) => JSON.parse(l)) };
}

describe("a request's log line", () => {
  it("names the route, status, duration and version, one JSON line per request", async () => {
    const { res, lines } = await fetchLogged("/api/health");
    expect(lines).toEqual([
      {
        event: "request",
        method: "GET",
        route: "/api/health",
        status: 200,
        ms: expect.any(Number),
        version: env.CF_VERSION_METADATA!.id,
      },
    ]);
    expect(res.status).toBe(200);
  });

  it("never carries personal data: no query, no e-mail, no ids, no names", async () => {
    const b = await signedInBorrower("owing");
    const secret = "tok_0123456789abcdefghijklmnopqrstuvwxyz";
    const paths = [
      `/reset-password?token=${secret}&email=${encodeURIComponent(b.email)}`,
      `/desk/borrowers/${b.customerId}`,
      `/documents/statements/S${b.applNo}-2026-12-01`,
      `/apply/personal?email=${encodeURIComponent(b.email)}`,
    ];
    for (const path of paths) {
      const { lines } = await fetchLogged(path, { headers: { cookie: b.cookie } });
      expect(lines).toHaveLength(1);
      const text = JSON.stringify(lines[0]);
      for (const personal of [b.email, secret, b.customerId, String(b.applNo), "token", "?"])
        expect(text, path).not.toContain(personal);
    }
  });

  it("logs the servicing run's report: counts only", async () => {
    const lines = logged();
    await worker.scheduled(createScheduledController(), env);
    const run = lines.filter((l) => l.startsWith('{"event":"servicing-run"')).map((l) => JSON.parse(l));
    expect(run).toEqual([
      {
        event: "servicing-run",
        // Each line services itself at its alarm (decision record 032): the run counts the lines found with an alarm lost.
        overdue: expect.any(Number),
        queued: expect.any(Number),
        // The applicants' notices (decision record 033): approvals lapsed, reminders due, notices handed over.
        notices: { lapsed: expect.any(Number), reminders: expect.any(Number), sent: expect.any(Number) },
        ms: expect.any(Number),
        version: expect.any(String),
      },
    ]);
    // Then the partners' postbacks (decision record 029), counts only too.
    const postbacks = lines.filter((l) => l.startsWith('{"event":"postbacks-run"')).map((l) => JSON.parse(l));
    expect(postbacks).toEqual([
      {
        event: "postbacks-run",
        leadsAsked: 0,
        queued: 0,
        delivered: 0,
        failed: 0,
        gaveUp: 0,
        ms: expect.any(Number),
        version: expect.any(String),
      },
    ]);
  });
});

describe("routeOf", () => {
  it("keeps words, hides anything that could identify someone", () => {
    expect(routeOf("/desk/borrowers/c_7f3a9")).toBe("/desk/borrowers/:id");
    expect(routeOf("/lead/someone@example.com")).toBe("/lead/:id");
    expect(routeOf("/apply/personal")).toBe("/apply/personal");
    expect(routeOf("/documents/statements/S12-2026-12-01")).toBe("/documents/statements/:id");
    expect(routeOf(`/l/${"a".repeat(30)}`)).toBe("/l/:id");
    expect(routeOf("/esign/document/agrcredit")).toBe("/esign/document/agrcredit");
  });
});
