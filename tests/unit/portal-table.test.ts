import { describe, expect, it } from "vitest";
import { donutText, PAST_DUE_DONUT_TEXT } from "../../app/components/portal/CreditDonut";
import {
  cellText,
  columnsWithData,
  documentColumns,
  drawDetailText,
  transactionColumns,
  visibleColumns,
} from "../../app/components/portal/DataTable";
import { tabAfterKey } from "../../app/components/portal/DetailPanel";

describe("the reusable table's cells (spec file 3, section 2)", () => {
  it("shows amounts positive, negatives in parentheses", () => {
    expect(cellText("money", 12_345)).toBe("$123.45");
    expect(cellText("money", -6_000)).toBe("($60.00)");
    expect(cellText("money", 0)).toBe("$0.00");
  });

  it("formats date columns as every date is read, Mar. 7, 2026 (decision record 031)", () => {
    expect(cellText("date", "2026-03-07")).toBe("Mar. 7, 2026");
  });

  it("leaves empty cells empty and text as is", () => {
    expect(cellText("money", null)).toBe("");
    expect(cellText("date", null)).toBe("");
    expect(cellText("text", "Cash Advance")).toBe("Cash Advance");
  });

  it("skips the download/view column in plain display", () => {
    expect(visibleColumns(documentColumns, false).map((c) => c.header)).toEqual([
      "Trans. ID",
      "Date",
      "Amount",
      "Due Date",
      "Billing Statements",
      "Line Of Credit Agreement",
      "Download/View",
    ]);
    expect(visibleColumns(documentColumns, true).map((c) => c.header)).not.toContain("Download/View");
    expect(visibleColumns(transactionColumns, true).map((c) => c.header)).toEqual([
      "Date",
      "Amount",
      "Description",
      "Trans. ID",
    ]);
  });

  it("drops document columns no row fills, keeping download/view", () => {
    const statement = {
      key: "s1",
      id: "",
      date: "2026-11-20",
      dueDate: null,
      amountCents: null,
      statement: "Billing Statement",
      agreement: "",
      href: "/documents/statements/s1",
    };
    expect(columnsWithData(documentColumns, [statement]).map((c) => c.key)).toEqual(["date", "statement", "download"]);
  });

  it("a statement row shows its date, amount and due date; no Trans. ID", () => {
    const statement = {
      key: "S9-2026-12-04",
      id: "",
      date: "2026-11-20",
      dueDate: "2026-12-04",
      amountCents: 4_328,
      statement: "Billing Statement",
      agreement: "",
      href: "/documents/statements/S9-2026-12-04",
    };
    expect(columnsWithData(documentColumns, [statement]).map((c) => c.header)).toEqual([
      "Date",
      "Amount",
      "Due Date",
      "Billing Statements",
      "Download/View",
    ]);
  });

  it("a Cash Advance row's detail names the fee and the amount deposited; other rows have none", () => {
    expect(drawDetailText({ feeCents: 2_500, depositedCents: 47_500 })).toBe("Fee $25.00, $475.00 deposited");
    expect(drawDetailText(null)).toBeNull();
    const description = transactionColumns.find((c) => c.key === "description")!;
    const row = {
      key: "0:1",
      id: "123456789",
      date: "2026-11-20",
      amountCents: 50_000,
      description: "Cash Advance",
      draw: { feeCents: 2_500, depositedCents: 47_500 },
    };
    expect(description.detail?.(row)).toBe("Fee $25.00, $475.00 deposited");
    expect(description.detail?.({ ...row, description: "Payment", draw: null })).toBeNull();
  });
});

describe("the credit donut's words", () => {
  it("uses credit used percent as the spec defines it: available / limit, rounded", () => {
    expect(donutText(25_000, 100_000, false)).toEqual({
      percent: 25,
      label: "Available credit $250.00 of $1,000 (25% available)",
    });
    expect(donutText(66_667, 100_000, false).percent).toBe(67);
  });

  it("is 0% for a zero limit, and the past-due notice for delinquent or charged-off accounts", () => {
    expect(donutText(0, 0, false).percent).toBe(0);
    expect(donutText(50_000, 100_000, true)).toEqual({
      percent: 0,
      label: `${PAST_DUE_DONUT_TEXT}. Available credit $0.00`,
    });
    expect(PAST_DUE_DONUT_TEXT).toBe("YOUR ACCOUNT IS Past Due");
  });
});

describe("View all panel tabs (WAI-ARIA keyboard)", () => {
  it("arrows move and wrap, Home and End jump, other keys do nothing", () => {
    expect(tabAfterKey("ArrowRight", 0, 2)).toBe(1);
    expect(tabAfterKey("ArrowRight", 1, 2)).toBe(0);
    expect(tabAfterKey("ArrowLeft", 0, 2)).toBe(1);
    expect(tabAfterKey("Home", 1, 2)).toBe(0);
    expect(tabAfterKey("End", 0, 2)).toBe(1);
    expect(tabAfterKey("Enter", 0, 2)).toBeNull();
  });
});
