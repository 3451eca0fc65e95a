import { enterCode, savePassword } from "./fixtures/borrower";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestPasscode } from "./fixtures/outbox";
import { expectAccessible, type FreshBorrower, freshBorrower } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

/**
 * Issue 15, account access in the browser: focus where a person expects, the
 * passcode boxes by keyboard, where the code went, the password step for
 * password managers, one disabled look, and "Try another email address".
 */

/** Forgot password to the passcode boxes, the code texted to the borrower's mobile (with JavaScript off: plain posts). */
async function atCodeStep(page: Page, javaScript = true): Promise<FreshBorrower> {
  const b = await freshBorrower(page.request, "current");
  if (javaScript) await gotoHydrated(page, "/forgot-password?restart");
  else await page.goto("/forgot-password?restart");
  await page.getByLabel("Email Address").fill(b.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await page.getByLabel(`Text (xxx) xxx-${b.mobilePhone.slice(-4)}`).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");
  return b;
}

test("login: CONTINUE moves focus to the password field, which carries the address as a username; a wrong password is emptied and focused again", async ({
  page,
}) => {
  const b = await freshBorrower(page.request, "current");
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(b.email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page.getByLabel("Password")).toBeFocused();
  const username = page.locator('input[autocomplete="username"]');
  await expect(username).toHaveValue(b.email);
  await expect(username).toHaveAttribute("name", "email");
  await page.getByLabel("Password").fill("Wrong!pass99");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page.locator(".step-alert")).toHaveText(
    "The email or password you entered is incorrect. Please try again.",
  );
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Password")).toBeFocused();
});

test("the passcode step says where the code went; Left, Right, Home and End move between the six boxes; a disabled NEXT looks disabled", async ({
  page,
}) => {
  const b = await atCodeStep(page);
  await expect(
    page.getByText(
      `We sent a six-digit passcode by text to (xxx) xxx-${b.mobilePhone.slice(-4)}. It expires in 10 minutes.`,
    ),
  ).toBeVisible();

  const box = (n: number) => page.getByLabel(`Digit ${n} of 6`);
  await box(1).focus();
  await page.keyboard.press("ArrowRight");
  await expect(box(2)).toBeFocused();
  await page.keyboard.press("End");
  await expect(box(6)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(box(5)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(box(1)).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(box(1)).toBeFocused();

  // Disabled NEXT next to the enabled RESEND CODE: grey, readable, not-allowed; once six digits are in, the enabled look.
  const next = page.getByRole("button", { name: "NEXT" });
  await expect(next).toBeDisabled();
  const look = (locator: typeof next) =>
    locator.evaluate((el) => ({
      bg: getComputedStyle(el).backgroundColor,
      cursor: getComputedStyle(el).cursor,
      opacity: getComputedStyle(el).opacity,
    }));
  const disabled = await look(next);
  expect(disabled).toEqual({ bg: "rgb(227, 231, 230)", cursor: "not-allowed", opacity: "1" });
  await enterCode(page, await latestPasscode(page, b.mobilePhone));
  await expect(next).toBeEnabled();
  const enabled = await look(next);
  expect(enabled.bg).not.toBe(disabled.bg);
  expect(enabled.cursor).toBe("pointer");
});

test("a refused SAVE PASSWORD moves focus to the field in error", async ({ page }) => {
  const b = await atCodeStep(page);
  await enterCode(page, await latestPasscode(page, b.mobilePhone));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password", { timeout: 10_000 });
  await savePassword(page, b, "Strong!pass71", "Strong!pass72");
  await expect(page.locator("#confirmPassword-error")).toHaveText("Passwords must match.");
  await expect(page.getByLabel("Confirm Password")).toBeFocused();
});

for (const kind of ["create", "forgot"] as const) {
  test(`${kind} password: after an unknown e-mail, 'Try another email address' opens the e-mail step, and so does a later visit`, async ({
    page,
  }) => {
    const email = `nobody-${Date.now()}@example.com`;
    await gotoHydrated(page, `/${kind}-password`);
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "NEXT" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find your information");
    await page.getByRole("link", { name: "Try another email address" }).click();
    await expect(page).toHaveURL(new RegExp(`/${kind}-password$`));
    await expect(page.getByLabel("Email Address")).toHaveValue(email);
    await page.goto(`/${kind}-password`);
    await expect(page.getByLabel("Email Address")).toBeVisible();
  });
}

test("/create-password/:emailaddress opens create password with the address filled in", async ({ page }) => {
  await gotoHydrated(page, "/create-password/someone%40example.com");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome! Let's create your password.");
  await expect(page.getByLabel("Email Address")).toHaveValue("someone@example.com");
});

test("five wrong passcodes: the lock message appears once, names Customer Service's number, and RESEND CODE is disabled", async ({
  page,
}) => {
  const b = await atCodeStep(page);
  const right = await latestPasscode(page, b.mobilePhone);
  const wrong = right === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) {
    // A verdict brings a fresh set of boxes: typing before they render would go to the old ones.
    await expect(page.getByLabel("Digit 6 of 6")).toHaveValue("");
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/forgot-password"),
    );
    for (const [k, digit] of [...wrong].entries()) await page.getByLabel(`Digit ${k + 1} of 6`).fill(digit);
    await page.getByRole("button", { name: "NEXT" }).click();
    await answered;
    await expect(page.getByRole("button", { name: "RESEND CODE" })).toBeVisible();
  }
  const locked = /Too many incorrect passcodes\. .* Please call Customer Service at 1\.800\.555\.0142\./;
  await expect(page.getByText(locked)).toHaveCount(1);
  await expect(page.getByRole("button", { name: "RESEND CODE" })).toBeDisabled();
  // Nothing says a code is waiting at the phone any more.
  await expect(page.getByText(/We sent a six-digit passcode/)).toHaveCount(0);

  // Starting again: no code is sent, so no passcode screen, and the reason is the lock, not the resend limit.
  await gotoHydrated(page, "/forgot-password?restart");
  await page.getByLabel("Email Address").fill(b.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await page.getByLabel(`Text (xxx) xxx-${b.mobilePhone.slice(-4)}`).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByText(locked)).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
  await expect(page.getByText(/maximum number of passcode requests/)).toHaveCount(0);
});

