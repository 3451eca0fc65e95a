import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  twilioSignature,
  twilioSignedText,
  verifyTwilioSignature,
} from "../../functions/servicing/providers/twilio-signature";

/**
 * Twilio's documented example of its request signature ("Validating
 * requests": auth token 12345, this URL and these five parameters), also the
 * vector its helper libraries test with.
 */
const TOKEN = "12345";
const URL_CALLED = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS: Array<[string, string]> = [
  ["CallSid", "CA1234567890ABCDE"],
  ["Caller", "+12349013030"],
  ["Digits", "1234"],
  ["From", "+12349013030"],
  ["To", "+18005551212"],
];
const DOCUMENTED = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";

describe("Twilio's request signature", () => {
  it("matches the documented example", async () => {
    expect(await twilioSignature(TOKEN, URL_CALLED, PARAMS)).toBe(DOCUMENTED);
  });

  it("signs the parameters sorted by name, whatever order they came in", async () => {
    expect(await twilioSignature(TOKEN, URL_CALLED, [...PARAMS].reverse())).toBe(DOCUMENTED);
    expect(
      twilioSignedText("https://x.test/a", [
        ["b", "2"],
        ["a", "1"],
      ]),
    ).toBe("https://x.test/a" + "a1b2");
  });

  it("accepts the documented signature and refuses any change of token, URL, parameter or header", async () => {
    expect(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_CALLED, PARAMS)).toBe(true);
    expect(await verifyTwilioSignature("54321", DOCUMENTED, URL_CALLED, PARAMS)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_CALLED.replace("foo=1", "foo=2"), PARAMS)).toBe(false);
    expect(
      await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_CALLED, [...PARAMS.slice(0, 4), ["To", "+18005551213"]]),
    ).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, DOCUMENTED, URL_CALLED, [...PARAMS, ["Body", "STOP"]])).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, `${DOCUMENTED.slice(0, -2)}R=`, URL_CALLED, PARAMS)).toBe(false);
  });

  it("refuses a missing header or a missing token", async () => {
    expect(await verifyTwilioSignature(TOKEN, null, URL_CALLED, PARAMS)).toBe(false);
    expect(await verifyTwilioSignature(TOKEN, "", URL_CALLED, PARAMS)).toBe(false);
    expect(await verifyTwilioSignature("", DOCUMENTED, URL_CALLED, PARAMS)).toBe(false);
  });

  it("compares equal strings as equal and any difference (length or a byte) as different", () => {
    expect(constantTimeEqual(DOCUMENTED, DOCUMENTED)).toBe(true);
    expect(constantTimeEqual(DOCUMENTED, `${DOCUMENTED}=`)).toBe(false);
    expect(constantTimeEqual(DOCUMENTED, `1${DOCUMENTED.slice(1)}`)).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
});
