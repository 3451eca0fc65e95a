import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { passcodeResendMessages } from "../../functions/servicing/desk-passcodes";
import { signedInBorrower } from "./helpers/borrowers";
import { decodeHtml, devDeskCookie, postToFile } from "./helpers/desk";
import { send } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * RESEND A PASSCODE from the servicing desk (issue 20, decision record 027):
 * the code of the challenge the borrower started, to a contact on file,
 * under RESEND CODE's limits (3, shared); the desk never sees the code; one
 * audit row when done, none when refused, once per form.
 */
const TIMEOUT = 60_000;
const client = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

/** A Forgot Password passcode e-mailed to the borrower, as the site asks for one. */
async function startChallenge(customerId: string, email: string): Promise<string> {
  const ewSID = `desk-test-${crypto.randomUUID()}`;
  await client().call(catalogue.communications.SendEmailOtp, { email, CustId: customerId, ewSID, purpose: "forgot" });
  return ewSID;
}

async function codesSent(customerId: string): Promise<string[]> {
  const db = await settledDb();
  const rows = await db
    .prepare("SELECT body FROM outbox WHERE customer_id = ? AND body LIKE '%passcode is%' ORDER BY id")
    .bind(customerId)
    .all<{ body: string }>();
  return rows.results.map((r) => r.body.match(/\b(\d{6})\b/)![1]!);
}

const verify = async (pin: string, ewSID: string) =>
  (await client().call(catalogue.communications.VerifySmsOtp, { pin, ewSID })).statusCode;

const audited = async (customerId: string) =>
  (
    await env.DB.prepare("SELECT after FROM desk_audit WHERE customer_id = ? AND action = 'resend passcode'")
      .bind(customerId)
      .all<{ after: string }>()
  ).results;

const post = (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") =>
  postToFile(customerId, { intent: "passcode", channel: "email", reason: "Code never came", ...fields }, role);

async function file(customerId: string) {
  const res = await send(`/desk/borrowers/${customerId}`, { headers: { cookie: await devDeskCookie("auditor") } });
  return decodeHtml(await res.text());
}

describe("a passcode resent from the desk", { timeout: TIMEOUT }, () => {
  it("sends a fresh code of the same challenge, once per form; the code is never shown or audited", async () => {
    const b = await signedInBorrower("current");
    expect(await file(b.customerId)).toContain("No passcode was sent in the last 30 minutes.");
    const refusedFirst = await post(b.customerId, {});
    expect(refusedFirst.html).toContain(passcodeResendMessages.none);
    const ewSID = await startChallenge(b.customerId, b.email);
    expect(await file(b.customerId)).toMatch(/Forgot Password passcode, first sent by e-mail .*Resends used: 0 of 3/);
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([post(b.customerId, { key }), post(b.customerId, { key })]);
    for (const { html } of [first, second])
      expect(html).toMatch(
        /A new passcode was sent by e-mail to the address on file \(resend 1 of 3\)|That passcode was already resent/,
      );
    const codes = await codesSent(b.customerId);
    expect(codes).toHaveLength(2);
    const rows = await audited(b.customerId);
    expect(rows).toHaveLength(1);
    for (const code of codes) {
      expect(rows[0]!.after).not.toContain(code);
      expect(first.html + second.html).not.toContain(code);
    }
    // The first code is replaced; the resent one signs the borrower through.
    if (codes[0] !== codes[1]) expect(await verify(codes[0]!, ewSID)).toBe("1");
    expect(await verify(codes[1]!, ewSID)).toBe("0");
    expect(await file(b.customerId)).toContain("used: the borrower entered it.");
    const used = await post(b.customerId, {});
    expect(used.html).toContain(passcodeResendMessages.used);
    expect(await audited(b.customerId)).toHaveLength(1);
  });

  it("shares RESEND CODE's limit of 3, refuses an auditor, and writes nothing on refusal", async () => {
    const b = await signedInBorrower("current");
    const ewSID = await startChallenge(b.customerId, b.email);
    const auditor = await post(b.customerId, {}, "auditor");
    expect(auditor.status).toBe(403);
    const noReason = await post(b.customerId, { reason: "  " });
    expect(noReason.html).toContain("Give the reason for resending the passcode.");
    const done = await post(b.customerId, {});
    expect(done.html).toContain("(resend 1 of 3)");
    // The borrower presses RESEND CODE twice on the site: all 3 are used.
    await client().call(catalogue.communications.SendEmailOtp, {
      email: b.email,
      CustId: b.customerId,
      ewSID,
      purpose: "forgot",
    });
    await client().call(catalogue.communications.SendEmailOtp, {
      email: b.email,
      CustId: b.customerId,
      ewSID,
      purpose: "forgot",
    });
    expect(await file(b.customerId)).toContain("Resends used: 3 of 3.");
    const spent = await post(b.customerId, {});
    expect(spent.html).toContain(passcodeResendMessages.resend_limit);
    expect(spent.html).not.toContain("Resend the passcode</button>");
    expect(await audited(b.customerId)).toHaveLength(1);
    expect(await codesSent(b.customerId)).toHaveLength(4);
  });
});
