import {
  applicant,
  applyToTheEnd,
  fillAddress,
  fillBanking,
  fillIncome,
  fillPayFrequency,
  fillPersonal,
  usDate,
} from "./fixtures/applicant";
import { approvedApplicant, enterCode, savePassword } from "./fixtures/borrower";
import { PHONES } from "./fixtures/fit";
import { dialog, gather } from "./fixtures/fit-states";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestMessage, latestPasscode } from "./fixtures/outbox";
import { freshBorrower } from "./fixtures/portal";
import { expect, test } from "./fixtures/test";

/**
 * Phone first (issue 16), every state: each dialog, step, message, and full
 * and empty table fits 320, 360 and 390 px phones, a tablet and a desktop
 * (the checks of fitProblems, and axe at each width). Each test gathers what
 * does not fit in every state it opens and fails once, with the whole list.
 * FIT_SHOTS=<folder> keeps a screenshot of each state with a problem.
 */

// Sign-ins (PBKDF2), applications and axe at five widths per state: minutes, not seconds, on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

test("FAQ: every answer open, the Cost of Credit fee chart and the terms popups; the fee chart from home and the application", async ({
  page,
}) => {
  const { found, check } = gather(page);
  await gotoHydrated(page, "/faq");
  await page.getByRole("button", { name: "Expand All" }).click();
  await expect(page.locator("details.faq-item:not([open])")).toHaveCount(0);
  await check("/faq with every answer open");
  await page.getByRole("link", { name: "Cost of Credit" }).first().click();
  await expect(dialog(page, "Cost of Credit")).toBeVisible();
  await check("/faq's Cost of Credit popup");
  await page.keyboard.press("Escape");
  await expect(dialog(page, "Cost of Credit")).toBeHidden();
  await page.locator('#faq-application a[href="/termsandconditions"]').first().click();
  await expect(dialog(page, "Terms and Conditions").locator(".document-body h2").first()).toBeVisible();
  await check("/faq's Terms and Conditions popup");

  // The same chart one tap from the home page and from the application (issue 16); focus returns to the link.
  for (const [path, name] of [
    ["/", "Cost of Credit"],
    ["/apply/personal?start=1", "see the Cost of Credit"],
  ] as const) {
    await gotoHydrated(page, path);
    const link = page.getByRole("link", { name, exact: true });
    await link.click();
    await expect(dialog(page, "Cost of Credit").getByRole("table")).toBeVisible();
    await check(`${path}'s Cost of Credit popup`, [...PHONES, 1280]);
    await page.keyboard.press("Escape");
    await expect(dialog(page, "Cost of Credit")).toBeHidden();
    await expect(link).toBeFocused();
  }
  expect(found).toEqual([]);
});

test("the application: each step's messages, the calendar popups, a pay-date warning, a declined application", async ({
  page,
}) => {
  const { found, check } = gather(page);
  const a = applicant();
  const submit = (name: "CONTINUE" | "SUBMIT") => page.getByRole("button", { name, exact: true }).click();
  const messages = () => expect(page.locator(".field-error").filter({ hasText: /\S/ }).first()).toBeVisible();
  await gotoHydrated(page, "/apply/personal?start=1");
  await page.getByRole("button", { name: "Choose Birthdate from a calendar" }).click();
  await expect(dialog(page, "Choose Birthdate")).toBeVisible();
  await check("/apply/personal with the birthdate calendar open", [...PHONES, 1280]);
  await page.keyboard.press("Escape");
  await submit("CONTINUE");
  await messages();
  await check("/apply/personal with every message");
  await fillPersonal(page, a);
  await expect(page).toHaveURL(/\/apply\/address$/);
  await submit("CONTINUE");
  await messages();
  await check("/apply/address with every message");
  await fillAddress(page, a);
  await expect(page).toHaveURL(/\/apply\/income$/);
  await submit("CONTINUE");
  await messages();
  await check("/apply/income with every message");
  await fillIncome(page, a);
  await expect(page).toHaveURL(/\/apply\/payfrequency$/);
  await submit("CONTINUE");
  await messages();
  await check("/apply/payfrequency with every message");
  await page.getByLabel("Every 2 Weeks").check();
  await page.getByRole("button", { name: "Choose Last Pay Date from a calendar" }).click();
  await expect(dialog(page, "Choose Last Pay Date")).toBeVisible();
  await check("/apply/payfrequency with the last pay date calendar open", [...PHONES, 1280]);
  await page.keyboard.press("Escape");
  await page.getByLabel("Last Pay Date", { exact: true }).fill(usDate(-3));
  await page.getByLabel("Last Pay Date", { exact: true }).blur();
  await page.getByLabel("2nd Upcoming Pay Date", { exact: true }).fill(usDate(30));
  await page.getByLabel("2nd Upcoming Pay Date", { exact: true }).blur();
  await expect(
    page.getByText("Your pay frequency and pay dates don't seem to match up.", { exact: false }),
  ).toBeVisible();
  await check("/apply/payfrequency with the pay dates warning");
  await fillPayFrequency(page);
  await expect(page).toHaveURL(/\/apply\/banking$/);
  await page.getByLabel("ABA Routing Number").fill("12345");
  await page.getByLabel("Bank Account Number").fill("1");
  await submit("SUBMIT");
  await messages();
  await check("/apply/banking with its messages");
  // Apply Now with this application under way (issue 33): the question, then back to it.
  await gotoHydrated(page, "/apply/personal?start=1");
  await expect(page).toHaveURL(/\/apply\/start$/);
  await check("/apply/start (an application in progress)");
  await page.getByRole("link", { name: /CONTINUE MY APPLICATION/ }).click();
  await expect(page).toHaveURL(/\/apply\/banking$/);
  await fillBanking(page);
  await expect(page).toHaveURL(/\/apply\/approved$/);

  // A declined application: the review page.
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, applicant({ takeHomePay: "300.00" }));
  await expect(page).toHaveURL(/\/apply\/review$/);
  await check("/apply/review (declined)");
  expect(found).toEqual([]);
});

