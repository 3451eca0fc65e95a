import { describe, expect, it } from "vitest";
import { svixSignature, verifySvixSignature } from "../../functions/servicing/providers/svix-signature";

/**
 * Resend's webhook signature (Svix's scheme), checked against the example
 * Svix documents: secret, message id, timestamp, payload and signature.
 */
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
const timestamp = "1614265330";
const body = '{"test": 2432232314}';
const documented = "g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

describe("Svix signatures (Resend's webhooks)", () => {
  it("computes the documented example", async () => {
    expect(await svixSignature(secret, id, timestamp, body)).toBe(documented);
  });

  it("accepts the documented signature among others (a secret's rotation), within five minutes", async () => {
    const signature = `v1,bm9wZQ== v1,${documented}`;
    expect(await verifySvixSignature(secret, { id, timestamp, signature }, body, 1614265330 + 299)).toBe(true);
  });

  it("refuses a changed body, another id, a stale or future time, a missing header, and a malformed secret", async () => {
    const signature = `v1,${documented}`;
    const now = 1614265330;
    expect(await verifySvixSignature(secret, { id, timestamp, signature }, '{"test": 1}', now)).toBe(false);
    expect(await verifySvixSignature(secret, { id: "msg_other", timestamp, signature }, body, now)).toBe(false);
    expect(await verifySvixSignature(secret, { id, timestamp, signature }, body, now + 301)).toBe(false);
    expect(await verifySvixSignature(secret, { id, timestamp, signature }, body, now - 301)).toBe(false);
    expect(await verifySvixSignature(secret, { id, timestamp: null, signature }, body, now)).toBe(false);
    expect(await verifySvixSignature(secret, { id, timestamp, signature: documented }, body, now)).toBe(false);
    expect(await verifySvixSignature("whsec_***", { id, timestamp, signature }, body, now)).toBe(false);
  });
});
