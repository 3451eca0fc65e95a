import AxeBuilder from "@axe-core/playwright";
import { gotoHydrated } from "./fixtures/hydrated";
import { logInFresh, logIn as logInPatiently } from "./fixtures/portal";
import { expect, type Locator, type Page, test } from "./fixtures/test";

async function logIn(page: Page, email: string) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill("Demo!pass1");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page).toHaveURL(/\/account(closed|credit)?$/);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
}

test("the glossary opens from the portal navigation", async ({ page }) => {
  await logIn(page, "washington@demo.ridgeline.test");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Glossary of Terms" }).click();
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Glossary of Terms" })).toBeHidden();
});

/**
 * The account menu on a phone (issue 33): one row of pills that scrolls
 * sideways. Each edge with more pills beyond it shows a sign (a chevron over
 * a fade); an edge with none shows neither. The current page's pill, and a
 * pill focused by keyboard, are wholly in sight, clear of the fades.
 */
async function menuEdges(page: Page) {
  return page.getByRole("navigation", { name: "Account" }).evaluate((nav) => {
    const row = nav.querySelector("ul")!;
    const sign = (which: string) => {
      const style = getComputedStyle(nav, which);
      return style.content !== "none" && style.content !== "normal" && Number(style.opacity) > 0.5;
    };
    return { scrolls: row.scrollWidth > row.clientWidth + 1, moreBefore: sign("::before"), moreAfter: sign("::after") };
  });
}

/** Whether a pill lies inside the row and clear of its faded edges. */
async function wholeInSight(pill: Locator) {
  return pill.evaluate((a) => {
    const row = a.closest("ul")!;
    const box = row.getBoundingClientRect();
    const own = a.getBoundingClientRect();
    const style = getComputedStyle(row);
    const fade = (name: string) => Number.parseFloat(style.getPropertyValue(name)) || 0;
    return (
      own.left >= box.left + fade("--pills-fade-start") - 1 && own.right <= box.right - fade("--pills-fade-end") + 1
    );
  });
}

test("at 360 px the account menu says it scrolls, at whichever edge has more; the current and the focused pill are in sight", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logInFresh(page, "current");
  const menu = page.getByRole("navigation", { name: "Account" });
  const pill = (name: string) => menu.getByRole("link", { name, exact: true });
  await gotoHydrated(page, "/account");
  expect(await menuEdges(page)).toEqual({ scrolls: true, moreBefore: false, moreAfter: true });
  expect(await wholeInSight(pill("Account"))).toBe(true);

  // Preferences is past the first screenful: brought into sight, with a sign that more is before it.
  await gotoHydrated(page, "/preferences");
  expect(await wholeInSight(pill("Preferences"))).toBe(true);
  expect((await menuEdges(page)).moreBefore).toBe(true);
  await axe(page);

  // By keyboard, each pill in turn comes wholly into sight; at the last, nothing more after it.
  await pill("Account").focus();
  for (const name of ["Request a Draw", "Payments", "Preferences", "Glossary of Terms"]) {
    await page.keyboard.press("Tab");
    await expect(pill(name)).toBeFocused();
    await expect.poll(() => wholeInSight(pill(name)), name).toBe(true);
  }
  await expect.poll(() => menuEdges(page)).toEqual({ scrolls: true, moreBefore: true, moreAfter: false });

  // Without JavaScript too: the current page's pill starts in sight, and the sign says more is before it.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    storageState: await page.context().storageState(),
  });
  const noJs = await plain.newPage();
  await noJs.goto("/preferences");
  const plainMenu = noJs.getByRole("navigation", { name: "Account" });
  expect(await wholeInSight(plainMenu.getByRole("link", { name: "Preferences", exact: true }))).toBe(true);
  expect(await menuEdges(noJs)).toMatchObject({ scrolls: true, moreBefore: true });
  await plain.close();
});

