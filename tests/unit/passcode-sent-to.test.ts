import { describe, expect, it } from "vitest";
import { maskPhone, passcodeExpiry, passcodeSentTo } from "#domain/access-flow";
import { security } from "#domain/config";

// Issue 15: the passcode step says where the code went, and a phone call is "called", not "sent".
describe("the passcode step says where the code went", () => {
  it("a text names the masked number", () => {
    expect(passcodeSentTo({ id: "phone0", kind: "Text", label: maskPhone("6145550101") })).toBe(
      "We sent a six-digit passcode by text to (xxx) xxx-0101.",
    );
  });
  it("a call says 'called' with the masked number", () => {
    expect(passcodeSentTo({ id: "phone1", kind: "Call", label: maskPhone("6145550199") })).toBe(
      "We called (xxx) xxx-0199 with a six-digit passcode.",
    );
  });
  it("an e-mail names the masked address", () => {
    expect(passcodeSentTo({ id: "email", kind: "Email", label: "j***@example.com" })).toBe(
      "We sent a six-digit passcode to j***@example.com.",
    );
  });
});

// Issue 33, item 10: the lifetime comes from the configuration, and a code sent earlier is not said to last 10 minutes from now.
describe("the passcode step says when the code expires", () => {
  it("a code just sent: in the configured minutes", () => {
    expect(security.passcodeValidMinutes).toBe(10);
    expect(passcodeExpiry(true)).toBe("It expires in 10 minutes.");
  });
  it("the last code, once resends are used up: counted from when it was sent", () => {
    expect(passcodeExpiry(false)).toBe("It expires 10 minutes after it was sent.");
  });
});
