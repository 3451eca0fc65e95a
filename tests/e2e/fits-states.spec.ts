import { expect, type Page, test } from "./fixtures/test";
import { PHONES, problemsAtWidths, WIDTHS } from "./fixtures/fit";
import { gotoHydrated } from "./fixtures/hydrated";
import { freshBorrower, logInFresh } from "./fixtures/portal";
import { applicant, applyToTheEnd, fillAddress, fillBanking, fillIncome, fillPayFrequency, fillPersonal, usDate } from "./fixtures/applicant";
import { approvedApplicant, enterCode } from "./fixtures/borrower";
import { latestMessage, latestPasscode } from "./fixtures/outbox";
import { calendar, otherAmount, pickFirstDay, radio, stepContinue } from "./fixtures/payments";

/**
 * Phone first (issue 16), every state: each dialog, step, message, and full
 * and empty table fits 320, 360 and 390 px phones, a tablet and a desktop
 * (the checks of fitProblems, and axe at each width). Each test gathers what
 * does not fit in every state it opens and fails once, with the whole list.
 * FIT_SHOTS=<folder> keeps a screenshot of each state with a problem.
 */

// Sign-ins (PBKDF2), applications and axe at five widths per state: minutes, not seconds, on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

/** What does not fit, gathered over a test's states. */
function gather(page: Page) {
  const found: string[] = [];
  return {
    found,
    /** The state as it stands, named `what`, at `widths` (every width by default); back to desktop afterwards. */
    async check(what: string, widths: readonly number[] = WIDTHS) {
      found.push(...(await problemsAtWidths(page, what, widths)));
    },
  };
}

const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });

test("FAQ: every answer open, the Cost of Credit fee chart and the terms popups", async ({ page }) => {
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
  expect(found).toEqual([]);
});

test("the application: each step's messages, the calendar popups, a pay-date warning, a declined application", async ({ page }) => {
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
  await expect(page.getByText("Your pay frequency and pay dates don't seem to match up.", { exact: false })).toBeVisible();
  await check("/apply/payfrequency with the pay dates warning");
  await fillPayFrequency(page);
  await expect(page).toHaveURL(/\/apply\/banking$/);
  await page.getByLabel("ABA Routing Number").fill("12345");
  await page.getByLabel("Bank Account Number").fill("1");
  await submit("SUBMIT");
  await messages();
  await check("/apply/banking with its messages");
  await fillBanking(page);
  await expect(page).toHaveURL(/\/apply\/approved$/);

  // A declined application: the review page.
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, applicant({ takeHomePay: "300.00" }));
  await expect(page).toHaveURL(/\/apply\/review$/);
  await check("/apply/review (declined)");
  expect(found).toEqual([]);
});

