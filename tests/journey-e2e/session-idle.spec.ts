import type { APIRequestContext } from "@playwright/test";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { freshBorrower, logIn } from "../e2e/fixtures/portal";
import { expect, test } from "../e2e/fixtures/test";

/**
 * Issue 14, item 2, as a borrower lives it: signed in, they read the public
 * pages for 35 minutes (a page every 5 minutes keeps the site's session;
 * the platform token, 30 minutes from its last call, must be kept with it),
 * then open their account. Before the fix this was an endless redirect
 * between /account and /login?logout=idle. The development clock moves the
 * minutes (it is the clock of both the session and the token), which is why
 * this runs on the journey's own site.
 */

async function moveClock(request: APIRequestContext, minutes: number) {
  const res = await request.post("/api/dev/clock", { data: { step: `+${minutes}m` } });
  expect(res.status(), await res.text()).toBe(200);
}

test("a borrower who reads public pages for 35 simulated minutes then opens Account is still signed in, with no redirect loop", async ({
  page,
}) => {
  const borrower = await freshBorrower(page.request, "current");
  await logIn(page, borrower.email, borrower.password);
  await expect(page).toHaveURL(/\/account$/);

  const publicPages = ["/faq", "/how-it-works", "/about-us", "/faq", "/how-it-works", "/about-us", "/faq"];
  for (const [i, path] of publicPages.entries()) {
    await moveClock(page.request, 5);
    await gotoHydrated(page, path);
    // Still signed in: the shell offers Log Out and the way back, not Log In.
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Back to Account" }),
      `${path} at minute ${(i + 1) * 5}`,
    ).toBeVisible();
  }

  await page.getByRole("banner").getByRole("link", { name: "Back to Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account-after-35-minutes.png"), fullPage: true });

  // And when the borrower then leaves for 31 minutes, both end together: the login page says why, once (no loop).
  await moveClock(page.request, 31);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?logout=idle$/);
  await expect(page.getByLabel("Email Address")).toBeVisible();
});
