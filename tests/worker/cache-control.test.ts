import { describe, expect, it } from "vitest";
import { signedInBorrower } from "./helpers/borrowers";
import { send } from "./helpers/http";

/**
 * Caching is decided, never left to a browser's or a proxy's guess (issue
 * 14, item 11): signed-in API answers are `no-store`; the signed-out login
 * page (it carries notices and a form) and the 404 (any address at all)
 * are `no-store` too; public pages keep their edge-cache headers
 * (edge-cache tests); files set their own.
 */

describe("Cache-Control", () => {
  it("signed-in GET /api/passkeys is no-store", async () => {
    const b = await signedInBorrower("current");
    const res = await send("/api/passkeys", { cookie: b.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  }, 60_000);

  it("every API answer without a caching policy of its own is no-store (refusals too)", async () => {
    for (const [method, path] of [
      ["GET", "/api/passkeys"],
      ["POST", "/api/passkeys/login/options"],
      ["GET", "/api/nothing-here"],
      ["GET", "/api/health"],
    ] as const) {
      const res = await send(path, {
        method,
        body: method === "POST" ? "{}" : null,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.headers.get("Cache-Control"), `${method} ${path} ${res.status}`).toBe("private, no-store");
    }
    // Public, unchanging answers keep theirs.
    expect((await send("/api/calendar/holidays?year=2026")).headers.get("Cache-Control")).toBe("public, max-age=86400");
  });

  it("the signed-out login page and the 404 are no-store", async () => {
    for (const path of ["/login", "/login?logout=idle", "/no-such-page", "/apply/personal", "/forgot-password"]) {
      const res = await send(path);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
      await res.body?.cancel();
    }
  });
});
