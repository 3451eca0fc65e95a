import { describe, expect, it } from "vitest";
import { lineLocationHint } from "#domain/rules/location";

describe("where a line's object is created", () => {
  it("puts a borrower in a western state in western North America", () => {
    for (const state of ["WA", "CA", "AZ", "HI", "AK", " or "]) expect(lineLocationHint(state), state).toBe("wnam");
  });

  it("puts everyone else in eastern North America", () => {
    for (const state of ["OH", "TX", "FL", "NY", "MO", "IN", ""]) expect(lineLocationHint(state), state).toBe("enam");
  });
});