test("e-sign: each agreement popup, Stay informed, the consent's messages and inline passcode step, the signature's messages and popups, the withdrawn page", async ({
  page,
}) => {
  const { found, check } = gather(page);
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, applicant());
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);

  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page.locator(".step-alert")).toHaveText(/\S/);
  await page.getByLabel("Draw amount ($)").fill("12a");
  await expect(page.locator("#drawAmount-error")).toHaveText(/\S/);
  await check("/esign/consent with every message");
  await page.getByLabel("Draw amount ($)").fill("100");

  for (const label of [
    "Arbitration Agreement",
    "Privacy Policy",
    "Consent for Electronic Records",
    "California Privacy Act",
    "Credit Agreement",
  ]) {
    await page.getByRole("link", { name: `Read & Agree to the ${label}` }).click();
    const popup = dialog(page, label);
    await expect(popup.locator(".document-body")).toBeVisible();
    await check(`/esign/consent's ${label} popup`, [...PHONES, 1280]);
    await popup.locator(".agreement-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await popup.getByRole("button", { name: "Agree", exact: true }).click();
    await expect(page.locator(".agreement-row", { hasText: label }).locator(".agreed")).toBeVisible();
  }

  await page
    .getByRole("group", { name: /marketing texts/ })
    .getByLabel("No")
    .check();
  await expect(dialog(page, "Stay informed")).toBeVisible();
  await check("/esign/consent's Stay informed popup", [...PHONES, 1280]);
  await dialog(page, "Stay informed").getByRole("button", { name: "STAY INFORMED" }).click();

  // The inline password: its passcode step, then a wrong code's message.
  await page.getByLabel("Password", { exact: true }).fill("Inline!pass61");
  await page.getByLabel("Confirm Password").fill("Inline!pass61");
  await page.getByRole("button", { name: "Create Password" }).click();
  const inline = page.locator(".inline-password");
  await expect(inline.getByRole("button", { name: "NEXT" })).toBeVisible();
  await check("/esign/consent with the inline password's passcode step");
  await enterCode(page, "000000");
  await inline.getByRole("button", { name: "NEXT" }).click();
  await expect(
    inline.locator(".step-alert, .field-error, [role=alert]").filter({ hasText: /\S/ }).first(),
  ).toBeVisible();
  await check("/esign/consent with a wrong inline passcode");
  await inline.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByText("No password for now.")).toBeVisible();

  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  const name = page.getByLabel("Type your first and last name to eSign");
  await name.fill("Jordan Smith");
  await name.blur();
  await expect(page.locator("#borrowerName-error")).toHaveText(/\S/);
  await check("/esign/signature with a name that does not match");
  await page.getByLabel("Paper Check", { exact: true }).check();
  await expect(dialog(page, "Paper check is not available")).toBeVisible();
  await check("/esign/signature's paper check popup", [...PHONES, 1280]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "Repayment Method" }).getByRole("alert")).toBeVisible();
  await check("/esign/signature with paper check refused");
  await page.getByLabel("Electronic Funds Transfer").check();

  await page.getByLabel(/I am an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await name.fill("Jordan Rivera");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(dialog(page, "Withdraw your application?")).toBeVisible();
  await check("/esign/signature's military statement popup", [...PHONES, 1280]);
  await dialog(page, "Withdraw your application?")
    .getByRole("button", { name: "Yes, withdraw my application" })
    .click();
  await expect(page).toHaveURL(/\/esign\/military$/);
  await check("/esign/military (withdrawn)");
  expect(found).toEqual([]);
});