test("a slow page load covers the portal with the loading overlay until the page arrives; a quick one never shows it", async ({
  page,
}) => {
  await logIn(page, "washington@demo.ridgeline.test");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  const status = page.locator(".loading-box");
  const overlay = page.locator(".loading-overlay");
  // Quick: the Preferences page's data comes back at once.
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Preferences" }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await expect(status).toBeEmpty();
  // Slow: hold the next page's data back for two seconds.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/account\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Account" }).click();
  await expect(status).toHaveText("Loading…");
  await expect(status).toHaveAttribute("role", "status");
  await expect(overlay).toHaveClass(/is-shown/);
  await axe(page);
  release();
  await expect(page).toHaveURL(/\/account$/);
  await expect(status).toBeEmpty();
  await expect(overlay).not.toHaveClass(/is-shown/);
});

const PORTAL_ROUTES = [
  "/account",
  "/transactions",
  "/documents",
  "/documents/agreement",
  "/draw",
  "/payments",
  "/preferences",
  "/accountclosed",
  "/accountcredit",
];

test("guests are sent to login from every portal route", async ({ page }) => {
  for (const path of PORTAL_ROUTES) {
    await page.goto(path);
    await expect(page, `guest on ${path}`).toHaveURL(/\/login$/);
  }
});

test("a closed account lands on the closed-account interrupter, from the portal pages too", async ({ page }) => {
  await logIn(page, "closed@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/accountclosed$/);
  await expect(page.getByText("Your account became inactive and was closed.")).toBeVisible();
  await expect(page.getByText(/reopen a line of credit by completing the application/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeDisabled();
  await axe(page);
  for (const path of ["/account", "/transactions", "/documents"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/accountclosed$/);
  }
});

test("a line never finalized lands on the finalize-credit interrupter with Call Now", async ({ page }) => {
  await logIn(page, "withdrawn@demo.ridgeline.test");
  await expect(page).toHaveURL(/\/accountcredit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You never finalized your Line of Credit");
  await expect(page.getByText(/call Customer Service/)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call Now/ })).toHaveAttribute("href", "tel:+18005550142");
  await axe(page);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/accountcredit$/);
});

/**
 * Issue 33, item 11: an interrupter is where an account with no portal lands,
 * so "Back to Account" there (header, menu or footer) would lead back to the
 * same page. The ways on are the page's own (Call Now, Back to Homepage) and
 * Log Out; every other page keeps Back to Account.
 */
for (const [email, path] of [
  ["withdrawn@demo.ridgeline.test", "/accountcredit"],
  ["closed@demo.ridgeline.test", "/accountclosed"],
] as const) {
  for (const width of [360, 1280]) {
    test(`${path} at ${width} px: no Back to Account (it leads back here); Log Out and the home page lead on`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await logInPatiently(page, email);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      if (width === 360) await page.getByText("Menu", { exact: true }).click();
      await expect(page.getByRole("link", { name: "Back to Account" })).toHaveCount(0);
      await expect(page.locator('a[href="/account"]')).toHaveCount(0);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("button", { name: "Log Out" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Home", exact: true })).toBeVisible();
      // The open menu covers the page at 360 px: Escape closes it.
      if (width === 360) await page.keyboard.press("Escape");
      await footer.getByRole("button", { name: "Log Out" }).click();
      await expect(page.getByText("You have been logged out.")).toBeVisible();
    });
  }
}

test("a portal page keeps Back to Account in the footer", async ({ page }) => {
  await logInPatiently(page, "washington@demo.ridgeline.test");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Preferences" }).click();
  await expect(page).toHaveURL(/\/preferences$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Back to Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test("a signed-in borrower on an unknown path gets the 404 page with a 404 status", async ({ page }) => {
  await logInFresh(page, "current");
  for (const path of ["/account/nothing-here", "/statements"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404");
    await expect(page.getByText("We couldn't find that page!.")).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");
  await axe(page);
});

test("a portal page logs out by itself after 30 idle minutes", async ({ page }) => {
  await page.clock.install();
  await logInFresh(page, "current");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.clock.runFor("29:00");
  await expect(page).toHaveURL(/\/account$/);
  await page.clock.runFor("01:01");
  await expect(page).toHaveURL(/\/login\?logout=idle$/);
  await expect(
    page.getByText("For your security, you were logged out after 30 minutes without activity."),
  ).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login$/);
});
