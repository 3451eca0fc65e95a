import { expect, test } from "@playwright/test";
import { pageProblems } from "./fixtures/checks";
import { controlsOf } from "./fixtures/controls";
import { shapeOf } from "./fixtures/shape";

/**
 * The crawler's own checks, on pages written here: each kind of bug it
 * must catch is caught, and an ordinary page passes.
 */
const shell = (main: string) =>
  `<!doctype html><html><body><header><a href="/">Home</a></header><main>${main}</main></body></html>`;

test("an ordinary page has no problems", async ({ page }) => {
  await page.setContent(
    shell(`<h1>Account</h1><table><tr><td>Balance</td><td>$0.00</td></tr></table><p>Not null at all</p>`),
  );
  expect(await pageProblems(page)).toEqual([]);
});

test("a bare null, undefined or NaN standing as a cell's, an element's or a field's whole value is found", async ({
  page,
}) => {
  await page.setContent(
    shell(
      `<table><tr><td>Due</td><td class="cell-amount">NaN</td></tr></table><dl><dt>Date</dt><dd>undefined</dd></dl><input name="amount" value="null">`,
    ),
  );
  const problems = await pageProblems(page);
  expect(problems).toEqual([
    expect.stringContaining(`<td.cell-amount> in "Due NaN" shows the bare text "NaN"`),
    expect.stringContaining(`shows the bare text "undefined"`),
    `field amount holds the bare value "null"`,
  ]);
});

test("a whole page of null, and a page without a way back, are found", async ({ page }) => {
  await page.setContent(`<!doctype html><html><body>null</body></html>`);
  expect(await pageProblems(page)).toEqual([
    `the whole page is the text "null"`,
    "has no link or button (no way back but the browser's)",
  ]);
});

test("Something went wrong is found, and an open dialog must have its own way out", async ({ page }) => {
  await page.setContent(shell(`<h1>Something went wrong</h1><dialog open><p>Stuck</p></dialog>`));
  expect(await pageProblems(page)).toEqual([
    `shows "Something went wrong"`,
    "an open dialog has no link or button to leave it",
  ]);
});

test("controls: disabled, hidden and skip links are not pressed; header controls are chrome", async ({ page }) => {
  await page.setContent(
    `<header><button>Menu</button><a href="#main">Skip to main content</a></header><main id="main"><button disabled>SUBMIT</button><button style="display:none">Hidden</button><a href="#glossary">Glossary</a><details><summary>Q1</summary><button>Inside</button></details><button>CONTINUE</button></main>`,
  );
  expect((await controlsOf(page)).map((c) => `${c.region}:${c.name}`)).toEqual([
    "chrome:Menu",
    "main:Glossary",
    "main:Q1",
    "main:CONTINUE",
  ]);
});

test("URL shapes: ids become :id, words and filters stay", () => {
  const base = "http://localhost";
  expect(shapeOf("/documents/statements/S96733158-2026-11-27", base)).toBe("/documents/statements/:id");
  expect(shapeOf("/caprivacy-policy-info", base)).toBe("/caprivacy-policy-info");
  expect(shapeOf("/transactions?show=draws", base)).toBe("/transactions?show=draws");
  expect(shapeOf("/apply/approved?ID=4f9a0c2b7e1d4a6b9c3e", base)).toBe("/apply/approved?ID=:id");
});
