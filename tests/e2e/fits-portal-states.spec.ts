import { PHONES } from "./fixtures/fit";
import { dialog, gather } from "./fixtures/fit-states";
import { gotoHydrated } from "./fixtures/hydrated";
import { calendar, otherAmount, pickFirstDay, radio, stepContinue } from "./fixtures/payments";
import { logInFresh } from "./fixtures/portal";
import { expect, test } from "./fixtures/test";

/**
 * Phone first (issue 16), every state of the portal (the public site, the application, e-sign and access are in fits-states.spec.ts): each dialog, step, message, and full
 * and empty table fits 320, 360 and 390 px phones, a tablet and a desktop
 * (the checks of fitProblems, and axe at each width). Each test gathers what
 * does not fit in every state it opens and fails once, with the whole list.
 * FIT_SHOTS=<folder> keeps a screenshot of each state with a problem.
 */

// Sign-ins (PBKDF2), applications and axe at five widths per state: minutes, not seconds, on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

test("the account's View all panel (both tabs, each filter), full tables and statements, the glossary, payments in process opened (empty)", async ({
  page,
}) => {
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
  await expect(
    panel
      .getByRole("tabpanel", { name: "Documents" })
      .getByRole("link", { name: /^Download\/View statement of/ })
      .first(),
  ).toBeVisible();
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

test("empty: a borrower with no history (Washington) in the View all panel, the transactions and statements pages; the Draw Unavailable popup", async ({
  page,
}) => {
  const { found, check } = gather(page);
  await logInFresh(page, "washington");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "View all documents" }).click();
  const panel = dialog(page, "Account Activity");
  await expect(panel.getByRole("tabpanel", { name: "Documents" })).toContainText(
    "There are no statements to display at this time.",
  );
  await check("/account's View all panel, documents (none)");
  await panel.getByRole("tab", { name: "Transactions" }).click();
  await expect(panel.getByRole("tabpanel", { name: "Transactions" })).toContainText(
    "There are no transactions to display at this time.",
  );
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

test("before the first statement (a new borrower): the account's first-statement line, the payments header, the draw summary", async ({
  page,
}) => {
  const { found, check } = gather(page);
  await logInFresh(page, "new");
  await expect(page.locator(".summary .statement-ahead")).toContainText("Your first statement is");
  await check("/account before the first statement");
  await gotoHydrated(page, "/payments");
  await expect(page.locator(".payment-header")).toContainText("Your first statement is");
  await check("/payments before the first statement");
  await gotoHydrated(page, "/draw");
  await expect(page.locator(".draw-summary")).toContainText("First Statement");
  await check("/draw before the first statement", [...PHONES, 1280]);
  expect(found).toEqual([]);
});

test("a one-time payment (past due): each step, the amount's message, the calendar, the review, the authorization popup, the thank-you, payments in process", async ({
  page,
}) => {
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

test("preferences: messages, the current password, the opt-out and unsaved-changes popups, a refusal, the saved popup and after, passkeys and their popups", async ({
  page,
  context,
}) => {
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
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
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
    const res = await page.request.post("/contact", {
      form: {
        firstName: "Robin",
        lastName: "Busy",
        email: `busy-${i}@example.com`,
        phone: "",
        messageCategory: "payments",
        message: `Message ${i}`,
      },
    });
    expect(res.status(), `message ${i + 2}`).toBe(200);
  }
  await fill("busy-11@example.com");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /Your message was not sent/ })).toBeVisible();
  await check("/contact refused");
  expect(found).toEqual([]);
});
