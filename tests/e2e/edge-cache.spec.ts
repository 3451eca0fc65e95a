import { E2E_SESSION_ID, seededSessionCookie } from "./fixtures/constants";
import { expect, test } from "./fixtures/test";

test("signed-out visitors are served public pages from the edge cache", async ({ request }) => {
  const path = `/how-it-works?cache-probe=${Date.now()}`;
  const first = await request.get(path);
  expect(first.headers()["x-edge-cache"]).toBe("MISS");
  const second = await request.get(path);
  expect(second.headers()["x-edge-cache"]).toBe("HIT");
  expect(await second.text()).toBe(await first.text());
  // Browsers must come back rather than keep a signed-out copy.
  expect(second.headers()["cache-control"]).toBe("no-cache");
  // The cached copy keeps its strict policy.
  expect(second.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);
});

test("the 404 page is never cached", async ({ request }) => {
  await request.get("/not-here-either");
  const again = await request.get("/not-here-either");
  expect(again.status()).toBe(404);
  expect(again.headers()["x-edge-cache"]).toBeUndefined();
});

test.describe("signed in", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([seededSessionCookie(E2E_SESSION_ID, baseURL!)]);
  });

  test("sees their own header, never the cached signed-out one", async ({ page, request }) => {
    // Warm the cache with the signed-out home page first.
    await request.get("/");
    const res = await page.goto("/");
    expect(res?.headers()["x-edge-cache"]).toBeUndefined();
    expect(res?.headers()["cache-control"]).toBe("private, no-store");
    expect(res?.headers()["cdn-cache-control"]).toBeUndefined();
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Back to Account" })).toBeVisible();
    await expect(header.getByRole("link", { name: /Apply Now/ })).toHaveCount(0);
    await expect(page.locator(".hero").getByRole("link", { name: "Back to Account" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Log Out" })).toBeVisible();
  });
});

for (const name of ["__Host-rl_session", "rl_session"]) {
  test(`an unknown ${name} cookie is cleared and the visitor is treated as signed out`, async ({ request }) => {
    const res = await request.get("/faq", { headers: { Cookie: `${name}=not-a-real-session` } });
    expect(res.headers()["set-cookie"]).toContain(`${name}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`);
    expect(await res.text()).toContain(">Log In<");
  });
}
