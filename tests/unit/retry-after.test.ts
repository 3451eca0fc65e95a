import { describe, expect, it } from "vitest";
import { tryAgainIn } from "#server/http/retry-after";

describe("tryAgainIn: when to try again, never too early", () => {
  it("rounds up to whole minutes, then hours", () => {
    expect(tryAgainIn(0)).toBe("in a minute");
    expect(tryAgainIn(59)).toBe("in a minute");
    expect(tryAgainIn(61)).toBe("in 2 minutes");
    expect(tryAgainIn(52 * 60 - 5)).toBe("in 52 minutes");
    expect(tryAgainIn(3_300)).toBe("in about an hour");
    expect(tryAgainIn(3_600)).toBe("in about an hour");
    expect(tryAgainIn(3_601)).toBe("in about 2 hours");
  });
});
