import AxeBuilder from "@axe-core/playwright";
import { gotoHydrated } from "./fixtures/hydrated";
import { publicPages } from "./fixtures/pages";
import { expect, test } from "./fixtures/test";

const widths = [360, 1440];

for (const width of widths) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { path } of [...publicPages, { path: "/missing-page" }]) {
      test(`${path} has no serious or critical axe violations and no sideways scroll`, async ({ page }) => {
        await page.goto(path);
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
}

test("FAQ with everything expanded and the fee chart open passes axe", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.getByRole("button", { name: "Expand All" }).click();
  let results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await page.getByRole("link", { name: "Cost of Credit" }).click();
  results = await new AxeBuilder({ page }).include("dialog").analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test("keyboard: skip link reaches the main content", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test.describe("mobile side menu", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("opens from its button, lists the navigation, Esc closes and returns focus", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = page.locator(".mobile-menu > summary");
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "FAQs" })).toBeVisible();
    await expect(menu.getByRole("link", { name: /Call Us/ })).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("closes after navigating", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.locator(".mobile-menu > summary").click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});
