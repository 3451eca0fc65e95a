import { describe, expect, it } from "vitest";
import { creditUsedPercent } from "#domain/rules/standing";
import { accountState, type Book, type LineStatus } from "../../functions/servicing/engine/index";

describe("account standing (spec file 3, section 4), as the engine derives it", () => {
  const book = (status: LineStatus, chargedOffOn: string | null = null): Book => ({
    line: {
      id: 1,
      creditLimitCents: 50_000,
      payFrequency: "B",
      payAnchorDate: "2026-01-02",
      repaymentMethod: "K",
      status,
      openedOn: "2026-01-05",
      chargedOffOn,
    },
    entries: [{ id: "D1", kind: "draw", amountCents: 20_000, effectiveDate: "2026-01-05", postedAt: 1 }],
    statements: [],
    scheduled: [],
  });

  it("is current with nothing past due, charged off from the charge-off day, and a line not open has its status's standing", () => {
    expect(accountState(book("open"), "2026-01-06").standing).toBe("current");
    expect(accountState(book("open", "2026-05-01"), "2026-05-01").standing).toBe("charged_off");
    expect(accountState(book("awaiting_esign"), "2026-01-06").standing).toBe("awaiting_esign");
    expect(accountState(book("withdrawn"), "2026-01-06").standing).toBe("withdrawn");
    expect(accountState(book("closed", "2026-05-01"), "2026-06-01").standing).toBe("closed");
  });
});

describe("credit used percent (spec file 3, section 5)", () => {
  it("is round(available / limit x 100)", () => {
    expect(creditUsedPercent(75_000, 100_000)).toBe(75);
    expect(creditUsedPercent(33_350, 100_000)).toBe(33);
    expect(creditUsedPercent(33_550, 100_000)).toBe(34);
    expect(creditUsedPercent(100_000, 100_000)).toBe(100);
  });

  it("is 0 when the limit is 0, and never outside 0-100", () => {
    expect(creditUsedPercent(50_000, 0)).toBe(0);
    expect(creditUsedPercent(0, 100_000)).toBe(0);
    expect(creditUsedPercent(-500, 100_000)).toBe(0);
    expect(creditUsedPercent(120_000, 100_000)).toBe(100);
  });
});
