import { describe, expect, it } from "vitest";
import { signedAtText } from "../../functions/servicing/agreements";

describe("an agreement's signing time", () => {
  it("reads as Eastern time a borrower knows, in winter and in summer", () => {
    expect(signedAtText("2026-11-25T21:05:00.000Z")).toBe("Nov. 25, 2026 at 4:05 p.m. Eastern");
    expect(signedAtText("2026-07-04T16:30:00.000Z")).toBe("Jul. 4, 2026 at 12:30 p.m. Eastern");
    // Just after midnight UTC is still the evening before in New York.
    expect(signedAtText("2026-03-01T03:15:00.000Z")).toBe("Feb. 28, 2026 at 10:15 p.m. Eastern");
  });
});
