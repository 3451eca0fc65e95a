import { describe, expect, it } from "vitest";
import { maskPhone, passcodeSentTo } from "#domain/access-flow";

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
