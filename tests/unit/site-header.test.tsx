import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../app/components/NavLinks";
import { SiteHeader } from "../../app/components/SiteHeader";
import type { LayoutFlags } from "../../app/lib/layout";

const signedOut: Viewer = { signedIn: false, firstName: null };
const signedIn: Viewer = { signedIn: true, firstName: "Avery" };

/** Server-renders the header as a route with the given layout flags would get it. */
function header(flags: LayoutFlags, viewer: Viewer): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => <SiteHeader flags={flags} viewer={viewer} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("the shell's header follows the route's layout flags", () => {
  it("public pages: main navigation, phone, Apply Now and Log In for signed-out visitors", () => {
    const html = header({}, signedOut);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain(">FAQs<");
    expect(html).toContain(">About Us<");
    expect(html).toContain("Financial Education");
    expect(html).toContain("Apply Now");
    expect(html).toContain(">Log In<");
    expect(html).not.toContain("Log Out");
    expect(html).not.toContain("Back to Account");
  });

  it("signed-in visitors get Back to Account and Log Out instead of Apply Now and Log In", () => {
    const html = header({}, signedIn);
    expect(html).toContain("Back to Account");
    // The account page is /account (spec file 3); there is no /portal route.
    const targets = [...html.matchAll(/href="([^"]*)"[^>]*>Back to Account</g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    expect(new Set(targets)).toEqual(new Set(["/account"]));
    expect(html).toContain("Log Out");
    expect(html).not.toContain("Apply Now");
    expect(html).not.toContain(">Log In<");
  });

  it("application pages hide the navigation and show only Call Us", () => {
    const html = header({ isAppPage: true }, signedOut);
    expect(html).not.toContain('aria-label="Main"');
    expect(html).not.toContain('aria-label="Mobile"');
    expect(html).toContain("Call Us");
    expect(html).not.toContain("Apply Now");
    expect(html).not.toContain(">Log In<");
  });

  it("login-type pages hide the Log In button", () => {
    expect(header({ hidelogin: true }, signedOut)).not.toContain(">Log In<");
    expect(header({ isLoginPage: true }, signedOut)).not.toContain(">Log In<");
  });

  it("portal pages do not offer Back to Account", () => {
    expect(header({ portal: true }, signedIn)).not.toContain("Back to Account");
  });
});
