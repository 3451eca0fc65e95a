import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { settledDb } from "./helpers/messages";

const { communications, misc } = catalogue;
const client = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

async function lastOutbox(recipient: string) {
  return (await settledDb())
    .prepare("SELECT channel, subject, body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(recipient)
    .first<{ channel: string; subject: string; body: string }>();
}

function codeIn(body: string): string {
  return body.match(/\b(\d{6})\b/)?.[1] ?? body.match(/(\d(?: \d){5})/)![1]!.replaceAll(" ", "");
}

describe("passcodes through the provider (outbox) and the PasscodeVault Durable Object", () => {
  it("texts a 6-digit code that verifies once", async () => {
    const phone = `6145${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    const sent = await client().call(communications.SendSmsOtp, { phoneNumber: phone });
    expect(sent.statusCode).toBe("0");
    const message = await lastOutbox(phone);
    expect(message?.channel).toBe("sms");
    expect(message?.body).toContain("10 minutes");
    const code = codeIn(message!.body);
    expect((await client().call(communications.VerifySmsOtp, { pin: code, ewSID: sent.ewSID })).statusCode).toBe("0");
    expect((await client().call(communications.VerifySmsOtp, { pin: code, ewSID: sent.ewSID })).statusCode).toBe("4");
  });

  it("locks after five wrong entries, even for the right code, and a resend does not reset the count", async () => {
    const phone = `6145${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    const sent = await client().call(communications.SendSmsOtp, { phoneNumber: phone });
    const code = codeIn((await lastOutbox(phone))!.body);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++)
      expect((await client().call(communications.VerifySmsOtp, { pin: wrong, ewSID: sent.ewSID })).statusCode).toBe(
        "1",
      );
    await client().call(communications.SendSmsOtp, { phoneNumber: phone, ewSID: sent.ewSID });
    const resent = codeIn((await lastOutbox(phone))!.body);
    const wrong2 = resent === "000000" ? "111111" : "000000";
    expect((await client().call(communications.VerifySmsOtp, { pin: wrong2, ewSID: sent.ewSID })).statusCode).toBe("1");
    const fifth = await client().call(communications.VerifySmsOtp, { pin: wrong2, ewSID: sent.ewSID });
    expect(fifth).toMatchObject({ statusCode: "3", wrongAttempts: 5 });
    expect((await client().call(communications.VerifySmsOtp, { pin: resent, ewSID: sent.ewSID })).statusCode).toBe("3");
    // Locked, nothing more is sent, and the answer says it is the lock (7), not the resend limit (5).
    const afterLock = await client().call(communications.SendSmsOtp, { phoneNumber: phone, ewSID: sent.ewSID });
    expect(afterLock.statusCode).toBe("7");
    expect(codeIn((await lastOutbox(phone))!.body)).toBe(resent);
  });

  it("allows three resends, then refuses", async () => {
    const email = `otp.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const sent = await client().call(communications.SendEmailOtp, { email });
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await client().call(communications.SendEmailOtp, { email, ewSID: sent.ewSID })).statusCode);
    expect(codes).toEqual(["0", "0", "0"]);
    expect((await client().call(communications.SendEmailOtp, { email, ewSID: sent.ewSID })).statusCode).toBe("5");
  });

  it("expires a code after 10 minutes", async () => {
    const stub = env.PASSCODES.get(env.PASSCODES.idFromName(`expiry-${crypto.randomUUID()}`));
    const t0 = Date.now();
    const code = await stub.issue(t0);
    expect((await stub.verify(code, t0 + 10 * 60_000)).result).toBe("expired");
    const other = env.PASSCODES.get(env.PASSCODES.idFromName(`fresh-${crypto.randomUUID()}`));
    const code2 = await other.issue(t0);
    expect((await other.verify(code2, t0 + 9 * 60_000)).result).toBe("ok");
  });

  it("reads a code out digit by digit for a call", async () => {
    const phone = `6144${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    await client().call(communications.PinDelivery, { phoneNumber: phone });
    const message = await lastOutbox(phone);
    expect(message?.channel).toBe("voice");
    expect(message?.body).toMatch(/\d \d \d \d \d \d/);
  });
});

describe("contact us", () => {
  it("records the message and confirms by e-mail", async () => {
    const email = `contact.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const answer = await client().call(misc.ContactUs, {
      contactEmail: email,
      messageCategory: "Payments",
      messageBody: "When is my payment due?",
      firstName: "Ana",
      lastName: "Lee",
      contactPhone: "",
    });
    expect(answer.success).toBe(true);
    const row = await env.DB.prepare("SELECT category FROM contact_messages WHERE email = ?")
      .bind(email)
      .first<{ category: string }>();
    expect(row?.category).toBe("Payments");
    expect((await lastOutbox(email))?.subject).toBe("We received your message");
  });

  it("stores a message sent twice with the same key once, and acknowledges it once (a retry after a lost answer)", async () => {
    const email = `contact.${crypto.randomUUID().slice(0, 6)}@example.com`;
    const message = {
      contactEmail: email,
      messageCategory: "Payments",
      messageBody: "Sent twice?",
      firstName: "Ana",
      lastName: "Lee",
      contactPhone: "",
      requestId: crypto.randomUUID(),
    };
    expect((await client().call(misc.ContactUs, message)).success).toBe(true);
    expect((await client().call(misc.ContactUs, message)).success).toBe(true);
    const count = async (sql: string) => (await (await settledDb()).prepare(sql).bind(email).first<{ n: number }>())?.n;
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?")).toBe(1);
    // A new key is a new message.
    await client().call(misc.ContactUs, { ...message, requestId: crypto.randomUUID() });
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?")).toBe(2);
  });
});
