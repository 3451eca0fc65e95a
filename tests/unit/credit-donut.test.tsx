import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CreditDonut } from "../../app/components/portal/CreditDonut";

describe("the credit donut's ring", () => {
  it("fills the share of credit available", () => {
    const html = renderToStaticMarkup(<CreditDonut availableCents={25_000} limitCents={100_000} pastDue={false} />);
    expect(html).toContain('class="donut-fill"');
    expect(html).toContain("25%");
  });

  it("draws no fill at 0%, so a past-due account shows no dot of colour on an empty ring", () => {
    for (const props of [
      { availableCents: 50_000, limitCents: 100_000, pastDue: true },
      { availableCents: 0, limitCents: 100_000, pastDue: false },
    ]) {
      const html = renderToStaticMarkup(<CreditDonut {...props} />);
      expect(html).not.toContain("donut-fill");
      expect(html).toContain('class="donut-track"');
    }
  });
});
