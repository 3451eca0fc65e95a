import AxeBuilder from "@axe-core/playwright";
import { applicant, applyToTheEnd } from "./fixtures/applicant";
import { approvedApplicant, createPassword, enterCode, savePassword } from "./fixtures/borrower";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestMessage, latestPasscode } from "./fixtures/outbox";
import { freshBorrower, logIn } from "./fixtures/portal";
import { expect, type Page, test, visitorIp } from "./fixtures/test";

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
}

test("create password end to end: e-mail, channel, passcode from the outbox, thanks, form, success", async ({
  page,
  browser,
}) => {
  const a = applicant();
  const applying = await (await browser.newContext()).newPage();
  await gotoHydrated(applying, "/apply/personal?start=1");
  await applyToTheEnd(applying, a);
  await expect(applying).toHaveURL(/\/apply\/approved$/);
  const email = `jordan.${a.ssn}@example.com`;

  await gotoHydrated(page, "/create-password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome! Let's create your password.");
  await axe(page);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
  await expect(page.getByLabel(/^Text \(xxx\) xxx-0101$/)).toBeVisible();
  await axe(page);
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.locator(".field-error").first()).toHaveText("Please select an option");
  await page.getByLabel(/^Email /).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");
  await expect(page.getByRole("button", { name: "NEXT" })).toBeDisabled();
  await axe(page);
  await enterCode(page, await latestPasscode(page, email));
  await expect(page.getByRole("button", { name: "NEXT" })).toBeEnabled();
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You'll now be directed to create your password");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your password", { timeout: 8_000 });
  await axe(page);
  await page.getByLabel("Date of Birth", { exact: true }).fill("05171990");
  await page.getByLabel("Last 4 of SSN").fill(a.ssn.slice(-4));
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByLabel("Confirm Password").fill("password");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.locator("#password-error")).toHaveText("Please enter a password that meets the criteria");
  await expect(page.locator(".step-alert")).toHaveText("Please complete all sections as noted above");
  await page.getByLabel("Password", { exact: true }).fill("P@ssw0rd");
  await page.getByLabel("Confirm Password").fill("P@ssw0rd");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.locator(".step-alert")).toHaveText(
    "This password is too common. Please choose a password that is harder to guess.",
  );
  await page.getByLabel("Password", { exact: true }).fill("Ridge!line42");
  await page.getByLabel("Confirm Password").fill("Ridge!line42");
  await expect(page.locator("#password-criteria li.met")).toHaveCount(6);
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congratulations! You've successfully created your password.",
  );
  await axe(page);
});

