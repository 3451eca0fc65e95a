import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_CSP, inlineScriptHashes, pageCsp, withSecurityHeaders } from "#server/http/security-headers";

const sha = (text: string) => createHash("sha256").update(text).digest("base64");

describe("Content-Security-Policy", () => {
  it("hashes every inline script and skips external ones", async () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module" async="">import "/y.js";</script><script>a()</script>`;
    expect(await inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/y.js";')]);
  });

  it("allows only our origin and the listed hashes: no unsafe-inline, no framing", () => {
    const csp = pageCsp(["abc="]);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("withSecurityHeaders", () => {
  it("adds the standard headers and the locked-down policy to non-page responses", () => {
    const res = withSecurityHeaders(new Response("{}"));
    expect(res.headers.get("Content-Security-Policy")).toBe(API_CSP);
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
  });

  it("keeps a page's own policy", () => {
    const page = new Response("<html></html>", { headers: { "Content-Security-Policy": pageCsp([]) } });
    expect(withSecurityHeaders(page).headers.get("Content-Security-Policy")).toBe(pageCsp([]));
  });
});
