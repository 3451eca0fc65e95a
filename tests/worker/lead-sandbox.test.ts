import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { leads, partners } from "#db/schema/leads";
import { applications } from "#db/schema/servicing";
import { demoLead } from "../e2e/fixtures/lead-data";
import { send } from "./helpers/http";
import { db, json, post } from "./helpers/leads";

vi.setConfig({ testTimeout: 20_000 });

/**
 * The partner sandbox (issue 21, docs/partners.md): a test partner's leads
 * are decided by the documented last names, never by underwriting; they
 * make no application and live only under the test partner's id.
 */
async function testPartner(id: string) {
  const secret = `sandbox-only-${id.toLowerCase()}-secret-0123456789abcdef`;
  await db
    .insert(partners)
    .values({ id, code: `LEAD-${id}`, name: id, mode: "test", createdAt: Date.now() })
    .onConflictDoNothing();
  return { partnerId: id, secret, bindings: { [`PARTNER_SECRET_${id}`]: secret } };
}

const applicationsNow = async () => (await db.select({ id: applications.id }).from(applications).all()).length;

describe("the partner sandbox", () => {
  it("answers approved, denied, existing customer and error by the documented last names, making no application", async () => {
    const as = await testPartner("ACME_TEST");
    const before = await applicationsNow();
    const answers: Record<string, { status: number; body: Awaited<ReturnType<typeof json>>; mode: string | null }> = {};
    for (const lastName of ["Rivera", "Denied", "existing", "Error"]) {
      const res = await post(demoLead({ personal: { lastName } }), { ...as, ip: "203.0.113.140" });
      answers[lastName] = { status: res.status, body: await json(res), mode: res.headers.get("X-Partner-Mode") };
    }
    expect(answers.Rivera).toEqual({
      status: 200,
      body: { status: "approved", redirectUrl: `${env.SITE_ORIGIN}/partners/sandbox` },
      mode: "test",
    });
    expect(answers.Denied).toEqual({ status: 200, body: { status: "denied" }, mode: "test" });
    expect(answers.existing).toEqual({ status: 200, body: { status: "denied" }, mode: "test" });
    expect(answers.Error!.status).toBe(503);
    expect(answers.Error!.body).toEqual({ status: "error" });
    expect(await applicationsNow()).toBe(before);
    const rows = await db.select().from(leads).where(eq(leads.partnerId, as.partnerId)).all();
    expect(rows.map((r) => r.platformStatus).sort()).toEqual(["A", "D", "E", null]);
    expect(rows.every((r) => r.applicationId === null)).toBe(true);
  });

  it("replays a test lead like a live one, and a live partner's lead is never decided by last name", async () => {
    const as = await testPartner("REPLAY_TEST");
    const lead = demoLead({ personal: { lastName: "Denied" } });
    await post(lead, { ...as, ip: "203.0.113.141" });
    const again = await post(lead, { ...as, ip: "203.0.113.141" });
    expect([again.status, again.headers.get("X-Lead-Replayed")]).toEqual([200, "true"]);
    expect(await json(again)).toEqual({ status: "denied" });
    // The demo partner is live: "Denied" is just a name to underwriting, which approves this applicant.
    const live = await post(demoLead({ personal: { lastName: "Denied" } }), { ip: "203.0.113.142" });
    const body = await json(live);
    expect([live.status, body.status, live.headers.get("X-Partner-Mode")]).toEqual([200, "approved", null]);
    expect(body.redirectUrl).toContain("/apply/approved?ID=");
  });

  it("the approval's page says it is the sandbox", async () => {
    const res = await send("/partners/sandbox");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Partner sandbox</h1>");
    expect(html).toContain("No application was made for a test lead.");
  });

  it("a post asking for the sandbox from a live partner id is refused before anything is decided", async () => {
    const before = await applicationsNow();
    const res = await post(demoLead(), { ip: "203.0.113.143", headers: { "X-Partner-Mode": "test" } });
    expect(res.status).toBe(409);
    expect((await json(res)).code).toBe("not_sandbox");
    expect(await applicationsNow()).toBe(before);
  });
});
