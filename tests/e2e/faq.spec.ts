import { gotoHydrated } from "./fixtures/hydrated";
import { expect, test } from "./fixtures/test";

const sectionTitles = [
  "About",
  "Eligibility",
  "Application",
  "Draw",
  "Cost & Fees",
  "Statement & Account Information",
  "Payments",
  "Contact Us",
];

test("eight sections in order; Expand All / Collapse All toggles every one", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, "/faq");
  await expect(page.locator(".faq-section > summary h2")).toHaveText(sectionTitles);
  const sections = page.locator("details.faq-section");
  await expect(page.locator("details.faq-section[open]")).toHaveCount(0);
  await page.getByRole("button", { name: "Expand All" }).click();
  await expect(page.locator("details.faq-section[open]")).toHaveCount(8);
  await expect(page.locator("details.faq-item:not([open])")).toHaveCount(0);
  await page.getByRole("button", { name: "Collapse All" }).click();
  await expect(page.locator("details[open]")).toHaveCount(0);
  await expect(sections).toHaveCount(8);
});

test("About starts open at 1023px and narrower, closed when wider", async ({ page }) => {
  await page.setViewportSize({ width: 1023, height: 800 });
  await gotoHydrated(page, "/faq");
  await expect(page.locator("#faq-about")).toHaveAttribute("open", "");
  await page.setViewportSize({ width: 1024, height: 800 });
  await gotoHydrated(page, "/faq");
  await expect(page.locator("#faq-about")).not.toHaveAttribute("open", "");
});

test("Cost of Credit opens the fee chart popup; Esc closes it and focus returns", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.locator("#faq-cost-fees > summary").click();
  await page.locator("#cost-of-credit > summary").click();
  const link = page.getByRole("link", { name: "Cost of Credit" });
  await link.click();
  const dialog = page.getByRole("dialog", { name: "Cost of Credit" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("row", { name: /\$3,250.01 - \$3,500.00/ }).getByRole("cell")).toHaveText([
    "$170.00",
    "$340.00",
  ]);
  await expect(dialog.getByRole("row", { name: /\$0.00 - \$10.00/ }).getByRole("cell")).toHaveText(["$0.00", "$0.00"]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(link).toBeFocused();
});

test("the fee chart popup closes with its X, and keeps focus inside while open", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.locator("#faq-cost-fees > summary").click();
  await page.locator("#cost-of-credit > summary").click();
  await page.getByRole("link", { name: "Cost of Credit" }).click();
  const dialog = page.getByRole("dialog", { name: "Cost of Credit" });
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(
      await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body),
    ).toBe(true);
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("the account-closure link opens the Statement section and scrolls to the closure item", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.getByRole("button", { name: "Expand All" }).click();
  await page.getByRole("button", { name: "Collapse All" }).click();
  const link = page.locator('a[href="#account-closure"]').first();
  // The link sits inside an answer; open its section and item first.
  const item = link.locator("xpath=ancestor::details[contains(@class,'faq-item')]");
  const section = link.locator("xpath=ancestor::details[contains(@class,'faq-section')]");
  await section.locator("> summary").click();
  await item.locator("> summary").click();
  await link.click();
  await expect(page.locator("#faq-statement")).toHaveAttribute("open", "");
  await expect(page.locator("#account-closure")).toHaveAttribute("open", "");
  await expect(page.locator("#account-closure")).toBeInViewport();
});

test("the terms popup loads the terms from the document store on demand", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.locator("#faq-application > summary").click();
  const link = page.locator('#faq-application a[href="/termsandconditions"]');
  const item = link.locator("xpath=ancestor::details[contains(@class,'faq-item')]");
  await item.locator("> summary").click();
  const loaded = page.waitForResponse("**/api/documents/termsConditions");
  await link.click();
  expect((await loaded).status()).toBe(200);
  const dialog = page.getByRole("dialog", { name: "Terms and Conditions" });
  await expect(dialog.locator(".document-body h2").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
