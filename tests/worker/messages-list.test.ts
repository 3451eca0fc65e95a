import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { send } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * Issue 18, "borrowers see what was sent": Preferences lists the borrower's
 * latest messages (channel, what about, date, status), never a passcode, a
 * link or the address, and never another borrower's.
 */
const merchant = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

async function passcodeFor(customerId: string, phone: string): Promise<string> {
  await merchant().call(catalogue.communications.SendSmsOtp, { phoneNumber: phone, CustId: customerId });
  const row = await (await settledDb())
    .prepare("SELECT body FROM outbox WHERE customer_id = ? ORDER BY id DESC LIMIT 1")
    .bind(customerId)
    .first<{ body: string }>();
  return row!.body.match(/\b\d{6}\b/)![0];
}

const preferencesOf = async (cookie: string) => (await send("/preferences", { cookie })).text();

describe("the borrower's messages on Preferences", () => {
  it("lists a passcode text as what it was about, by text, with its date and status, never the code or the number", async () => {
    const b = await signedInBorrower("current");
    const phone = (await env.DB.prepare("SELECT mobile_phone AS m FROM customers WHERE id = ?")
      .bind(b.customerId)
      .first<{ m: string }>())!.m;
    const code = await passcodeFor(b.customerId, phone);
    const html = await preferencesOf(b.cookie);
    expect(html).toContain("Messages We Sent You");
    const row = html.slice(html.indexOf("Messages We Sent You"));
    expect(row).toContain(">Text<");
    expect(row).toContain(">Your passcode<");
    expect(row).toContain(">Sent<");
    expect(html).not.toContain(code);
    expect(html).not.toContain(phone);
  });

  it("says when nothing was sent, and never shows another borrower's messages", async () => {
    const a = await signedInBorrower("current");
    const b = await signedInBorrower("current");
    const phone = (await env.DB.prepare("SELECT mobile_phone AS m FROM customers WHERE id = ?")
      .bind(b.customerId)
      .first<{ m: string }>())!.m;
    await passcodeFor(b.customerId, phone);
    const html = await preferencesOf(a.cookie);
    expect(html).toContain("We have not sent you any messages yet.");
    expect(html).not.toContain(">Your passcode<");
  });
});