test("forgot password end to end with a texted passcode, a wrong code, and a resend", async ({ page }) => {
  // A closed borrower of its own: changing a shared demo borrower's password would break other tests' logins.
  const borrower = await freshBorrower(page.request, "closed");
  const email = borrower.email;
  await gotoHydrated(page, "/forgot-password");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await page.getByLabel(`Text (xxx) xxx-${borrower.mobilePhone.slice(-4)}`).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");
  const recipient = borrower.mobilePhone;
  const first = await latestPasscode(page, recipient);
  await enterCode(page, first === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText("The passcode you entered is incorrect. Please try again.");
  await page.getByRole("button", { name: "RESEND CODE" }).click();
  await expect(page.getByText(/We have received your request and sent your new passcode/)).toBeVisible();
  // Backspace clears a box.
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.type("9");
  await page.keyboard.press("Backspace");
  await expect(page.getByLabel("Digit 1 of 6")).toHaveValue("");
  await enterCode(page, await latestPasscode(page, recipient));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password", { timeout: 8_000 });
  await savePassword(page, borrower, "Brand!new77");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Good job. You successfully reset your password.");
  await page.locator("main").getByRole("link", { name: "Log In" }).click();
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill("Brand!new77");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  // A closed account lands on the closed-account interrupter.
  await expect(page).toHaveURL(/\/accountclosed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account is closed");
});

test("a forgotten password reset on one device signs the borrower out on the other", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const borrower = await freshBorrower(page.request, "current");
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": visitorIp(testInfo) } });
  const phone = await other.newPage();
  await logIn(phone, borrower.email, borrower.password);

  await gotoHydrated(page, "/forgot-password");
  await page.getByLabel("Email Address").fill(borrower.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
  await page.getByLabel(/^Email /).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your passcode");
  await enterCode(page, await latestPasscode(page, borrower.email));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password", { timeout: 8_000 });
  await savePassword(page, borrower, "Brand!new78");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Good job. You successfully reset your password.");

  // The other device's next step finds its session gone: the login page, not the portal.
  await phone.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Payments" }).click();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Log In");
  await other.close();
});

test("an unknown e-mail gets the Call Now step", async ({ page }) => {
  await gotoHydrated(page, "/forgot-password?restart");
  await page.getByLabel("Email Address").fill("stranger@example.com");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find your information");
  await expect(page.getByRole("link", { name: /Call Now/ })).toHaveAttribute("href", "tel:+18005550142");
});

test("a reset link by e-mail sets a new password; an expired or forged link goes to login", async ({
  page,
  browser,
}) => {
  const a = await approvedApplicant(browser);
  const email = a.email;
  await createPassword(page, a, "First!pass11");

  await gotoHydrated(page, "/reset-password");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Last 4 of SSN").fill(a.ssn.slice(-4));
  await page.getByLabel("Date of Birth", { exact: true }).fill("05171990");
  await page.getByRole("button", { name: "E-MAIL ME A LINK" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check Your Inbox");
  const link = (await latestMessage(page, email)).match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset Your Password");
  await axe(page);
  await page.getByLabel("Password", { exact: true }).fill("Second!pass22");
  await page.getByLabel("Confirm Password").fill("Second!pass22");
  await page.getByRole("button", { name: "SUBMIT & GO TO LOG IN" }).click();
  await expect(page).toHaveURL(/\/login\?CalledFrom=UpdatePwd$/);
  await expect(page.getByText("Your password has been updated. Please log in.")).toBeVisible();
  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page).toHaveURL(/\/login\?CalledFrom=TokenExpired$/);
  await page.goto("/reset-password?token=forged-token");
  await expect(page.getByText(/reset link has expired or is not valid/)).toBeVisible();
});

test("verify identity starts create password for a borrower without one; every step passes axe", async ({
  page,
  browser,
}) => {
  const a = await approvedApplicant(browser);
  await gotoHydrated(page, "/verify-identity");
  await axe(page);
  await page.getByLabel("Email Address").fill(`jordan.${a.ssn}@example.com`);
  await page.getByLabel("Last 4 of SSN").fill("0000");
  await page.getByLabel("Birthdate", { exact: true }).fill("05171990");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(
    "We could not verify your identity with those details. Please check them and try again.",
  );
  await page.getByLabel("Last 4 of SSN").fill(a.ssn.slice(-4));
  await page.getByRole("button", { name: "NEXT" }).click();
  // Create password goes on at the channel step, then its form asks only for the password (issue 15: nothing asked twice).
  await expect(page).toHaveURL(/\/create-password$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
  await page.getByLabel(/^Email /).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(
    page.getByText(/We sent a six-digit passcode to \S+@example\.com\. It expires in 10 minutes\./),
  ).toBeVisible();
  await enterCode(page, await latestPasscode(page, `jordan.${a.ssn}@example.com`));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your password", { timeout: 10_000 });
  await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Last 4 of SSN")).toHaveCount(0);
  await page.getByLabel("Password", { exact: true }).fill("Verified!pass31");
  await page.getByLabel("Confirm Password").fill("Verified!pass31");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congratulations! You've successfully created your password.",
  );
  await gotoHydrated(page, "/forgot-password?restart");
  await axe(page);
});
