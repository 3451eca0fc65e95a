import { describe, expect, it } from "vitest";
import { formatMoney, formatPercent, formatPhone, phoneHref } from "#domain/format";

describe("display formatting", () => {
  it("formats cents as dollars, with cents only when needed or asked", () => {
    expect(formatMoney(350_000)).toBe("$3,500");
    expect(formatMoney(1_250)).toBe("$12.50");
    expect(formatMoney(1_000, { cents: true })).toBe("$10.00");
    expect(formatMoney(0)).toBe("$0");
  });

  it("shows phones with dots instead of hyphens (spec file 1, section 9)", () => {
    expect(formatPhone("18005550142")).toBe("1.800.555.0142");
    expect(formatPhone("8005550142")).toBe("800.555.0142");
    expect(phoneHref("18005550142")).toBe("tel:+18005550142");
  });

  it("formats basis points as a percent", () => {
    expect(formatPercent(500)).toBe("5%");
    expect(formatPercent(1_000)).toBe("10%");
  });
});