/**
 * Issue 33, item 10: RESEND CODE past its limit (3 resends) is refused as an
 * error, not in the resend confirmation's look; the code sent last still
 * works, so the page still says where it went and when it expires.
 */
async function resendPastTheLimit(page: Page, b: FreshBorrower, javaScript: boolean) {
  const resend = page.getByRole("button", { name: "RESEND CODE" });
  const resent = page.getByText(/We have received your request and sent your new passcode/);
  for (let i = 0; i < 4; i++) {
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/forgot-password"),
    );
    await resend.click();
    await answered;
    if (i < 3) await expect(resent).toBeVisible();
  }
  // Soft: where the code went and the refusal's look are two faults, each reported.
  await expect
    .soft(
      page.getByText(
        `We sent a six-digit passcode by text to (xxx) xxx-${b.mobilePhone.slice(-4)}. It expires 10 minutes after it was sent.`,
      ),
    )
    .toBeVisible();
  const refusal = page
    .getByRole("alert")
    .filter({ hasText: "You have reached the maximum number of passcode requests." });
  await expect(refusal).toHaveText(
    "You have reached the maximum number of passcode requests. Please call Customer Service at 1.800.555.0142.",
  );
  await expect(refusal).toHaveClass(/\bbanner-error\b/);
  await expect(page.getByRole("status").filter({ hasText: "maximum number of passcode requests" })).toHaveCount(0);
  await expect(resent).toHaveCount(0);
  await expect(resend).toBeDisabled();
  if (javaScript) {
    await expect(refusal).toBeFocused();
    // axe runs as a script in the page: with JavaScript on only.
    await expectAccessible(page);
  }
  // That code is still good.
  await enterCode(page, await latestPasscode(page, b.mobilePhone));
  await page.getByRole("button", { name: "NEXT" }).click();
  if (!javaScript) await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password", { timeout: 10_000 });
}

test("RESEND CODE past its limit: an error, focused, and the page still says where the last code went and that it still works", async ({
  page,
}) => {
  const b = await atCodeStep(page);
  await resendPastTheLimit(page, b, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("RESEND CODE past its limit: an error, and the page still says where the last code went and that it still works", async ({
    page,
  }) => {
    const b = await atCodeStep(page, false);
    await resendPastTheLimit(page, b, false);
  });
});
