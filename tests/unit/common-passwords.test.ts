import { describe, expect, it } from "vitest";
import { isCommonPassword } from "../../functions/access/common-passwords";
import { meetsPasswordCriteria } from "../../functions/passwords";

describe("new passwords", () => {
  it("meet the criteria: 8-20 characters, upper, lower, digit, special, no spaces", () => {
    expect(meetsPasswordCriteria("Ridge!line42")).toBe(true);
    for (const bad of ["Ri!1a", "ridge!line42", "RIDGE!LINE42", "Ridge!linexx", "Ridgeline42", "Ridge line!42", "Ridge!line42Ridge!line42"]) {
      expect(meetsPasswordCriteria(bad)).toBe(false);
    }
  });

  it("are refused when among the 10,000 most common passwords, whatever the case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("qwerty123")).toBe(true);
    expect(isCommonPassword("Ridge!line42")).toBe(false);
  });
});