test("e-sign: each agreement popup, Stay informed, the consent's messages and inline passcode step, the signature's messages and popups, the withdrawn page", async ({ page }) => {
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

  for (const label of ["Arbitration Agreement", "Privacy Policy", "Consent for Electronic Records", "California Privacy Act", "Credit Agreement"]) {
    await page.getByRole("link", { name: `Read & Agree to the ${label}` }).click();
    const popup = dialog(page, label);
    await expect(popup.locator(".document-body")).toBeVisible();
    await check(`/esign/consent's ${label} popup`, [...PHONES, 1280]);
    await popup.locator(".agreement-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await popup.getByRole("button", { name: "Agree", exact: true }).click();
    await expect(page.locator(".agreement-row", { hasText: label }).locator(".agreed")).toBeVisible();
  }

  await page.getByRole("group", { name: /marketing texts/ }).getByLabel("No").check();
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
  await expect(inline.locator(".step-alert, .field-error, [role=alert]").filter({ hasText: /\S/ }).first()).toBeVisible();
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
  await dialog(page, "Withdraw your application?").getByRole("button", { name: "Yes, withdraw my application" }).click();
  await expect(page).toHaveURL(/\/esign\/military$/);
  await check("/esign/military (withdrawn)");
  expect(found).toEqual([]);
});

test("account access: login's password step and refusal, forgot password's steps (channel, passcode, wrong code, resend, form messages, success), an unknown e-mail, the reset link", async ({ page }) => {
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
  await expect(page.locator(".step-alert, .field-error").filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 15_000 });
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
  const [year, month, day] = borrower.dob.split("-");
  await page.getByLabel("Date of Birth", { exact: true }).fill(`${month}${day}${year}`);
  await page.getByLabel("Last 4 of SSN").fill(borrower.last4SSN);
  await page.getByLabel("Password", { exact: true }).fill("Brand!new77");
  await page.getByLabel("Confirm Password").fill("Brand!new77");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
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
  await page.getByLabel("Date of Birth", { exact: true }).fill(`${month}${day}${year}`);
  await page.getByRole("button", { name: "E-MAIL ME A LINK" }).click();
  await expect(h1).toHaveText("Check Your Inbox");
  await check("/reset-password's Check Your Inbox");
  const link = new URL((await latestMessage(page, borrower.email)).match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0]);
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

test("create password and verify identity: a refusal, the channel, passcode and form steps, the success", async ({ page, browser }) => {
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

test("the account's View all panel (both tabs, each filter), full tables and statements, the glossary, payments in process opened (empty)", async ({ page }) => {
  const { found, check } = gather(page);
  await logInFresh(page, "current");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "View all transactions" }).click();
  const panel = dialog(page, "Account Activity");
  const transactions = panel.getByRole("tabpanel", { name: "Transactions" });
  await expect(transactions.locator(".data-table tbody tr").first()).toBeVisible();
  await check("/account's View all panel, all transactions");
  for (const filter of ["Draws", "Payments"]) {
    await transactions.getByRole("button", { name: filter }).click();
    await expect(transactions.getByRole("button", { name: filter })).toHaveAttribute("aria-pressed", "true");
    await check(`/account's View all panel, ${filter}`, [...PHONES, 1280]);
  }
  await panel.getByRole("tab", { name: "Documents" }).click();
  await expect(panel.getByRole("tabpanel", { name: "Documents" }).getByRole("link", { name: /^Download\/View statement of/ }).first()).toBeVisible();
  await check("/account's View all panel, documents");
  await panel.getByRole("button", { name: "Close" }).click();

  await page.getByRole("link", { name: "Glossary of Terms" }).click();
  await expect(dialog(page, "Glossary of Terms")).toBeVisible();
  await check("/account's glossary");
  await page.keyboard.press("Escape");

  for (const show of ["draws", "payments"]) {
    await gotoHydrated(page, `/transactions?show=${show}`);
    await check(`/transactions?show=${show}`);
  }
  await page.locator("details.pending > summary").click();
  await expect(page.locator("details.pending")).toHaveAttribute("open", "");
  await check("/transactions with payments in process open (none)");
  await gotoHydrated(page, "/documents?view=statements");
  await expect(page.locator(".data-table tbody tr").first()).toBeVisible();
  await check("/documents?view=statements (full)");
  expect(found).toEqual([]);
});

test("empty: a borrower with no history (Washington) in the View all panel, the transactions and statements pages; the Draw Unavailable popup", async ({ page }) => {
  const { found, check } = gather(page);
  await logInFresh(page, "washington");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "View all documents" }).click();
  const panel = dialog(page, "Account Activity");
  await expect(panel.getByRole("tabpanel", { name: "Documents" })).toContainText("There are no statements to display at this time.");
  await check("/account's View all panel, documents (none)");
  await panel.getByRole("tab", { name: "Transactions" }).click();
  await expect(panel.getByRole("tabpanel", { name: "Transactions" })).toContainText("There are no transactions to display at this time.");
  await check("/account's View all panel, transactions (none)");
  await panel.getByRole("button", { name: "Close" }).click();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Request a Draw" }).click();
  await expect(dialog(page, "Draw Unavailable")).toBeVisible();
  await check("/account's Draw Unavailable popup", [...PHONES, 1280]);
  await page.keyboard.press("Escape");

  await gotoHydrated(page, "/transactions");
  await page.locator("details.pending > summary").click();
  await check("/transactions (none), payments in process open (none)");
  await gotoHydrated(page, "/documents?view=statements");
  await expect(page.getByText("There are no statements to display at this time.")).toBeVisible();
  await check("/documents?view=statements (none)");
  expect(found).toEqual([]);
});

