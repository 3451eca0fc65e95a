import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadLinks, partners } from "#db/schema/leads";
import { applications, customers } from "#db/schema/servicing";
import { addressMessages } from "#domain/application/schemas/address";
import { incomeMessages } from "#domain/application/schemas/income";
import { payFrequencyMessages } from "#domain/application/schemas/payfrequency";
import { personalMessages } from "#domain/application/schemas/personal";
import { partnerLeads } from "#domain/config";
import { LEAD_REFUSAL_CODES, leadSchema } from "#domain/leads/schema";
import { sha256Hex } from "#domain/tokens";
import { api } from "#server/api/app";
import { rateLimitPolicies } from "#server/http/rate-limit";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { demoLead, isoDaysFromToday } from "../e2e/fixtures/lead-data";
import { counts, db, json, nowSeconds, post, rowOf, tokenOf } from "./helpers/leads";

// Each post decides through the embedded platform (several D1 writes): allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /api/leads: the merchant token leads share", () => {
  const merchantTokens = async () =>
    (await env.DB.prepare("SELECT COUNT(*) AS n FROM platform_tokens WHERE kind = 'merchant'").first<{ n: number }>())!
      .n;

  it("makes one for many leads, and a new one when the platform no longer knows it (the lead still decided)", async () => {
    expect((await json(await post(demoLead()))).status).toBe("approved");
    const made = await merchantTokens();
    for (let i = 0; i < 3; i++) expect((await json(await post(demoLead()))).status).toBe("approved");
    expect(await merchantTokens()).toBe(made);

    // Revoked (a restored database, say): refused before anything was done, so the lead asks once more with a new token.
    await env.DB.prepare("DELETE FROM platform_tokens WHERE kind = 'merchant'").run();
    const lead = demoLead();
    expect((await json(await post(lead))).status).toBe("approved");
    expect(await merchantTokens()).toBe(1);
    expect(await rowOf(lead.partnerLeadId)).toMatchObject({ status: "approved", attempts: 1 });
  });
});

