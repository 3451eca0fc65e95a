import { publicPages } from "./fixtures/pages";
import { expect, test } from "./fixtures/test";

test.use({ javaScriptEnabled: false });

test("every page reads without JavaScript", async ({ page }) => {
  for (const { path, heading } of publicPages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
});

test("links navigate without JavaScript", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "About Us" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
});

test("the FAQ degrades to working disclosure widgets; script-only buttons are hidden", async ({ page }) => {
  await page.goto("/faq");
  await expect(page.getByRole("button", { name: "Expand All" })).toBeHidden();
  await page.locator("#faq-draw > summary").click();
  await expect(page.locator("#faq-draw")).toHaveAttribute("open", "");
  await expect(page.locator("#faq-draw .faq-item").first()).toBeVisible();
});

test("the fee chart link shows the chart without JavaScript", async ({ page }) => {
  await page.goto("/faq");
  await page.locator("#faq-cost-fees > summary").click();
  await page.locator("#cost-of-credit > summary").click();
  await page.getByRole("link", { name: "Cost of Credit" }).click();
  await expect(page).toHaveURL(/#fee-chart$/);
  await expect(page.locator("#fee-chart")).toBeVisible();
  await expect(page.locator("#fee-chart table")).toContainText("$3,250.01 - $3,500.00");
});

test("the fee chart is one tap from the home page and the application without JavaScript, and Close goes back", async ({
  page,
}) => {
  for (const [path, name] of [
    ["/", "Cost of Credit"],
    ["/apply/personal?start=1", "see the Cost of Credit"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("#cost-of-credit")).toBeHidden();
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(/#cost-of-credit$/);
    await expect(page.locator("#cost-of-credit table")).toContainText("$3,250.01 - $3,500.00");
    await page.locator("#cost-of-credit").getByRole("link", { name: "Close" }).click();
    await expect(page.locator("#cost-of-credit")).toBeHidden();
  }
});

test("the how-it-works steps all read in order without JavaScript", async ({ page }) => {
  await page.goto("/how-it-works");
  await expect(page.locator(".carousel-panel")).toHaveCount(4);
  for (const panel of await page.locator(".carousel-panel").all()) await expect(panel).toBeVisible();
  await expect(page.getByRole("tab").first()).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the side menu opens without JavaScript", async ({ page }) => {
    await page.goto("/");
    await page.locator(".mobile-menu > summary").click();
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQs" })).toBeVisible();
  });
});
