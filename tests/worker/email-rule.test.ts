import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { uniqueSsn } from "../contract/applicants";
import { demoLead, isoDaysFromToday } from "../e2e/fixtures/lead-data";
import { addressStep } from "../support/address-step";
import { freshIp, postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";
import { json, post } from "./helpers/leads";

/**
 * Issue 14, item 4: an address the site accepted (o'brien@example.com) was
 * refused by the platform, so the applicant typed everything and got a
 * generic error at the banking step forever, and a partner lead got 503.
 * With one rule (functions/domain/rules/email.ts) both go through to a decision.
 */

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

// Each applicant is decided by the embedded platform (several D1 writes): allow for a busy machine.
describe("an address with an apostrophe, end to end", { timeout: 30_000 }, () => {
  it("the wizard takes O'Brien@Example.com through every step to approval, stored lower-cased", async () => {
    const ip = freshIp();
    // No session until the first step's post (issue 14, item 6): it starts one, and the wizard keeps it.
    await (await send("/apply/personal?start=1", { ip })).body?.cancel();
    let cookie: string | null = null;
    const ssn = uniqueSsn();
    const email = `O'Brien.${ssn}@Example.com`;
    const steps: Array<[string, Record<string, string>]> = [
      [
        "/apply/personal",
        {
          firstName: "Sean",
          lastName: "O'Brien",
          birthdate: "05/17/1990",
          ssn: `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`,
          email,
          confirmEmail: email,
        },
      ],
      ["/apply/address", { ...addressStep }],
      [
        "/apply/income",
        {
          source: "P",
          employerName: "Acme Tools",
          workPhone: "614-555-0199",
          takeHomePay: "1500.00",
          paymentMethod: "D",
        },
      ],
      [
        "/apply/payfrequency",
        {
          interval: "B",
          lastPayDate: usDate(isoDaysFromToday(-3)),
          firstPayDate: usDate(isoDaysFromToday(11)),
          secondPayDate: usDate(isoDaysFromToday(25)),
        },
      ],
      ["/apply/banking", { routing: "021000021", account: "123456789", repaymentMethod: "A" }],
    ];
    let landed: string | null = null;
    for (const [path, fields] of steps) {
      const res = await postForm(path, fields, { ip, cookie });
      cookie = sessionCookieOf(res) ?? cookie;
      landed = redirectPath(res);
      expect([path, landed], await res.text()).toEqual([path, expect.stringMatching(/^\/apply\//)]);
    }
    expect(landed).toBe("/apply/approved");
    const stored = await env.DB.prepare("SELECT email FROM customers WHERE email = ?")
      .bind(email.toLowerCase())
      .first<{ email: string }>();
    expect(stored?.email).toBe(`o'brien.${ssn}@example.com`);
  });

  it("a partner lead with o'brien@example.com is approved, not answered 503", async () => {
    const lead = demoLead();
    const res = await post({
      ...lead,
      personal: { ...lead.personal, email: `o'brien.${crypto.randomUUID().slice(0, 8)}@example.com` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Retry-After")).toBeNull();
    expect((await json(res)).status).toBe("approved");
  });
});
