import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callWithPasscode,
  sendText,
  spokenPasscodeTwiml,
  TwilioError,
  type TwilioSettings,
} from "../../functions/servicing/providers/twilio";
import { type FakeTwilio, startFakeTwilio } from "../support/fake-twilio";
import { refusalOf } from "../support/local-server";

/** The Twilio provider over real HTTP, against a local server that speaks the part of Twilio's API it uses. */
let fake: FakeTwilio;
let settings: TwilioSettings;

beforeAll(async () => {
  fake = await startFakeTwilio();
  settings = {
    accountSid: fake.accountSid,
    authToken: fake.authToken,
    from: "+18005550142",
    baseUrl: fake.url,
    statusCallback: "https://ridgelinecredit.example/api/webhooks/twilio/status",
    timeoutMs: 500,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
});

describe("texts through Twilio's Messages API", () => {
  it("posts To (E.164), From, Body and the status callback with the account's basic auth, and returns the sid", async () => {
    const sid = await sendText(settings, "6145550101", "Your passcode is 123456.");
    expect(sid).toMatch(/^SM\d{32}$/);
    expect(fake.requests).toEqual([
      {
        resource: "Messages",
        status: 201,
        at: expect.any(Number),
        form: {
          To: "+16145550101",
          From: "+18005550142",
          Body: "Your passcode is 123456.",
          StatusCallback: settings.statusCallback,
        },
      },
    ]);
  });

  it("a wrong auth token is refused, not retried", async () => {
    const error = await refusalOf(sendText({ ...settings, authToken: "wrong" }, "6145550101", "Hi"), TwilioError);
    expect({ retryable: error.retryable, status: error.status }).toEqual({ retryable: false, status: 401 });
  });

  it("a number Twilio refuses is not retried", async () => {
    const error = await refusalOf(sendText(settings, "123", "Hi"), TwilioError);
    expect({ retryable: error.retryable, status: error.status }).toEqual({ retryable: false, status: 400 });
    expect(error.message).toContain("21211");
  });

  it("Twilio failing, rate-limiting or not answering may be retried", async () => {
    for (const [mode, status] of [
      ["fail", 500],
      ["rateLimit", 429],
      ["hang", null],
    ] as const) {
      fake.mode = mode;
      const error = await refusalOf(sendText(settings, "6145550101", "Hi"), TwilioError);
      expect({ mode, retryable: error.retryable, status: error.status }).toEqual({ mode, retryable: true, status });
      // Only a request left unanswered may have reached Twilio: a passcode is then not sent again (dispatch.ts).
      expect({ mode, ambiguous: error.ambiguous }).toEqual({ mode, ambiguous: mode === "hang" });
    }
  });
});

describe("spoken passcodes through Twilio's Calls API", () => {
  it("calls with inline TwiML that reads the code twice, digit by digit", async () => {
    const sid = await callWithPasscode(settings, "6145550101", "Ridgeline Credit", "204517");
    expect(sid).toMatch(/^CA\d{32}$/);
    expect(fake.requests[0]?.form.Twiml).toBe(
      "<Response><Say>Your Ridgeline Credit passcode is 2, 0, 4, 5, 1, 7. Again, your passcode is 2, 0, 4, 5, 1, 7.</Say></Response>",
    );
  });

  it("escapes what TwiML would read as markup", () => {
    expect(spokenPasscodeTwiml("A & B <Co>", "1")).toBe(
      "<Response><Say>Your A &amp; B &lt;Co&gt; passcode is 1. Again, your passcode is 1.</Say></Response>",
    );
  });
});
