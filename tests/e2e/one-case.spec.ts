import { logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * Issue 33, item 12: buttons mixed APPLY NOW with Apply Now, SUBMIT with Log
 * Out. Every button on the site shows one case (capitals): what a person
 * reads (innerText applies the page's text-transform), on public pages, the
 * application, access, e-sign and the portal, at 360 and 1280 px.
 */
async function mixedCase(page: Page): Promise<string[]> {
  return page.locator(".button").evaluateAll((buttons) =>
    buttons
      .filter((b) => (b as HTMLElement).offsetParent !== null)
      .map((b) => {
        const clone = b.cloneNode(true) as HTMLElement;
        // A button's own qualifier (the Apply Now pill's "Lines of credit up to …") and screen-reader-only words keep their case.
        for (const quiet of clone.querySelectorAll(".pill-note, .visually-hidden")) quiet.remove();
        const shown = (b as HTMLElement).innerText;
        const note = [...b.querySelectorAll<HTMLElement>(".pill-note, .visually-hidden")].map((n) => n.innerText);
        const own = note.reduce((text, part) => text.replace(part, ""), shown).trim();
        return own === own.toUpperCase() ? "" : `${location.pathname}: "${own}"`;
      })
      .filter(Boolean),
  );
}

for (const width of [360, 1280]) {
  test(`every button shows one case at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const found: string[] = [];
    for (const path of ["/", "/how-it-works", "/faq", "/login", "/forgot-password", "/apply/personal?start=1"]) {
      await page.goto(path);
      found.push(...(await mixedCase(page)));
    }
    await logInFresh(page, "current");
    for (const path of ["/account", "/draw", "/payments", "/preferences", "/transactions", "/documents", "/"]) {
      await page.goto(path);
      found.push(...(await mixedCase(page)));
    }
    expect(found).toEqual([]);
  });
}
