import { type Applicant, applicant, applyToTheEnd } from "./fixtures/applicant";
import { agree, onConsent, REQUIRED_AGREEMENTS } from "./fixtures/esign";
import { expect, type Page, test } from "./fixtures/test";

/**
 * E-sign consent's messages (issue 33): the first draw follows the portal's
 * draw rule with the consent's messages (spec file 2, section 5), on leaving
 * the field and by form post, with no fee line for an amount that may not be
 * drawn; a message goes as soon as its answer is given.
 */

/** $1,850 every two weeks is $4,008 a month: a $1,000 line (0-decisions.md, "Application decision"). */
const thousandDollarLine = (): Applicant => applicant({ takeHomePay: "1850.00" });

const DRAW = "Draw amount ($)";
const MESSAGES = {
  increment: "Draws must be in $25 increments.",
  limit: "Your draw amount cannot exceed your credit limit",
  minimum: "The minimum draw is $100.",
};

/** Types an amount and leaves the field as a keyboard does. */
async function typeDraw(page: Page, amount: string) {
  await page.getByLabel(DRAW).fill(amount);
  await page.getByLabel(DRAW).press("Tab");
}

test("the first draw: a message on leaving the field for $1,010, $260, $1,025 and $50 on a $1,000 line, and no fee line for them", async ({
  page,
}) => {
  await onConsent(page, thousandDollarLine());
  await expect(page.getByRole("heading", { level: 1 })).toContainText("$1,000");
  const error = page.locator("#drawAmount-error");
  const figures = page.locator("#draw-figures");
  for (const [amount, message] of [
    ["1010", MESSAGES.increment],
    ["$1,010.00", MESSAGES.increment],
    ["260", MESSAGES.increment],
    ["1025", MESSAGES.limit],
    ["50", MESSAGES.minimum],
  ] as const) {
    await typeDraw(page, amount);
    await expect(error, amount).toHaveText(message);
    await expect(figures, amount).not.toContainText("you receive");
  }
  // Fixed, the message goes as the amount is typed, and the fee line says what the draw costs.
  await page.getByLabel(DRAW).fill("1000");
  await expect(error).toHaveText("");
  await expect(figures).toContainText("Cash advance fee: $50.00; you receive $950.00.");
});

test("the first draw's message waits for a press to land: ticking 'I don't want to draw right now' right after $1,025 at 360 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await onConsent(page, thousandDollarLine());
  await page.getByLabel(DRAW).fill("1025");
  // The press leaves the field: a message inserted before the release would move the box from under it.
  await page.getByLabel("I don't want to draw right now").click();
  await expect(page.getByLabel("I don't want to draw right now")).toBeChecked();
  await expect(page.getByLabel(DRAW)).toHaveValue("");
  await expect(page.locator("#drawAmount-error")).toHaveText("");
});

test("consent messages go as soon as their answer is given; the summary alert once every marked section is fixed", async ({
  page,
}) => {
  await onConsent(page, applicant());
  await page.getByRole("button", { name: "Save and Continue" }).click();
  const summary = page.locator(".step-alert");
  const texts = page.getByRole("group", { name: /marketing texts/ });
  await expect(summary).toHaveText("Please complete all sections as noted above");
  await expect(texts.locator(".field-error")).toHaveText("Please select an option");
  await texts.getByLabel("Yes").check();
  await expect(texts.locator(".field-error")).toHaveText("");
  await expect(summary, "the agreements are still marked").toHaveText("Please complete all sections as noted above");
  await agree(page, REQUIRED_AGREEMENTS[0]);
  await agree(page, REQUIRED_AGREEMENTS[1]);
  await expect(summary, "one agreement is still marked").toHaveText("Please complete all sections as noted above");
  await agree(page, REQUIRED_AGREEMENTS[2]);
  await expect(summary).toHaveText("");
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
});

test("a draw marked at Save and Continue: its message and the summary go once the amount is fixed", async ({
  page,
}) => {
  await onConsent(page, thousandDollarLine());
  for (const label of REQUIRED_AGREEMENTS) await agree(page, label);
  await page
    .getByRole("group", { name: /marketing texts/ })
    .getByLabel("Yes")
    .check();
  await page.getByLabel(DRAW).fill("1025");
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page.locator(".step-alert")).toHaveText("Please complete all sections as noted above");
  await expect(page.locator("#drawAmount-error")).toHaveText(MESSAGES.limit);
  await page.getByLabel(DRAW).fill("1000");
  await expect(page.locator("#drawAmount-error")).toHaveText("");
  await expect(page.locator(".step-alert")).toHaveText("");
});

test("the Stay informed popup says what marketing texts are, and that account messages are not marketing", async ({
  page,
}) => {
  await onConsent(page, applicant());
  await page
    .getByRole("group", { name: /marketing texts/ })
    .getByLabel("No")
    .check();
  const dialog = page.getByRole("dialog", { name: "Stay informed" });
  await expect(dialog).toContainText("Marketing texts tell you about our offers and news.");
  await expect(dialog).toContainText(
    "Messages about your account, such as passcodes and payment notices, are not marketing: we send them whatever you choose here.",
  );
  await expect(dialog).not.toContainText("payment reminders");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the first draw by form post: the portal's rule with the consent's messages, and no fee line for an amount not allowed", async ({
    page,
  }) => {
    await page.goto("/apply/personal?start=1");
    await applyToTheEnd(page, thousandDollarLine());
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    for (const label of REQUIRED_AGREEMENTS) {
      await page.getByRole("link", { name: `Read & Agree to the ${label}` }).click();
      await page.getByRole("button", { name: "Agree", exact: true }).click();
    }
    await page.getByLabel("Yes").first().check();
    for (const [amount, message] of [
      ["1010", MESSAGES.increment],
      ["260", MESSAGES.increment],
      ["1025", MESSAGES.limit],
    ] as const) {
      await page.getByLabel(DRAW).fill(amount);
      await page.getByRole("button", { name: "Save and Continue" }).click();
      await expect(page).toHaveURL(/\/esign\/consent$/);
      await expect(page.locator("#drawAmount-error"), amount).toHaveText(message);
      await expect(page.getByLabel(DRAW), amount).toHaveValue(amount);
      await expect(page.locator("#draw-figures"), amount).not.toContainText("you receive");
    }
    await page.getByLabel(DRAW).fill("250");
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page).toHaveURL(/\/esign\/signature$/);
  });
});
