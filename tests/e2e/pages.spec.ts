import { gotoHydrated } from "./fixtures/hydrated";
import { publicPages } from "./fixtures/pages";
import { expect, test } from "./fixtures/test";

test.describe("public pages render on the server", () => {
  for (const page of publicPages) {
    test(`${page.path} answers 200 with its heading in the HTML`, async ({ request }) => {
      const res = await request.get(page.path);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("text/html");
      const html = await res.text();
      expect(html).toContain(`<h1>${page.heading}</h1>`);
      expect(html).toContain('<html lang="en">');
    });
  }
});

test("home page: hero, max line from config, apply, eSign log in, anchors, four steps, comparison", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Access the funds you need - when you need them");
  await expect(page.locator(".hero-limit")).toHaveText("Lines of Credit up to $3,500");
  await expect(page.getByRole("link", { name: "APPLY NOW", exact: true })).toHaveAttribute(
    "href",
    "/apply/personal?start=1",
  );
  await expect(page.locator(".esign-prompt")).toHaveText("Do you need to eSign? Log In");
  for (const [name, id] of [
    ["How it Works", "#how-it-works"],
    ["What is it", "#what-is-it"],
    ["Benefits to You", "#benefits"],
  ]) {
    await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name })).toHaveAttribute(
      "href",
      id!,
    );
  }
  await expect(page.locator(".steps h3")).toHaveText(["Apply Online", "eSign", "Request Funds", "Get the Funds"]);
  const variable = page.getByRole("row", { name: /Variable interest/ });
  await expect(variable.getByRole("cell")).toHaveText(["No", "Yes"]);
  await expect(page.getByRole("link", { name: /Financial Education Center/ })).toHaveAttribute("target", "_blank");
});

test("shell: header, phone, navigation, Apply Now pill and footer with the consumer notice", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "1.800.555.0142" })).toHaveAttribute("href", "tel:+18005550142");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link")).toHaveText(["Home", /Financial Education/, "FAQs", "About Us"]);
  await expect(header.getByRole("link", { name: /Apply Now/ })).toContainText("Lines of credit up to $3,500");
  await expect(header.getByRole("link", { name: "Log In" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: "Consumer notice" })).toBeVisible();
  await expect(footer).toContainText(
    "a $500 draw on a bi-weekly or semi-monthly pay cycle carries a cash advance fee of $25",
  );
  await expect(footer.getByRole("link", { name: /Privacy Notice \(PDF\)/ })).toHaveAttribute(
    "href",
    "/documents/privacy-notice.pdf",
  );
  await expect(footer.getByRole("link", { name: /South Carolina Disclosure/ })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Website Terms" })).toHaveAttribute("href", "/termsandconditions");
  await expect(footer).toContainText("1200 Ridgeline Parkway");
  await expect(footer).toContainText("© 2026 Ridgeline Credit, LLC");
});

test("navigating between pages works and lands at the top", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQs" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  expect(await page.evaluate(() => [window.scrollX, window.scrollY])).toEqual([0, 0]);
});

test("unknown paths show the 404 page with status 404", async ({ page }) => {
  const res = await page.goto("/no-such-page/at-all");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error 404");
  await expect(page.getByText("We couldn't find that page!.")).toBeVisible();
  await page.getByRole("link", { name: "Back to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("document pages show the seeded documents with configuration values filled in", async ({ page }) => {
  await page.goto("/about-us");
  await expect(page.locator(".document-body")).toContainText("Ridgeline Credit");
  await expect(page.locator(".document-body")).not.toContainText("{{");
  await page.goto("/privacy-policy");
  await expect(page.locator(".document-body")).toContainText("September 2022");
});

test("footer PDFs are real PDF documents", async ({ request }) => {
  for (const file of ["privacy-notice.pdf", "privacy-notice-opt-out.pdf", "sc-disclosure.pdf"]) {
    const res = await request.get(`/documents/${file}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const body = await res.body();
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(body.toString()).toContain("%%EOF");
  }
  expect((await request.get("/documents/other.pdf")).status()).toBe(404);
});

test("how it works: four-step carousel switches slides by click and arrow keys", async ({ page }) => {
  await gotoHydrated(page, "/how-it-works");
  await expect(page.getByRole("heading", { name: "Requirements" })).toBeVisible();
  for (const text of ["Be 18 or older", "Be a US resident", "Have a steady income", "Have an active bank account"]) {
    await expect(page.getByText(text)).toBeVisible();
  }
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(4);
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
  await tabs.nth(2).click();
  await expect(page.getByRole("tabpanel")).toContainText("Request a draw by phone or through the online portal");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(3)).toBeFocused();
  await expect(page.getByRole("tabpanel")).toContainText("Keep up with your minimum payments");
  await page.keyboard.press("Home");
  await expect(page.getByRole("tabpanel")).toContainText("Complete the online application");
  await expect(page.getByRole("link", { name: "Apply Now" }).last()).toHaveAttribute("href", "/apply/personal?start=1");
});