test("a one-time payment (past due): each step, the amount's message, the calendar, the review, the authorization popup, the thank-you, payments in process", async ({ page }) => {
  const { found, check } = gather(page);
  await logInFresh(page, "pastDue");
  await gotoHydrated(page, "/payments");
  await page.getByRole("button", { name: /^Payment Method/ }).click();
  await expect(page.locator("#step-method")).toBeVisible();
  await check("/payments' method step");
  await stepContinue(page, "method").click();
  await radio(page, /^Other Amount/).check();
  await otherAmount(page).fill("5");
  await otherAmount(page).blur();
  await expect(page.locator("#other-error")).toHaveText(/\S/);
  await check("/payments' amount step with its message");
  await radio(page, /^Past Due/).check();
  await stepContinue(page, "amount").click();
  await expect(calendar(page)).toBeVisible();
  await check("/payments' date step (the calendar)");
  await pickFirstDay(page);
  await check("/payments' date step, a day picked", [...PHONES, 1280]);
  await stepContinue(page, "date").click();
  await expect(page.getByRole("heading", { name: "Review & Authorization" })).toBeVisible();
  await check("/payments' review");
  await page.getByRole("checkbox", { name: /I authorize this payment/ }).check();
  const authorization = dialog(page, "Payment Authorization");
  await expect(authorization).toBeVisible();
  await check("/payments' Payment Authorization popup");
  await authorization.getByRole("button", { name: "AGREE" }).click();
  await expect(authorization).toBeHidden();
  await page.getByRole("button", { name: "SUBMIT PAYMENT" }).click();
  await expect(page.getByRole("heading", { name: "Thanks For Scheduling Your Payment" })).toBeFocused();
  await check("/payments' thank-you");
  await gotoHydrated(page, "/transactions");
  await page.locator("details.pending > summary").click();
  await expect(page.locator(".pending tbody tr").first()).toBeVisible();
  await check("/transactions with a payment in process open");
  expect(found).toEqual([]);
});

