import { applicant, applyToTheEnd } from "./fixtures/applicant";
import { agree, REQUIRED_AGREEMENTS } from "./fixtures/esign";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestPasscode } from "./fixtures/outbox";
import { expectAccessible, type FreshBorrower, freshBorrower, logIn } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * E-sign's success page (/esign/contact; spec file 2, section 2.8; issue 33):
 * the way into the account is the main action, with what happens next (the
 * ready e-mail, the funding date); Log Out is secondary, clear of the banner.
 */

/** The demo e-sign borrower (functions/servicing/demo.ts) is Avery Stone; a fresh copy keeps the name. */
const signedName = (b: FreshBorrower) => `${b.firstName} Stone`;

/**
 * Agrees, answers the texts question and signs as `name`. With JavaScript the
 * agreements' popups are scrolled to the end; without it each is a page of its own.
 */
async function sign(page: Page, name: string, javaScript = true) {
  for (const label of REQUIRED_AGREEMENTS) {
    if (javaScript) {
      await agree(page, label);
      continue;
    }
    await page.getByRole("link", { name: `Read & Agree to the ${label}` }).click();
    await page.getByRole("button", { name: "Agree", exact: true }).click();
  }
  await page.getByLabel("Yes").first().check();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  if (javaScript) await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByLabel(/I am not an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await page.getByLabel("Type your first and last name to eSign").fill(name);
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/esign\/contact$/);
}

/** The main action leads, Log Out follows as a secondary button, and neither touches the draw's banner. */
async function expectActions(page: Page, main: string) {
  const actions = page.locator("main .outcome-actions");
  await expect(actions.getByRole("link").first()).toHaveText(main);
  await expect(actions.getByRole("link", { name: main })).toHaveClass(/button-primary/);
  await expect(actions.getByRole("button", { name: "Log Out" })).toHaveClass(/button-outline/);
  const banner = await page.locator("main .banner").boundingBox();
  const row = await actions.boundingBox();
  expect(row!.y - (banner!.y + banner!.height), "room between the banner and the buttons").toBeGreaterThanOrEqual(16);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test("a signed-in borrower's success page: Go to My Account first, with the ready e-mail and the funding date", async ({
  page,
}) => {
  const b = await freshBorrower(page.request, "esign");
  await logIn(page, b.email, b.password);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await sign(page, signedName(b));
  await expect(page.getByText("Your account is ready, and we're e-mailing you to say so.")).toBeVisible();
  await expect(
    page.getByText(/^We're processing your \$100 draw\. The funds may show in your bank account/),
  ).toBeVisible();
  // The funding date in the one form a borrower reads dates in (decision record 031): "Dec. 1, 2026", no weekday.
  await expect(page.locator("main .banner")).toHaveText(/ as soon as [A-Z][a-z]{2}\.? \d{1,2}, \d{4}\.$/);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectActions(page, "Go to My Account");
  }
  await expectAccessible(page);
  await page.locator("main .outcome-actions").getByRole("link", { name: "Go to My Account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${b.firstName}`);
});

test("an applicant who made no password: Create a Password first, saying how to reach the account", async ({
  page,
}) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await sign(page, "Jordan Rivera");
  await expectActions(page, "Create a Password");
  await expect(page.getByText("To see your account, create a password, then log in.")).toBeVisible();
  await page.locator("main .outcome-actions").getByRole("link", { name: "Create a Password" }).click();
  await expect(page).toHaveURL(/\/create-password$/);
});

test("an applicant who made the inline password: Log In to My Account first, and it leads into the account", async ({
  page,
}) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByLabel("Password", { exact: true }).fill("Esign!pass34");
  await page.getByLabel("Confirm Password").fill("Esign!pass34");
  await page.getByRole("button", { name: "Create Password" }).click();
  const email = `jordan.${a.ssn}@example.com`;
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.insertText(await latestPasscode(page, email));
  await page.locator(".inline-password").getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();
  await sign(page, "Jordan Rivera");
  await expectActions(page, "Log In to My Account");
  await page.locator("main .outcome-actions").getByRole("link", { name: "Log In to My Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill("Esign!pass34");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a signed-in borrower's success page leads into the account by a plain link", async ({ page }) => {
    const b = await freshBorrower(page.request, "esign");
    await page.goto("/login");
    await page.getByLabel("Email Address").fill(b.email);
    await page.getByRole("button", { name: "CONTINUE" }).click();
    await page.getByLabel("Password").fill(b.password);
    await page.getByRole("button", { name: "LOG IN", exact: true }).click();
    await expect(page).toHaveURL(/\/apply\/approved$/, { timeout: 15_000 });
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    await sign(page, signedName(b), false);
    await expectActions(page, "Go to My Account");
    await page.locator("main .outcome-actions").getByRole("link", { name: "Go to My Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome back, ${b.firstName}`);
  });

  test("an applicant who made no password is led to Create a Password", async ({ page }) => {
    await page.goto("/apply/personal?start=1");
    await applyToTheEnd(page, applicant());
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    await sign(page, "Jordan Rivera", false);
    await expectActions(page, "Create a Password");
    await page.locator("main .outcome-actions").getByRole("link", { name: "Create a Password" }).click();
    await expect(page).toHaveURL(/\/create-password$/);
  });
});
