import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ResendError, type ResendSettings, sendEmail } from "../../functions/servicing/providers/resend";
import { type FakeResend, startFakeResend } from "../support/fake-resend";
import { refusalOf } from "../support/local-server";

/** The e-mail provider over real HTTP, against a local server that speaks Resend's POST /emails. */
let fake: FakeResend;
let settings: ResendSettings;
const email = {
  to: "jordan@example.com",
  subject: "Your passcode",
  html: "<p>Your passcode is <b>123456</b>.</p>",
  text: "Your passcode is 123456.",
  idempotencyKey: "msg-1",
};

beforeAll(async () => {
  fake = await startFakeResend();
  settings = {
    apiKey: fake.apiKey,
    from: "Ridgeline Credit <notices@ridgelinecredit.example>",
    baseUrl: fake.url,
    timeoutMs: 500,
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.sent.length = 0;
});

describe("e-mail through Resend", () => {
  it("sends the HTML and text parts of one template from the configured sender, and returns Resend's id", async () => {
    expect(await sendEmail(settings, email)).toBe("re_00000001");
    expect(fake.sent).toEqual([
      {
        id: "re_00000001",
        key: "msg-1",
        body: {
          from: settings.from,
          to: ["jordan@example.com"],
          subject: email.subject,
          html: email.html,
          text: email.text,
        },
      },
    ]);
  });

  it("the same message sent again (a retry after a lost answer) is one e-mail", async () => {
    await sendEmail(settings, email);
    expect(await sendEmail(settings, email)).toBe("re_00000001");
    expect(fake.sent).toHaveLength(1);
  });

  it("a wrong key or an e-mail Resend refuses is not retried", async () => {
    const wrongKey = await refusalOf(sendEmail({ ...settings, apiKey: "re_wrong" }, email), ResendError);
    expect({ retryable: wrongKey.retryable, status: wrongKey.status }).toEqual({ retryable: false, status: 401 });
    const invalid = await refusalOf(sendEmail(settings, { ...email, subject: "" }), ResendError);
    expect({ retryable: invalid.retryable, status: invalid.status }).toEqual({ retryable: false, status: 422 });
  });

  it("Resend failing, rate-limiting or not answering may be retried", async () => {
    for (const [mode, status] of [
      ["fail", 500],
      ["rateLimit", 429],
      ["hang", null],
    ] as const) {
      fake.mode = mode;
      const error = await refusalOf(sendEmail(settings, email), ResendError);
      expect({ mode, retryable: error.retryable, status: error.status }).toEqual({ mode, retryable: true, status });
    }
    expect(fake.sent).toEqual([]);
  });
});
