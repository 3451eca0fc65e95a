import { describe, expect, it } from "vitest";
import { siteOrigin, siteUrl } from "#server/http/site-origin";
import { deployTarget } from "../../scripts/deploy-steps";

/**
 * Links the site sends are built from SITE_ORIGIN (issue 14, item 7): every
 * environment of wrangler.toml sets it, deployed ones to their own public
 * https URL, and a missing or malformed one fails loudly instead of guessing.
 */
describe("SITE_ORIGIN", () => {
  it("is each deployed environment's own https URL (its first passkey origin)", async () => {
    const { unstable_readConfig } = await import("wrangler");
    for (const environment of ["preview", "production"] as const) {
      const vars = unstable_readConfig({ config: "wrangler.toml", env: environment }).vars as Record<string, string>;
      expect(vars.SITE_ORIGIN, environment).toMatch(/^https:\/\/[a-z0-9.-]+$/);
      expect(siteOrigin({ SITE_ORIGIN: vars.SITE_ORIGIN! }), environment).toBe((await deployTarget(environment)).url);
    }
    const local = unstable_readConfig({ config: "wrangler.toml" }).vars as Record<string, string>;
    expect(local.SITE_ORIGIN).toBe("http://localhost:8787");
  }, 60_000);

  it("gives the origin alone, and links on it", () => {
    expect(siteOrigin({ SITE_ORIGIN: "https://ridgelinecredit.example/" })).toBe("https://ridgelinecredit.example");
    expect(siteUrl({ SITE_ORIGIN: "http://localhost:8968" }, "/reset-password?token=x")).toBe(
      "http://localhost:8968/reset-password?token=x",
    );
  });

  it("refuses a missing or malformed value", () => {
    for (const bad of ["", "ridgelinecredit.example", "javascript:alert(1)", "ftp://ridgeline.example"]) {
      expect(() => siteOrigin({ SITE_ORIGIN: bad }), bad).toThrow(/SITE_ORIGIN/);
    }
    expect(() => siteOrigin({} as { SITE_ORIGIN: string })).toThrow(/SITE_ORIGIN/);
  });
});
