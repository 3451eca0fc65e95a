import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { api } from "#server/api/app";
import { rateLimitPolicies } from "#server/http/rate-limit";
import worker from "#server/worker";
import { demoLead } from "../e2e/fixtures/lead-data";
import { post } from "./helpers/leads";

vi.setConfig({ testTimeout: 20_000 });

/**
 * Counters in Workers Analytics Engine (issue 21): leads by outcome,
 * refusals, rate-limit refusals by policy, platform failures by call, the
 * servicing run's figures; never personal data.
 */
function recorder() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, METRICS: { writeDataPoint: (p?: AnalyticsEngineDataPoint) => void points.push(p!) } };
}
const events = (points: AnalyticsEngineDataPoint[], name: string) =>
  points.filter((p) => p.indexes?.[0] === name).map((p) => p.blobs);

describe("counters", () => {
  it("count leads by outcome and refusals by status, with no applicant data", async () => {
    const m = recorder();
    const lead = demoLead();
    await post(lead, { ip: "203.0.113.170", bindings: { METRICS: m.METRICS } });
    await post(lead, { ip: "203.0.113.170", bindings: { METRICS: m.METRICS } });
    await post(demoLead(), { ip: "203.0.113.171", signed: "tampered", bindings: { METRICS: m.METRICS } });
    expect(events(m.points, "lead_decided")).toEqual([
      ["lead_decided", "approved", "new", "live"],
      ["lead_decided", "approved", "replayed", "live"],
    ]);
    expect(events(m.points, "lead_refused")).toEqual([["lead_refused", "401", "signature_mismatch"]]);
    const text = JSON.stringify(m.points);
    for (const personal of [lead.personal.email, lead.personal.ssn, lead.partnerLeadId])
      expect(text).not.toContain(personal);
  });

  it("count rate-limit refusals by policy, never by address", async () => {
    const m = recorder();
    const ip = "198.51.100.177";
    for (let i = 0; i <= rateLimitPolicies.apiPerIp.limit; i++)
      await api.request(
        new Request("https://ridgeline.test/api/geo", { headers: { "CF-Connecting-IP": ip } }),
        undefined,
        { ...env, METRICS: m.METRICS },
      );
    expect(events(m.points, "rate_limited")).toEqual([["rate_limited", "apiPerIp"]]);
    expect(JSON.stringify(m.points)).not.toContain(ip);
  });

  it("count platform failures by call and kind", async () => {
    const m = recorder();
    const upstream = {
      PLATFORM_API_BASE: "http://127.0.0.1:9/api",
      PLATFORM_MERCHANT_ID: "m-1",
      PLATFORM_TIMEOUT_MS: "500",
    };
    await api.request(
      new Request("https://ridgeline.test/api/health?deep=1", { headers: { "CF-Connecting-IP": "198.51.100.178" } }),
      undefined,
      { ...env, ...upstream, METRICS: m.METRICS },
    );
    expect(events(m.points, "platform_error")).toEqual([
      ["platform_error", "Token/CreateMerchantToken", "unavailable"],
    ]);
  });

  it("count the servicing run's figures", async () => {
    const m = recorder();
    await worker.scheduled(createScheduledController(), { ...env, METRICS: m.METRICS });
    const run = m.points.filter((p) => p.indexes?.[0] === "servicing_run");
    expect(run).toHaveLength(1);
    // The lines found with an alarm lost, and the wakes queued for them.
    expect(run[0]!.doubles).toHaveLength(2);
  });
});