test("account access: login's password step and refusal, forgot password's steps (channel, passcode, wrong code, resend, form messages, success), an unknown e-mail, the reset link", async ({
  page,
}) => {
  const { found, check } = gather(page);
  const borrower = await freshBorrower(page.request, "closed");
  const h1 = page.getByRole("heading", { level: 1 });

  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(borrower.email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await check("/login's password step");
  await page.getByLabel("Password").fill("Wrong!pass00");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page.locator(".step-alert, .field-error").filter({ hasText: /\S/ }).first()).toBeVisible({
    timeout: 15_000,
  });
  await check("/login with a wrong password");

  await gotoHydrated(page, "/forgot-password?restart");
  await page.getByLabel("Email Address").fill(borrower.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(h1).toHaveText("How would you like to receive your passcode?");
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.locator(".field-error").first()).toHaveText("Please select an option");
  await check("/forgot-password's channel step, nothing chosen");
  await page.getByLabel(`Text (xxx) xxx-${borrower.mobilePhone.slice(-4)}`).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(h1).toHaveText("Enter your passcode");
  await check("/forgot-password's passcode step");
  const code = await latestPasscode(page, borrower.mobilePhone);
  await enterCode(page, code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText("The passcode you entered is incorrect. Please try again.");
  await check("/forgot-password with a wrong passcode");
  await page.getByRole("button", { name: "RESEND CODE" }).click();
  await expect(page.getByText(/We have received your request and sent your new passcode/)).toBeVisible();
  await check("/forgot-password with a passcode sent again");
  await enterCode(page, await latestPasscode(page, borrower.mobilePhone));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(h1).toHaveText("Reset your password", { timeout: 10_000 });
  await check("/forgot-password's form");
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByLabel("Confirm Password").fill("passwort");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.locator(".step-alert")).toHaveText(/\S/);
  await check("/forgot-password's form with every message");
  await savePassword(page, borrower, "Brand!new77");
  await expect(h1).toHaveText("Good job. You successfully reset your password.");
  await check("/forgot-password's success");

  await gotoHydrated(page, "/forgot-password?restart");
  await page.getByLabel("Email Address").fill("stranger@example.com");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(h1).toHaveText("We couldn't find your information");
  await check("/forgot-password for an unknown e-mail");

  await gotoHydrated(page, "/reset-password");
  await page.getByRole("button", { name: "E-MAIL ME A LINK" }).click();
  await expect(page.locator(".field-error").filter({ hasText: /\S/ }).first()).toBeVisible();
  await check("/reset-password with every message");
  await page.getByLabel("Email Address").fill(borrower.email);
  await page.getByLabel("Last 4 of SSN").fill(borrower.last4SSN);
  const [year, month, day] = borrower.dob.split("-");
  await page.getByLabel("Date of Birth", { exact: true }).fill(`${month}${day}${year}`);
  await page.getByRole("button", { name: "E-MAIL ME A LINK" }).click();
  await expect(h1).toHaveText("Check Your Inbox");
  await check("/reset-password's Check Your Inbox");
  const link = new URL(
    (await latestMessage(page, borrower.email)).match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0],
  );
  await gotoHydrated(page, link.pathname + link.search);
  await expect(h1).toHaveText("Reset Your Password");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password").fill("other");
  await page.getByRole("button", { name: "SUBMIT & GO TO LOG IN" }).click();
  await expect(page.locator(".field-error, .step-alert").filter({ hasText: /\S/ }).first()).toBeVisible();
  await check("/reset-password's form with its messages");
  await page.goto("/login?CalledFrom=UpdatePwd");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await check("/login after a password update");
  expect(found).toEqual([]);
});

test("create password and verify identity: a refusal, the channel, passcode and form steps, the success", async ({
  page,
  browser,
}) => {
  const { found, check } = gather(page);
  const a = await approvedApplicant(browser);
  const h1 = page.getByRole("heading", { level: 1 });
  await gotoHydrated(page, "/verify-identity");
  await page.getByLabel("Email Address").fill(a.email);
  await page.getByLabel("Last 4 of SSN").fill("0000");
  await page.getByLabel("Birthdate", { exact: true }).fill("05171990");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(/\S/);
  await check("/verify-identity refused");

  await gotoHydrated(page, "/create-password?restart");
  await page.getByLabel("Email Address").fill(a.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(h1).toHaveText("How would you like to receive your passcode?");
  await check("/create-password's channel step");
  await page.getByLabel(/^Email /).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(h1).toHaveText("Enter your passcode");
  await check("/create-password's passcode step");
  await enterCode(page, await latestPasscode(page, a.email));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(h1).toHaveText("Create your password", { timeout: 10_000 });
  await page.getByLabel("Password", { exact: true }).fill("Ridge!line42");
  await check("/create-password's form, the password criteria met");
  await page.getByLabel("Date of Birth", { exact: true }).fill("05171990");
  await page.getByLabel("Last 4 of SSN").fill(a.ssn.slice(-4));
  await page.getByLabel("Confirm Password").fill("Ridge!line42");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(h1).toHaveText("Congratulations! You've successfully created your password.");
  await check("/create-password's success");
  expect(found).toEqual([]);
});
