import { describe, expect, it } from "vitest";
import { security } from "#domain/config";
import { loginAttemptsWarning } from "#domain/rules/login-attempts";

// Issue 33, item 10: the login page's warning before the lock, from the platform's count of wrong passwords left.
describe("the login page's warning before the lock", () => {
  it("says nothing after the first wrong password, nor without a count (an unknown e-mail, a platform that sent none)", () => {
    expect(security.loginMaxWrong).toBe(5);
    expect(loginAttemptsWarning(4)).toBeNull();
    expect(loginAttemptsWarning(null)).toBeNull();
  });
  it("from the second wrong password, the attempts left and the lock's length", () => {
    expect(loginAttemptsWarning(3)).toBe("You have 3 attempts left before your account is locked for 30 minutes.");
    expect(loginAttemptsWarning(2)).toBe("You have 2 attempts left before your account is locked for 30 minutes.");
    expect(loginAttemptsWarning(1)).toBe("You have 1 attempt left before your account is locked for 30 minutes.");
  });
  it("says nothing at none left: the lock's own message speaks then", () => {
    expect(loginAttemptsWarning(0)).toBeNull();
  });
});
