import { describe, expect, it } from "vitest";
import { landingFor } from "#server/access/sign-in";

describe("where sign-in lands (spec file 2, sections 2.1 and 4)", () => {
  it("sends G to esign-contact with valid e-signatures, to the approved page without", () => {
    expect(landingFor("G", true)).toBe("/esign/contact");
    expect(landingFor("G", false)).toBe("/apply/approved");
  });

  it("sends W to the finalize-credit interrupter and anything else to the portal", () => {
    expect(landingFor("W", false)).toBe("/accountcredit");
    expect(landingFor("O", true)).toBe("/account");
    expect(landingFor("C", false)).toBe("/account");
    expect(landingFor(undefined, undefined)).toBe("/account");
  });
});
