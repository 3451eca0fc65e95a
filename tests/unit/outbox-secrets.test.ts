import { describe, expect, it } from "vitest";
import { fillSecrets, keepsSecrets, withholdSecrets } from "../../functions/servicing/messages";

describe("a message's secrets (issue 14, item 8)", () => {
  const secrets = { code: "123456", link: "https://ridgelinecredit.example/reset-password?token=abc" };

  it("are filled in for delivery (and the development outbox)", () => {
    expect(fillSecrets("Your passcode is {{code}}. Open {{link}}. {{other}} stays.", secrets)).toBe(
      `Your passcode is 123456. Open ${secrets.link}. {{other}} stays.`,
    );
  });

  it("are kept out of the record elsewhere, even when written into the text by mistake", () => {
    expect(withholdSecrets("Your passcode is {{code}}.", secrets)).toBe("Your passcode is {{code}}.");
    expect(withholdSecrets("Your passcode is 123456, again 123456.", secrets)).toBe(
      "Your passcode is {{code}}, again {{code}}.",
    );
    expect(withholdSecrets("No secrets here.", { code: "" })).toBe("No secrets here.");
  });

  it("rest whole only in development", () => {
    expect(keepsSecrets({ ENVIRONMENT: "development" })).toBe(true);
    expect(keepsSecrets({ ENVIRONMENT: "preview" })).toBe(false);
    expect(keepsSecrets({ ENVIRONMENT: "production" })).toBe(false);
    expect(keepsSecrets({} as { ENVIRONMENT: "production" })).toBe(false);
  });
});
