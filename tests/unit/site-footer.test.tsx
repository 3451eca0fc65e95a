import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../app/components/NavLinks";
import { SiteFooter } from "../../app/components/SiteFooter";
import type { LayoutFlags } from "../../app/lib/layout";

const signedOut: Viewer = { signedIn: false, firstName: null };
const signedIn: Viewer = { signedIn: true, firstName: "Avery" };

/** Server-renders the footer as a route with the given layout flags would get it. */
function footer(flags: LayoutFlags, viewer: Viewer): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SiteFooter flags={flags} viewer={viewer} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

// Issue 33, item 11: on an interrupter the account page leads straight back, so the footer does not offer it.
describe("the footer's first link", () => {
  it("signed out: Log In", () => {
    const html = footer({}, signedOut);
    expect(html).toContain(">Log In<");
    expect(html).not.toContain("Back to Account");
  });
  it("signed in, on a public or portal page: Back to Account and Log Out", () => {
    for (const flags of [{}, { portal: true }]) {
      const html = footer(flags, signedIn);
      expect(html).toContain('href="/account"');
      expect(html).toContain("Back to Account");
      expect(html).toContain("Log Out");
    }
  });
  it("signed in, on an interrupter (/accountclosed, /accountcredit): no Back to Account, Log Out stays", () => {
    const html = footer({ portal: true, interrupter: true }, signedIn);
    expect(html).not.toContain("Back to Account");
    expect(html).not.toContain('href="/account"');
    expect(html).toContain("Log Out");
  });
});
