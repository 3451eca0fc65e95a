import { describe, expect, it } from "vitest";
import { lineLocationHint, requestLocationHint } from "#domain/rules/location";

describe("where a line's object is created", () => {
  it("puts a borrower in a western state in western North America", () => {
    for (const state of ["WA", "CA", "AZ", "HI", "AK", " or "]) expect(lineLocationHint(state), state).toBe("wnam");
  });

  it("puts everyone else in eastern North America", () => {
    for (const state of ["OH", "TX", "FL", "NY", "MO", "IN", ""]) expect(lineLocationHint(state), state).toBe("enam");
  });

  it("follows the request that opens the line when it came from a US state, else the address", () => {
    expect(requestLocationHint("US-WA")).toBe("wnam");
    expect(requestLocationHint("us-hi")).toBe("wnam");
    expect(requestLocationHint("US-OH")).toBe("enam");
    for (const region of ["FR-IDF", "CA-BC", "US", "", null, undefined, "US-WA; x"])
      expect(requestLocationHint(region), String(region)).toBeNull();
  });
});
