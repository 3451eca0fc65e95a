import { E2E_LOGOUT_SESSION_ID, seededSessionCookie } from "./fixtures/constants";
import { gotoHydrated } from "./fixtures/hydrated";
import { expect, test } from "./fixtures/test";

test("Log Out ends the session on the server and the shell shows Log In again", async ({ page, context, baseURL }) => {
  await context.addCookies([seededSessionCookie(E2E_LOGOUT_SESSION_ID, baseURL!)]);
  await gotoHydrated(page, "/faq");
  await page.getByRole("banner").getByRole("button", { name: "Log Out" }).click();
  // 0-decisions.md: the home page then says so.
  await expect(page).toHaveURL(/\/\?loggedout$/);
  await expect(page.getByRole("status")).toHaveText("You have been logged out.");
  await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
  // The old cookie value no longer signs anyone in.
  await context.addCookies([seededSessionCookie(E2E_LOGOUT_SESSION_ID, baseURL!)]);
  await page.goto("/faq");
  await expect(page.getByRole("banner").getByRole("link", { name: "Log In" })).toBeVisible();
});
