import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { api } from "#server/api/app";
import { demoLead } from "../e2e/fixtures/lead-data";
import { json, nowSeconds, post } from "./helpers/leads";

vi.setConfig({ testTimeout: 20_000 });

/**
 * Every refusal of POST /api/leads carries a machine-readable code a
 * partner's code can branch on (issue 21); a 401 names its scheme in
 * WWW-Authenticate; a field of the wrong JSON type says what to send, not the
 * validator's own words.
 */
describe("a refused lead", () => {
  it("of the wrong JSON type says what to send, with the code invalid_fields", async () => {
    const lead = demoLead() as unknown as { income: Record<string, unknown> };
    lead.income.takeHomePay = 1500;
    const res = await post(lead, { ip: "203.0.113.160" });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.code).toBe("invalid_fields");
    expect(body.fields!["income.takeHomePay"]).toBe("Send text (a JSON string) here, not 1500.");
    expect(JSON.stringify(body)).not.toContain("Invalid type");
  });

  it("answers each signature problem with its code and a WWW-Authenticate challenge", async () => {
    const cases: Array<[Parameters<typeof post>[1], string]> = [
      [{ signed: "something else", ip: "203.0.113.161" }, "signature_mismatch"],
      [{ timestamp: nowSeconds() - 3_600, ip: "203.0.113.162" }, "timestamp_stale"],
    ];
    for (const [options, code] of cases) {
      const res = await post(demoLead(), options);
      expect(res.status, code).toBe(401);
      expect((await json(res)).code).toBe(code);
      expect(res.headers.get("WWW-Authenticate")).toBe(
        'Signature realm="partner-leads", headers="X-Partner-Id X-Timestamp X-Signature"',
      );
    }
    const unsigned = await api.request(
      new Request("https://ridgeline.test/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.163" },
        body: "{}",
      }),
      undefined,
      env,
    );
    expect([unsigned.status, (await json(unsigned)).code]).toEqual([401, "signature_headers"]);
  });

  it("says invalid_json for a body that is not JSON", async () => {
    const notJson = await post("partnerLeadId=1", { ip: "203.0.113.164" });
    expect(notJson.status).toBe(400);
    expect((await json(notJson)).code).toBe("invalid_json");
  });
});
