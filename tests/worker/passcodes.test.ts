import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { applicationPayload } from "../contract/applicants";
import { settledDb } from "./helpers/messages";

const vault = (name: string) => env.PASSCODES.get(env.PASSCODES.idFromName(name));
const client = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
const wrongFor = (code: string) => (code === "000000" ? "111111" : "000000");

describe("PasscodeVault: one active code per identity", () => {
  it("a second send is a resend: the first code stops working, the new one works", async () => {
    const v = vault(`identity-${crypto.randomUUID()}`);
    const first = await v.send();
    const second = await v.send();
    if ("refused" in first || "refused" in second) throw new Error("unexpected refusal");
    expect(second.resend).toBe(true);
    if (first.code !== second.code) expect((await v.verify(first.code)).result).toBe("wrong");
    expect((await v.verify(second.code)).result).toBe("ok");
  });

  it("refuses a fourth resend, and sends nothing once locked", async () => {
    const v = vault(`resends-${crypto.randomUUID()}`);
    const results = [];
    for (let i = 0; i < 5; i++) {
      const r = await v.send();
      results.push("refused" in r ? r.refused : r.resend ? "resend" : "new");
    }
    expect(results).toEqual(["new", "resend", "resend", "resend", "resend_limit"]);
    const locked = vault(`locked-${crypto.randomUUID()}`);
    const sent = await locked.send();
    if ("refused" in sent) throw new Error("unexpected refusal");
    for (let i = 0; i < 5; i++) await locked.verify(wrongFor(sent.code));
    expect(await locked.send()).toEqual({ refused: "locked" });
  });

  it("lets only one of two concurrent verifications of one code succeed", async () => {
    const v = vault(`race-${crypto.randomUUID()}`);
    const sent = await v.send();
    if ("refused" in sent) throw new Error("unexpected refusal");
    const results = await Promise.all([v.verify(sent.code), v.verify(sent.code), v.verify(sent.code)]);
    expect(results.filter((r) => r.result === "ok")).toHaveLength(1);
  });

  it("expires by the clock it is given", async () => {
    const v = vault(`clock-${crypto.randomUUID()}`);
    const t0 = Date.now();
    const sent = await v.send(t0);
    if ("refused" in sent) throw new Error("unexpected refusal");
    expect((await v.verify(sent.code, t0 + 10 * 60_000 + 1)).result).toBe("expired");
  });
});

describe("reaching the wrong-entry limit", () => {
  it("withdraws the customer's pending application with the spec's reason", async () => {
    const applicant = client();
    await applicant.call(catalogue.applications.ProcessApplication, applicationPayload());
    const customerId = (await applicant.call(catalogue.account.GetSummary, {})).accountProfile.custId;
    const ewSID = `forgot:${customerId}`;
    await client().call(catalogue.communications.SendEmailOtp, {
      email: "who@example.com",
      CustId: customerId,
      ewSID,
      purpose: "forgot",
    });
    const body = (await (
      await settledDb()
    )
      .prepare("SELECT body FROM outbox WHERE customer_id = ? ORDER BY id DESC")
      .bind(customerId)
      .first<{ body: string }>())!.body;
    const code = body.match(/\b(\d{6})\b/)![1]!;
    let last = "";
    for (let i = 0; i < 5; i++)
      last = (await client().call(catalogue.communications.VerifySmsOtp, { pin: wrongFor(code), ewSID })).statusCode;
    expect(last).toBe("3");
    const app = await env.DB.prepare("SELECT status, void_reason FROM applications WHERE customer_id = ?")
      .bind(customerId)
      .first<{ status: string; void_reason: string }>();
    expect(app).toEqual({
      status: "withdrawn",
      void_reason: "Failed ID verification - Credit application could not be verified.",
    });
  });
});
