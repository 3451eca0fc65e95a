import { gotoHydrated } from "./fixtures/hydrated";
import { publicPages } from "./fixtures/pages";
import { expect, test, visitorIp } from "./fixtures/test";

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
}

test("every page carries the security headers and a hash-based script policy", async ({ request }) => {
  for (const { path } of publicPages) {
    const res = await request.get(path);
    const headers = res.headers();
    expectSecurityHeaders(headers);
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp).not.toContain("nonce-");
  }
});

test("API responses, the 404 page, PDFs and static assets carry them too", async ({ request }) => {
  for (const path of ["/api/health", "/api/geo", "/nowhere", "/documents/privacy-notice.pdf", "/favicon.svg"]) {
    expectSecurityHeaders((await request.get(path)).headers());
  }
  expect((await request.get("/api/health")).headers()["content-security-policy"]).toContain("default-src 'none'");
});

test("pages hydrate and run with no policy violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  for (const path of ["/", "/faq", "/how-it-works", "/about-us", "/missing"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  // Hydrated: a client-only control works.
  await gotoHydrated(page, "/faq");
  await page.getByRole("button", { name: "Expand All" }).click();
  await expect(page.getByRole("button", { name: "Collapse All" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("the geo endpoint answers from the edge request", async ({ request }, testInfo) => {
  const res = await request.get("/api/geo");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { ip: string; country: string | null };
  // The client IP is the edge's CF-Connecting-IP, here this test's own visitor address (fixtures/test.ts).
  expect(body.ip).toBe(visitorIp(testInfo));
  expect(body).toHaveProperty("country");
});

test("form posts from another origin are refused", async ({ request }) => {
  const res = await request.post("/logout", { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(res.status()).toBe(403);
});

test("the embedded platform is not reachable through the site", async ({ request }) => {
  for (const path of ["/Account/GetSummary", "/Token/CreateMerchantToken", "/api/Account/GetSummary"]) {
    const get = await request.get(path);
    expect(get.status()).toBe(404);
    const post = await request.post(path, { data: {} });
    expect(post.status()).toBeGreaterThanOrEqual(400);
    expect(await post.text()).not.toContain("writtenToken");
  }
});

test("development tools exist in development: the outbox and the clock", async ({ page }) => {
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await page.goto("/dev/clock");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Servicing clock");
});