describe("POST /api/leads: decisions", () => {
  it("approves a good lead with a one-time redirect URL and records it", async () => {
    const lead = demoLead();
    const res = await post(lead);
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.status).toBe("approved");
    expect(answer.applicationId).toEqual(expect.any(Number));
    // The link is on the site's configured origin (SITE_ORIGIN), not the request's host (lead-identity.test.ts).
    expect(answer.redirectUrl).toMatch(/^http:\/\/localhost:8787\/apply\/approved\?ID=[\w-]{43}$/);

    const row = await rowOf(lead.partnerLeadId);
    expect(row).toMatchObject({
      partnerId: "DEMO",
      status: "approved",
      platformStatus: "A",
      applicationId: answer.applicationId,
      approvedLimitCents: 80_000,
      attempts: 1,
    });
    expect(row!.transactionId).toBeTruthy();
    expect(row!.decidedAt).toBeGreaterThanOrEqual(row!.receivedAt);
    expect(row!.continueBy! - row!.decidedAt!).toBe(partnerLeads.continueLinkHours * 3_600_000);
    expect(JSON.parse(row!.answerJson!)).toEqual({ status: "approved", applicationId: answer.applicationId });
    // Only the token's SHA-256 is stored, never the token.
    const token = tokenOf(answer.redirectUrl!);
    const link = await db.select().from(leadLinks).where(eq(leadLinks.leadId, row!.id)).get();
    expect(link!.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Decided by the platform with the partner's code as pdLoanRcvdFrom.
    const application = await db.select().from(applications).where(eq(applications.id, answer.applicationId!)).get();
    expect(application).toMatchObject({
      status: "approved",
      leadSource: DEMO_PARTNER.code,
      extTransactionId: row!.extTransactionId,
    });
  });

  it("takes a missing mainIsCell as true (spec file 1, section 3): the main phone is sent as the cell phone", async () => {
    const mobilePhoneOf = async (lead: ReturnType<typeof demoLead>) => {
      const answer = await json(await post(lead));
      const application = (await db
        .select()
        .from(applications)
        .where(eq(applications.id, answer.applicationId!))
        .get())!;
      return (await db.select().from(customers).where(eq(customers.id, application.customerId)).get())!.mobilePhone;
    };
    // JSON.stringify leaves the undefined key out: the lead has no mainIsCell at all.
    expect(await mobilePhoneOf(demoLead({ address: { mainIsCell: undefined } }))).toBe("6145550101");
    // Said false, the separate cell phone is the one sent.
    expect(await mobilePhoneOf(demoLead({ address: { mainIsCell: false, cellPhone: "614-555-0177" } }))).toBe(
      "6145550177",
    );
  });

  it("denies a lead the underwriting rules deny (income too low), with no link", async () => {
    const lead = demoLead({ income: { takeHomePay: "300.00" } });
    const res = await post(lead);
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.status).toBe("denied");
    expect(answer.redirectUrl).toBeUndefined();
    const row = await rowOf(lead.partnerLeadId);
    expect(row).toMatchObject({ status: "denied", platformStatus: "D", continueBy: null });
    expect(await db.select().from(leadLinks).where(eq(leadLinks.leadId, row!.id)).all()).toHaveLength(0);
  });

  it("answers the same lead id again with the recorded answer and no second decision", async () => {
    const lead = demoLead();
    const first = await json(await post(lead));
    const before = await counts();
    const again = await post(lead);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Lead-Replayed")).toBe("true");
    const second = await json(again);
    expect({ status: second.status, applicationId: second.applicationId }).toEqual({
      status: first.status,
      applicationId: first.applicationId,
    });
    // A fresh link (only hashes are kept) to the same once-only continuation.
    expect(second.redirectUrl).not.toBe(first.redirectUrl);
    expect(await counts()).toEqual({ ...before, links: before.links + 1 });
    expect((await rowOf(lead.partnerLeadId))!.attempts).toBe(1);
  });

  it("decides two racing posts of one lead id once", async () => {
    const lead = demoLead();
    const before = await counts();
    const [a, b] = await Promise.all([post(lead), post(lead)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await json(a), await json(b)];
    expect(first.applicationId).toBe(second.applicationId);
    expect([a.headers.get("X-Lead-Replayed"), b.headers.get("X-Lead-Replayed")].filter(Boolean)).toHaveLength(1);
    expect((await rowOf(lead.partnerLeadId))!.attempts).toBe(1);
    expect((await counts()).applications).toBe(before.applications + 1);
  });

  it("answers a platform failure as status error (503, recorded), and a retry with the same lead id decides", async () => {
    const lead = demoLead();
    // The platform fails inside (its key material is unusable): it answers 500.
    const down = { SSN_ENCRYPTION_KEY: "too-short" };
    const failed = await post(lead, { bindings: down });
    expect(failed.status).toBe(503);
    expect(Number(failed.headers.get("Retry-After"))).toBe(partnerLeads.errorRetryAfterSeconds);
    expect(await json(failed)).toEqual({ status: "error" });
    expect(await rowOf(lead.partnerLeadId)).toMatchObject({ status: "error", applicationId: null, attempts: 1 });

    const retried = await post(lead);
    expect(retried.status).toBe(200);
    expect((await json(retried)).status).toBe("approved");
    expect(await rowOf(lead.partnerLeadId)).toMatchObject({ status: "approved", attempts: 2 });
  });
});

