import { describe, expect, it } from "vitest";
import { isCommonPassword, normalisedForms } from "#domain/common-passwords";
import { COMMON_PASSWORDS_TEXT } from "#domain/common-passwords-list";
import { meetsPasswordCriteria } from "#domain/passwords";

describe("new passwords", () => {
  it("meet the criteria: 8-20 characters, upper, lower, digit, special, no spaces", () => {
    expect(meetsPasswordCriteria("Ridge!line42")).toBe(true);
    for (const bad of [
      "Ri!1a",
      "ridge!line42",
      "RIDGE!LINE42",
      "Ridge!linexx",
      "Ridgeline42",
      "Ridge line!42",
      "Ridge!line42Ridge!line42",
    ]) {
      expect(meetsPasswordCriteria(bad)).toBe(false);
    }
  });

  it("the project's list holds 10,000 distinct lower-case passwords, most common first", () => {
    const list = COMMON_PASSWORDS_TEXT.split("\n");
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p.length > 0 && p === p.toLowerCase())).toBe(true);
    expect(list.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });

  it("are refused when among the 10,000 most common passwords, whatever the case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("Password1")).toBe(true);
    expect(isCommonPassword("qwerty123")).toBe(true);
    expect(isCommonPassword("Ridge!line42")).toBe(false);
  });

  // 0-decisions.md: lower-case, strip trailing digits and symbols, undo 0→o, 1→i/l, 3→e, 4/@→a, 5/$→s, 7→t.
  it.each([
    "Password1!",
    "Passw0rd!",
    "Welcome1!",
    "P@ssw0rd",
    "P@$$w0rd2024!",
    "Dr4g0n!!",
    "M0nk3y#1",
    "Sunsh1ne!",
    "L3tm31n!",
  ])("'%s' is refused: a common word dressed up with case, swaps and a tail", (password) =>
    expect(isCommonPassword(password)).toBe(true),
  );

  it.each(["Ridge!line42", "Tr4vel-Blue-Kite9", "Q7v!mZ2pLx", "Granite&Otter58", "kX9#mPq2Lw"])(
    "'%s' (strong) is accepted",
    (password) => {
      expect(meetsPasswordCriteria(password)).toBe(true);
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it("tries 1 as both i and l, and undoes swaps before and after the tail is stripped", () => {
    const forms = normalisedForms("F1ower!");
    expect(forms).toContain("fiower");
    expect(forms).toContain("flower");
    expect(normalisedForms("Passw0rd!")).toContain("password");
    expect(normalisedForms("hell0")).toContain("hello");
  });
});
