import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { partners } from "#db/schema/leads";
import { MAX_BODY_BYTES } from "#server/api/lead-auth";
import { demoLead } from "../e2e/fixtures/lead-data";
import { counts, db, json, nowSeconds, post } from "./helpers/leads";

// Each post may decide through the embedded platform: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

/** A partner row of its own (its secret is a binding of the post), so no other test shares its budget. */
async function partner(id: string, row: { leadsPerMinute?: number | null; active?: boolean } = {}) {
  const secret = `test-only-${id.toLowerCase()}-partner-secret-0123456789`;
  await db
    .insert(partners)
    .values({ id, code: `LEAD-${id}`, name: id, createdAt: Date.now(), ...row })
    .onConflictDoNothing();
  return { partnerId: id, secret, bindings: { [`PARTNER_SECRET_${id}`]: secret } };
}

describe("POST /api/leads: the partner row", () => {
  it("refuses every lead of a partner whose limit is 0 with 429, recording nothing", async () => {
    const as = await partner("ZERO_LIMIT", { leadsPerMinute: 0 });
    const before = await counts();
    const res = await post(demoLead(), { ...as, ip: "203.0.113.120" });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await counts()).toEqual(before);
  });

  it("refuses a switched-off partner with 401, recording nothing", async () => {
    const as = await partner("SWITCHED_OFF", { active: true });
    const ip = "203.0.113.121";
    // While active, its signature holds (400: the empty body is no lead)...
    expect((await post({}, { ...as, ip })).status).toBe(400);
    // ...and once switched off, the same secret signs nothing.
    await db.update(partners).set({ active: false }).where(eq(partners.id, as.partnerId));
    const before = await counts();
    const lead = JSON.stringify(demoLead());
    const timestamp = nowSeconds();
    const res = await post(lead, { ...as, ip, timestamp });
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe("The signature does not match.");
    expect(await counts()).toEqual(before);
    // Its signature was not remembered either (the partner's read and the claim are one batch):
    // switched on again, the very same signed post is decided, once.
    await db.update(partners).set({ active: true }).where(eq(partners.id, as.partnerId));
    expect((await post(lead, { ...as, ip, timestamp })).status).toBe(200);
    expect((await post(lead, { ...as, ip, timestamp })).status).toBe(401);
  });
});

describe("POST /api/leads: the body's size", () => {
  /** A signed body of exactly `bytes` UTF-8 bytes, mostly three-byte characters (€). */
  const bodyOfBytes = (bytes: number) => {
    const frame = JSON.stringify({ partnerLeadId: "multibyte", note: "" });
    const euros = Math.floor((bytes - frame.length) / 3);
    const body = JSON.stringify({
      partnerLeadId: "multibyte",
      note: "€".repeat(euros) + "x".repeat(bytes - frame.length - 3 * euros),
    });
    expect(new TextEncoder().encode(body).byteLength).toBe(bytes);
    return body;
  };

  it("counts UTF-8 bytes, not characters, when no Content-Length says the size", async () => {
    const ip = "203.0.113.122";
    const over = bodyOfBytes(MAX_BODY_BYTES + 1);
    // Far fewer characters than bytes: a character count would let it through.
    expect(over.length).toBeLessThan(MAX_BODY_BYTES / 2);
    const before = await counts();
    const res = await post(over, { ip, chunked: true });
    expect(res.status).toBe(413);
    expect(await counts()).toEqual(before);
    // At the limit, it is read (400: no lead in it).
    expect((await post(bodyOfBytes(MAX_BODY_BYTES), { ip, chunked: true })).status).toBe(400);
  });
});
