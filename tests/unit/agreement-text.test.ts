import { describe, expect, it } from "vitest";
import { servicing } from "#domain/config";
import { agreementHtml } from "../../functions/servicing/agreements";

const party = { firstName: "Avery", lastName: "O'Neil", creditLimitCents: 75_000, lineId: 42 };

describe("the Line of Credit Agreement's text", () => {
  const html = agreementHtml("agrcredit", party);

  it("names the borrower (escaped), the account and the limit", () => {
    expect(html).toContain("Account 42.");
    expect(html).toContain("Avery O&#39;Neil");
    expect(html).toContain("Your credit limit is $750");
  });

  it("states the payment order of 0-decisions.md", () => {
    expect(html).toContain(
      "Payments apply to the earliest due date first: fees first, then the rest of the required payment, then the remaining principal.",
    );
  });

  it("promises the changes notice of spec file 3, section 9 (15 days)", () => {
    expect(servicing.termsChangeNoticeDays).toBe(15);
    expect(html).toContain("at least 15 days before any change to these terms takes effect");
  });
});