describe("POST /api/leads: the signature", () => {
  const refusals: Array<[string, (lead: object) => Promise<Response>]> = [
    ["a wrong signature", (lead) => post(lead, { secret: "someone-elses-secret-0123456789abcdef" })],
    ["an unknown partner", (lead) => post(lead, { partnerId: "NOBODY" })],
    ["a partner id that is no secret name", (lead) => post(lead, { partnerId: "demo; drop" })],
    [
      "a timestamp over 5 minutes old",
      (lead) => post(lead, { timestamp: nowSeconds() - partnerLeads.signatureToleranceSeconds - 2 }),
    ],
    [
      "a timestamp over 5 minutes ahead",
      (lead) => post(lead, { timestamp: nowSeconds() + partnerLeads.signatureToleranceSeconds + 2 }),
    ],
    ["a tampered body", (lead) => post({ ...lead, partnerLeadId: "tampered" }, { signed: JSON.stringify(lead) })],
    ["a malformed signature", (lead) => post(lead, { signature: "not-hex" })],
  ];

  for (const [name, send] of refusals) {
    it(`refuses ${name} with 401 and records nothing`, async () => {
      const before = await counts();
      const res = await send(demoLead());
      expect(res.status).toBe(401);
      expect((await json(res)).error).toBeTruthy();
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses a captured signature replayed with a different body", async () => {
    const original = demoLead();
    const timestamp = nowSeconds();
    const signature = await signLead(env.PARTNER_SECRET_DEMO, timestamp, JSON.stringify(original));
    const before = await counts();
    const res = await post(demoLead(), { timestamp, signature });
    expect(res.status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("checks the signature before the body: an unsigned bad body is 401, not 400", async () => {
    const res = await post("{not json", { secret: "someone-elses-secret-0123456789abcdef" });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/leads: the body", () => {
  it("answers 400 naming each bad field with the application's own messages, deciding nothing", async () => {
    const lead = demoLead({
      personal: { ssn: "000-12-3456" },
      address: { zip: "123", state: "NY" },
      payFrequency: { firstPayDate: isoDaysFromToday(-20) },
    });
    const { paymentMethod: _dropped, ...income } = lead.income;
    const before = await counts();
    const res = await post({ ...lead, income, partnerLeadId: "bad id with spaces" });
    expect(res.status).toBe(400);
    const answer = await json(res);
    expect(answer.fields).toEqual({
      partnerLeadId: expect.any(String),
      "personal.ssn": personalMessages.ssn,
      "address.zip": addressMessages.zip,
      "address.state": addressMessages.noBusinessState,
      "income.paymentMethod": incomeMessages.paymentMethod,
      "payFrequency.firstPayDate": payFrequencyMessages.firstPayPast,
    });
    expect(await counts()).toEqual(before);
  });

  it("answers 400 for malformed JSON and for a body that is not an object", async () => {
    const before = await counts();
    expect((await post("{not json")).status).toBe(400);
    const list = await post("null");
    expect(list.status).toBe(400);
    expect((await json(list)).fields).toHaveProperty("(body)");
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/leads: rotating a partner's secret", () => {
  it("accepts the current and the next secret while both are set, then only the one kept", async () => {
    const current = "test-only-rotating-current-secret-0123456789";
    const next = "test-only-rotating-next-secret-0123456789ab";
    await db
      .insert(partners)
      .values({ id: "ROTATING", code: "LEAD-ROTATING", name: "Rotating", createdAt: Date.now() })
      .onConflictDoNothing();
    const as = (secret: string, bindings: Record<string, unknown>) => ({
      partnerId: "ROTATING",
      secret,
      bindings,
      ip: "203.0.113.81",
    });
    // Before: only the current secret. The empty body passes the signature and fails the fields (400).
    const before = { PARTNER_SECRET_ROTATING: current };
    expect((await post({}, as(current, before))).status).toBe(400);
    expect((await post({}, as(next, before))).status).toBe(401);
    // During: both sign.
    const during = { PARTNER_SECRET_ROTATING: current, PARTNER_NEXT_SECRET_ROTATING: next };
    expect((await post({}, as(current, during))).status).toBe(400);
    expect((await post({}, as(next, during))).status).toBe(400);
    // After: the next secret moved into PARTNER_SECRET_ROTATING; the old one is refused.
    const after = { PARTNER_SECRET_ROTATING: next };
    expect((await post({}, as(next, after))).status).toBe(400);
    expect((await post({}, as(current, after))).status).toBe(401);
    // A secret too short to be safe counts as unset, alone or as the next one.
    const short = "too-short";
    expect((await post({}, as(short, { PARTNER_SECRET_ROTATING: short }))).status).toBe(401);
    expect(
      (await post({}, as(short, { PARTNER_SECRET_ROTATING: current, PARTNER_NEXT_SECRET_ROTATING: short }))).status,
    ).toBe(401);
  });
});

describe("POST /api/leads: the partner's rate limit", () => {
  it("answers 429 with Retry-After past the partner's budget, counts only signed posts, and recovers", async () => {
    const secret = "test-only-limited-partner-secret-0123456789";
    await db
      .insert(partners)
      .values({ id: "LIMITED", code: "LEAD-LIMITED", name: "Limited", leadsPerMinute: 3, createdAt: Date.now() })
      .onConflictDoNothing();
    const as = { partnerId: "LIMITED", secret, bindings: { PARTNER_SECRET_LIMITED: secret }, ip: "203.0.113.77" };
    // Strangers' refused posts do not spend the partner's budget.
    for (let i = 0; i < 5; i++)
      expect((await post({}, { ...as, secret: "a-stranger-guessing-0123456789abcdefgh" })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await post({}, as)).status).toBe(400);
    const refused = await post({}, as);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Two windows on, the budget is back (the Durable Object reads the same clock).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * rateLimitPolicies.leadsPerPartner.windowMs + 1_000);
    expect((await post({}, as)).status).toBe(400);
  }, 30_000);

  it("limits refused signatures per client IP, and recovers after the window", async () => {
    const ip = "203.0.113.99";
    let last: Response | undefined;
    for (let i = 0; i <= rateLimitPolicies.leadAuthFailPerIp.limit; i++)
      last = await post({}, { ip, secret: "wrong-secret-0123456789abcdef0123456789" });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Even a rightly signed post from that address waits out the window...
    expect((await post({}, { ip })).status).toBe(429);
    // ...and two windows on it is read again (400: the empty body is no lead).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * rateLimitPolicies.leadAuthFailPerIp.windowMs + 1_000);
    expect((await post({}, { ip })).status).toBe(400);
  }, 60_000);
});

describe("GET /api/openapi.json", () => {
  it("describes POST /api/leads with the lead schema's required fields", async () => {
    const res = await api.request(
      new Request("https://ridgeline.test/api/openapi.json", { headers: { "CF-Connecting-IP": "203.0.113.50" } }),
      undefined,
      env,
    );
    expect(res.status).toBe(200);
    type Schema = {
      type?: string;
      required?: string[];
      properties?: Record<string, Schema>;
      pattern?: string;
      enum?: string[];
      default?: unknown;
    };
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        {
          post: {
            requestBody: { content: Record<string, { schema: { $ref: string } }> };
            parameters: Array<{ name: string; schema: { pattern?: string } }>;
          };
        }
      >;
      components: { schemas: Record<string, Schema> };
    };
    expect(doc.openapi).toBe("3.1.0");
    const post = doc.paths["/api/leads"]!.post;
    expect(post.parameters.map((p) => p.name)).toEqual([
      "X-Partner-Id",
      "X-Timestamp",
      "X-Signature",
      "X-Partner-Mode",
    ]);
    expect(post.parameters.map((p) => p.schema.pattern)).toEqual([
      "^[A-Z0-9_]{1,32}$",
      "^\\d{1,12}$",
      "^[0-9a-f]{64}$",
      undefined,
    ]);
    expect(post.requestBody.content["application/json"]!.schema.$ref).toBe("#/components/schemas/Lead");
    const lead = doc.components.schemas.Lead!;
    const schema = leadSchema("2026-11-21");
    expect(lead.required!.sort()).toEqual(Object.keys(schema.entries).sort());
    // Every section lists exactly the fields the wizard requires.
    expect(lead.properties!.personal!.required!.sort()).toEqual(["birthdate", "email", "firstName", "lastName", "ssn"]);
    expect(lead.properties!.address!.required!.sort()).toEqual(["city", "mainPhone", "state", "streetAddress", "zip"]);
    expect(lead.properties!.income!.required!.sort()).toEqual(["paymentMethod", "source", "takeHomePay"]);
    expect(lead.properties!.payFrequency!.required!.sort()).toEqual([
      "firstPayDate",
      "interval",
      "lastPayDate",
      "secondPayDate",
    ]);
    expect(lead.properties!.banking!.required!.sort()).toEqual(["account", "repaymentMethod", "routing"]);
    expect(lead.properties!.banking!.properties!.routing!.pattern).toBe("^\\d{9}$");
    expect(lead.properties!.address!.properties!.zip!.default).toBeUndefined();
    // Unlike the wizard's checkbox, a lead's mainIsCell defaults to true (spec file 1, section 3).
    expect(lead.properties!.address!.properties!.mainIsCell!.default).toBe(true);
    expect(lead.properties!.address!.required).not.toContain("mainIsCell");
    expect(lead.properties!.income!.properties!.source!.enum).toEqual(["P", "O", "W"]);
    const answer = doc.components.schemas.LeadAnswer!;
    expect(answer.required).toEqual(["status"]);
    expect(answer.properties!.status!.enum).toEqual(["approved", "denied", "error"]);
    // A repeat whose link can no longer continue says why; refusals carry their machine-readable code (issue 14).
    expect(answer.properties!.linkStatus!.enum).toEqual(["used", "expired"]);
    expect(doc.components.schemas.LeadRefusal!.properties!.code!.enum).toEqual([...LEAD_REFUSAL_CODES]);
    const responses = (
      doc.paths["/api/leads"]!.post as unknown as { responses: Record<string, { description: string }> }
    ).responses;
    expect(responses["409"]!.description).toContain("lead_id_reused");
  });
});