test("a draw: the amount's messages, the review, the thank-you", async ({ page }) => {
  const { found, check } = gather(page);
  await logInFresh(page, "current");
  await gotoHydrated(page, "/draw");
  await page.getByLabel("Amount ($)").fill("110");
  await expect(page.locator("#amount-error")).toHaveText("Draws must be in $25 increments.");
  await check("/draw with a message");
  await page.getByLabel("Amount ($)").fill("125");
  await page.getByRole("button", { name: "REVIEW REQUEST" }).click();
  await expect(page.getByRole("heading", { name: "Review Your Request" })).toBeVisible();
  await check("/draw's review");
  await page.getByRole("button", { name: "SUBMIT REQUEST" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! Your draw request was received." })).toBeVisible();
  await check("/draw's thank-you");
  expect(found).toEqual([]);
});

test("preferences: messages, the current password, the opt-out and unsaved-changes popups, a refusal, the saved popup and after, passkeys and their popups", async ({ page, context }) => {
  const { found, check } = gather(page);
  const borrower = await logInFresh(page, "current");
  await gotoHydrated(page, "/preferences");
  const save = page.getByRole("button", { name: "SAVE CHANGES" }).first();
  const main = page.getByLabel("Main Phone");
  const original = await main.inputValue();
  await main.fill("6145559");
  await main.blur();
  await page.getByLabel("Cell Phone").fill("614");
  await page.getByLabel("Cell Phone").blur();
  await expect(page.getByText("Please enter your 10-digit cell phone number")).toBeVisible();
  await check("/preferences with phone messages");
  await main.fill(original);
  await page.getByLabel("Cell Phone").fill("");

  await page.getByRole("group", { name: "Marketing emails" }).getByRole("radio", { name: "NO", exact: true }).check();
  await expect(dialog(page, "Are you sure?")).toBeVisible();
  await check("/preferences' Are you sure? popup");
  await dialog(page, "Are you sure?").getByRole("button", { name: "STAY INFORMED" }).click();

  // Another borrower's e-mail: the current password is asked for, and the platform refuses.
  await page.getByLabel("Email Address").fill("pastdue@demo.ridgeline.test");
  await page.getByLabel("Current Password").fill(borrower.password);
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Unable to Save Preferences." })).toBeVisible();
  await check("/preferences refused, with the current password");
  await page.getByLabel("Email Address").fill(borrower.email);

  await page.getByLabel("Cell Phone").fill(`7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(dialog(page, "Preferences Saved")).toBeVisible();
  await check("/preferences' Preferences Saved popup");
  await dialog(page, "Preferences Saved").getByRole("button", { name: "OK" }).click();
  await check("/preferences after a save");

  await main.fill("6145550001");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Account" }).click();
  await expect(dialog(page, "Please Save Your Changes")).toBeVisible();
  await check("/preferences' Please Save Your Changes popup", [...PHONES, 1280]);
  await dialog(page, "Please Save Your Changes").getByRole("button", { name: "CANCEL" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Passkeys: Chromium's virtual authenticator.
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await gotoHydrated(page, "/preferences");
  await page.getByLabel("Name for a new passkey").fill("A phone with a long name");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Your passkey was added. You can now log in with it.")).toBeVisible();
  await expect(page.locator(".passkey-name")).toHaveText(["A phone with a long name"]);
  await check("/preferences with a passkey");
  await page.getByRole("button", { name: "Rename A phone with a long name" }).click();
  await expect(dialog(page, "Rename passkey")).toBeVisible();
  await check("/preferences' Rename passkey popup", [...PHONES, 1280]);
  await dialog(page, "Rename passkey").getByRole("button", { name: "CANCEL" }).click();
  await page.getByRole("button", { name: "Remove A phone with a long name" }).click();
  await expect(dialog(page, "Remove passkey?")).toBeVisible();
  await check("/preferences' Remove passkey popup", [...PHONES, 1280]);
  await dialog(page, "Remove passkey?").getByRole("button", { name: "CANCEL" }).click();
  expect(found).toEqual([]);
});

test("contact: every message, sent, and refused (the hourly limit)", async ({ page }) => {
  const { found, check } = gather(page);
  await gotoHydrated(page, "/contact");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.locator("#message-error")).toHaveText(/\S/);
  await check("/contact with every message");
  const fill = async (email: string) => {
    await page.getByLabel("First Name").fill("Robin");
    await page.getByLabel("Last Name").fill("Guest");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("What is your message about?").selectOption({ label: "Payments" });
    await page.getByLabel("Message", { exact: true }).fill("When will my payment post?");
  };
  await fill(`guest-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Your message was sent/ })).toBeVisible();
  await check("/contact sent");
  // Ten an hour from one visitor: nine more, then the form's own is refused.
  for (let i = 0; i < 9; i++) {
    const res = await page.request.post("/contact", { form: { firstName: "Robin", lastName: "Busy", email: `busy-${i}@example.com`, phone: "", messageCategory: "payments", message: `Message ${i}` } });
    expect(res.status(), `message ${i + 2}`).toBe(200);
  }
  await fill("busy-11@example.com");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Your message was not sent/ })).toBeVisible();
  await check("/contact refused");
  expect(found).toEqual([]);
});
