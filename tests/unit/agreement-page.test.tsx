import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import Agreement from "../../app/routes/portal/agreement";

type Props = Parameters<typeof Agreement>[0];
const render = (documents: Props["loaderData"]["documents"]) =>
  renderToString(<Agreement {...({ loaderData: { documents } } as unknown as Props)} />);

describe("the Line Of Credit Agreement page", () => {
  it("says the agreement is not available when the line has no signed copy", () => {
    const html = render([]);
    expect(html).toContain("Line Of Credit Agreement");
    expect(html).toContain("This Agreement section is currently not available.");
  });

  it("shows each signed agreement as stored, and not the unavailable text", () => {
    const html = render([
      {
        kind: "agrcredit",
        title: "Line of Credit Agreement",
        html: '<h2>Line of Credit Agreement</h2><section class="signature-block">Signed by A B</section>',
        signedAt: 0,
      },
      { kind: "agrarbitration", title: "Arbitration Agreement", html: "<h2>Arbitration Agreement</h2>", signedAt: 0 },
    ]);
    expect(html).toContain("<h2>Line of Credit Agreement</h2>");
    expect(html).toContain("Signed by A B");
    expect(html).toContain("<h2>Arbitration Agreement</h2>");
    expect(html).not.toContain("currently not available");
  });
});
