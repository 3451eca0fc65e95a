import { problemsAtWidths } from "./fixtures/fit";
import { gotoHydrated } from "./fixtures/hydrated";
import { eSignedNewBorrower } from "./fixtures/new-borrower";
import { drawThroughPortal } from "./fixtures/payments";
import { expectAccessible, logIn, logInFresh } from "./fixtures/portal";
import { type Browser, expect, type Page, test, visitorIp } from "./fixtures/test";

// Each test copies a borrower and signs in (PBKDF2): slow on a shared machine.
test.describe.configure({ timeout: 90_000 });

const saveButtons = (page: Page) => page.getByRole("button", { name: "SAVE CHANGES" });
const toggle = (page: Page, group: "Marketing emails" | "Marketing calls and text messages", answer: "YES" | "NO") =>
  page.getByRole("group", { name: group }).getByRole("radio", { name: answer, exact: true });
const uniqueEmail = () => `prefs-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A 10-digit number no other test uses, so its text is found in the outbox. */
const uniquePhone = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
const dashed = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;

interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
}
async function sentTo(page: Page, recipient: string): Promise<OutboxRow[]> {
  const rows = (await (await page.request.get("/api/dev/outbox")).json()) as OutboxRow[];
  return rows.filter((row) => row.recipient === recipient);
}

async function openPreferences(page: Page) {
  await gotoHydrated(page, "/preferences");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Select Your Account Preferences");
}

test("guests are sent to login", async ({ page }) => {
  await page.goto("/preferences");
  await expect(page).toHaveURL(/\/login$/);
});

test("a save updates e-mail and cell, confirms in a popup, and the outbox has the notification e-mails (new and old address) and text", async ({
  page,
}) => {
  const borrower = await logInFresh(page, "current");
  await openPreferences(page);
  await expect(saveButtons(page)).toHaveCount(2);
  for (const button of await saveButtons(page).all()) await expect(button).toBeDisabled();
  const form = page.locator("#preferences-form");
  await expect(form.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", "/termsandconditions");
  await expect(form.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  await expect(page.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  await expectAccessible(page);

  const email = uniqueEmail();
  const cell = uniquePhone();
  // The e-mail is the sign-in name: the current password field shows only once it changes, and SAVE waits for it.
  await expect(page.getByLabel("Current Password")).toBeHidden();
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Cell Phone").fill(cell);
  await expect(page.getByLabel("Cell Phone")).toHaveValue(dashed(cell));
  await expect(page.getByLabel("Current Password")).toBeVisible();
  await expect(saveButtons(page).first()).toBeDisabled();
  await page.getByLabel("Current Password").fill(borrower.password);
  await expectAccessible(page);
  await saveButtons(page).last().click();

  const popup = page.getByRole("dialog", { name: "Preferences Saved" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(
    `Your email address and phone number were updated. We sent a confirmation email to ${email} and a text message to ${dashed(cell).replaceAll("-", ".")}.`,
  );
  await expect(popup).toContainText(
    `We also told your previous address, ${borrower.email}, and logged you out on every other device.`,
  );
  await expectAccessible(page);
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();
  await expect(saveButtons(page).first()).toBeDisabled();

  await expect(async () => {
    const mail = await sentTo(page, email);
    const text = await sentTo(page, cell);
    expect(mail.map((m) => [m.channel, m.subject])).toEqual([
      ["email", "Your Ridgeline Credit preferences were updated"],
    ]);
    expect(text.map((m) => m.channel)).toEqual(["sms"]);
    expect(text[0]!.body).toContain("your account preferences were updated");
    const old = await sentTo(page, borrower.email);
    expect(old.map((m) => m.subject)).toContain("Your Ridgeline Credit email address was changed");
  }).toPass({ timeout: 10_000 });

  await openPreferences(page);
  await expect(page.getByLabel("Current Password")).toBeHidden();
  await expect(page.getByLabel("Current Password")).toHaveValue("");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Cell Phone")).toHaveValue(dashed(cell));
});

test("phone and e-mail rules: formatted on entry, instant messages, SAVE only when valid and changed", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await openPreferences(page);
  const main = page.getByLabel("Main Phone");
  // Long enough for a pasted "+1 (614) 555-9876": the box never cuts a paste before the mask reads it.
  await expect(main).toHaveAttribute("maxlength", "30");
  const original = await main.inputValue();

  await main.fill("6145559");
  await main.blur();
  await expect(page.getByText("Please enter your 10-digit main phone number")).toBeVisible();
  await expect(saveButtons(page).first()).toBeDisabled();
  await main.fill("6145559876");
  await expect(main).toHaveValue("614-555-9876");
  await expect(page.getByText("Please enter your 10-digit main phone number")).toBeHidden();
  await expect(saveButtons(page).first()).toBeEnabled();
  // Any way people write a phone reads as the same number (the one phone rule).
  await main.fill("+1 (614) 555-9876");
  await main.blur();
  await expect(main).toHaveValue("614-555-9876");
  await expect(page.getByText("Please enter your 10-digit main phone number")).toBeHidden();
  await expect(saveButtons(page).first()).toBeEnabled();
  await main.fill(original);
  await expect(saveButtons(page).first()).toBeDisabled();

  // The separate cell field is only for a main phone that is not a cell.
  const cell = page.getByLabel("Cell Phone");
  await expect(cell).toBeVisible();
  await page.getByLabel("This is my cell").check();
  await expect(cell).toBeHidden();
  await expect(saveButtons(page).first()).toBeEnabled();
  await page.getByLabel("This is my cell").uncheck();
  await cell.fill("614");
  await cell.blur();
  await expect(page.getByText("Please enter your 10-digit cell phone number")).toBeVisible();
  await expect(saveButtons(page).first()).toBeDisabled();
  await cell.fill("");
  await expect(page.getByText("Please enter your 10-digit cell phone number")).toBeHidden();

  const emailField = page.getByLabel("Email Address");
  const savedEmail = await emailField.inputValue();
  await emailField.fill("casey@example");
  await emailField.blur();
  await expect(page.getByText("Please enter your email address in this format: name@example.com")).toBeVisible();
  await emailField.fill("");
  await emailField.blur();
  await expect(emailField).toHaveValue(savedEmail);
  await expect(
    page.getByText(
      "You must have an email address for your account. If you want to opt out of marketing emails, select \u201cNo.\u201d",
    ),
  ).toBeVisible();
});

test("turning marketing off asks 'Are you sure?': STAY INFORMED keeps it, OPT ME OUT turns it off", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await openPreferences(page);
  await expect(toggle(page, "Marketing emails", "YES")).toBeChecked();

  await toggle(page, "Marketing emails", "NO").check();
  const ask = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(ask).toBeVisible();
  await expectAccessible(page);
  await ask.getByRole("button", { name: "STAY INFORMED" }).click();
  await expect(ask).toBeHidden();
  await expect(toggle(page, "Marketing emails", "YES")).toBeChecked();
  await expect(saveButtons(page).first()).toBeDisabled();

  await toggle(page, "Marketing emails", "NO").check();
  await ask.getByRole("button", { name: "OPT ME OUT" }).click();
  await expect(ask).toBeHidden();
  await expect(toggle(page, "Marketing emails", "NO")).toBeChecked();
  await saveButtons(page).first().click();
  await expect(page.getByRole("dialog", { name: "Preferences Saved" })).toContainText("Your preferences were saved.");

  await openPreferences(page);
  await expect(toggle(page, "Marketing emails", "NO")).toBeChecked();
  // Calls were off: turning them on asks nothing; turning them off again asks.
  await toggle(page, "Marketing calls and text messages", "YES").check();
  await expect(ask).toBeHidden();
  await toggle(page, "Marketing calls and text messages", "NO").check();
  await expect(ask).toContainText("marketing calls and text messages");
  await ask.getByRole("button", { name: "STAY INFORMED" }).click();
  await expect(toggle(page, "Marketing calls and text messages", "YES")).toBeChecked();
});

test("leaving with unsaved changes asks 'Please Save Your Changes': CANCEL leaves without saving, SAVE saves and goes", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await openPreferences(page);
  const main = page.getByLabel("Main Phone");
  const original = await main.inputValue();
  const prompt = page.getByRole("dialog", { name: "Please Save Your Changes" });
  const accountLink = page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Account" });

  await main.fill("6145550001");
  await accountLink.click();
  await expect(prompt).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/preferences$/);

  await accountLink.click();
  await prompt.getByRole("button", { name: "CANCEL" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await openPreferences(page);
  await expect(main).toHaveValue(original);

  await main.fill("6145550002");
  await accountLink.click();
  await prompt.getByRole("button", { name: "SAVE" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await openPreferences(page);
  await expect(main).toHaveValue("614-555-0002");

  // Leaving the site asks the browser's own question (it needs a real click on the page first).
  await main.click();
  await main.fill("6145550003");
  // The guard is a React effect: wait until the change has rendered (SAVE enabled) and effects have run, or a busy machine closes the page first.
  await expect(page.getByRole("button", { name: "SAVE CHANGES" }).first()).toBeEnabled();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const question = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("a platform refusal shows 'Unable to Save Preferences.'", async ({ page }) => {
  const borrower = await logInFresh(page, "current");
  await openPreferences(page);
  // Another borrower's e-mail: the platform refuses it.
  await page.getByLabel("Email Address").fill("pastdue@demo.ridgeline.test");
  await page.getByLabel("Current Password").fill(borrower.password);
  await saveButtons(page).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "Unable to Save Preferences." })).toBeVisible();
});

/** A fresh borrower signed in on `page` and on a second device (its own browser context, same client IP). */
async function signedInOnTwoDevices(page: Page, browser: Browser, baseURL: string) {
  const borrower = await logInFresh(page, "current");
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { "CF-Connecting-IP": visitorIp(test.info()) } });
  const phone = await other.newPage();
  await logIn(phone, borrower.email, borrower.password);
  return { borrower, other, phone };
}

test("a new e-mail with a wrong password is refused and nothing changes; the other device stays signed in", async ({
  page,
  browser,
  baseURL,
}) => {
  const { borrower, other, phone } = await signedInOnTwoDevices(page, browser, baseURL!);

  await openPreferences(page);
  await page.getByLabel("Email Address").fill(uniqueEmail());
  await page.getByLabel("Current Password").fill("Wrong!pass99");
  await saveButtons(page).first().click();
  await expect(page.getByText("The password you entered is incorrect. Please try again.")).toBeVisible();
  await expect(page.getByLabel("Current Password")).toHaveValue("");

  await openPreferences(page);
  await expect(page.getByLabel("Email Address")).toHaveValue(borrower.email);
  await gotoHydrated(phone, "/account");
  await expect(phone).toHaveURL(/\/account$/);
  await other.close();
});

test("a new e-mail signs the borrower out on every other device", async ({ page, browser, baseURL }) => {
  const { borrower, other, phone } = await signedInOnTwoDevices(page, browser, baseURL!);

  await openPreferences(page);
  await page.getByLabel("Email Address").fill(uniqueEmail());
  await page.getByLabel("Current Password").fill(borrower.password);
  await saveButtons(page).first().click();
  await expect(page.getByRole("dialog", { name: "Preferences Saved" })).toBeVisible();

  // The other device's next step finds its session gone and asks for a login.
  await phone.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Payments" }).click();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Log In");
  // This device goes on.
  await openPreferences(page);
  await other.close();
});

test.describe("without JavaScript", () => {
  test("the form posts, the server shows messages, asks 'Are you sure?' as part of the page, and saves", async ({
    page,
    browser,
    baseURL,
  }) => {
    const borrower = await logInFresh(page, "current");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto("/preferences");
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Select Your Account Preferences");
    await expect(saveButtons(plain).first()).toBeEnabled();

    await plain.getByLabel("Email Address").fill("");
    await plain.getByLabel("Main Phone").fill("61455");
    await saveButtons(plain).first().click();
    await expect(plain.getByText("Please enter your 10-digit main phone number")).toBeVisible();
    await expect(plain.getByText("You must have an email address for your account.", { exact: false })).toBeVisible();
    await expect(plain.getByLabel("Email Address")).toHaveValue(borrower.email);

    const phone = uniquePhone();
    await plain.getByLabel("Main Phone").fill(phone);
    await plain.getByLabel("This is my cell").check();
    await toggle(plain, "Marketing emails", "NO").check();
    await saveButtons(plain).first().click();
    const panel = plain.getByRole("alert").filter({ has: plain.getByRole("heading", { name: "Are you sure?" }) });
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "STAY INFORMED" }).click();
    await expect(toggle(plain, "Marketing emails", "YES")).toBeChecked();
    await expect(plain.getByLabel("Main Phone")).toHaveValue(phone);

    await toggle(plain, "Marketing emails", "NO").check();
    await saveButtons(plain).last().click();
    await plain.getByRole("button", { name: "OPT ME OUT" }).click();
    await expect(plain.getByRole("status").filter({ hasText: "Your phone number was updated." })).toContainText(
      `We sent a confirmation text message to ${dashed(phone).replaceAll("-", ".")}.`,
    );
    await expect(toggle(plain, "Marketing emails", "NO")).toBeChecked();
    await expect(plain.getByLabel("Main Phone")).toHaveValue(dashed(phone));
    await expect(plain.getByLabel("This is my cell")).toBeChecked();
    await expect.poll(async () => (await sentTo(plain, phone)).map((m) => m.channel)).toEqual(["sms"]);
    await context.close();
  });

  test("the current password field is always there; a new e-mail without it is refused, with it saved", async ({
    page,
    browser,
    baseURL,
  }) => {
    const borrower = await logInFresh(page, "current");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      storageState: await page.context().storageState(),
    });
    const plain = await context.newPage();
    await plain.goto("/preferences");
    await expect(plain.getByLabel("Current Password")).toBeVisible();
    const email = uniqueEmail();
    await plain.getByLabel("Email Address").fill(email);
    await saveButtons(plain).first().click();
    await expect(plain.getByText("Please enter your current password to change your email address.")).toBeVisible();
    await expect(plain.getByLabel("Email Address")).toHaveValue(email);

    await plain.getByLabel("Current Password").fill(borrower.password);
    await saveButtons(plain).first().click();
    await expect(plain.getByRole("status").filter({ hasText: "Your email address was updated." })).toContainText(
      `We also told your previous address, ${borrower.email}`,
    );
    await expect(plain.getByLabel("Email Address")).toHaveValue(email);
    await expect(plain.getByLabel("Current Password")).toHaveValue("");
    await context.close();
  });
});

test("a new borrower, never asked about marketing e-mails, reads YES (allowed when missing); the NO they then choose reads NO, with JavaScript on and off", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Made as a person is: the application and e-sign, which ask about texts and calls but not e-mails.
  await eSignedNewBorrower(page, { draw: false });
  await openPreferences(page);
  await expect(toggle(page, "Marketing emails", "YES")).toBeChecked();
  const plainContext = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await plainContext.newPage();
  await plain.goto("/preferences");
  await expect(toggle(plain, "Marketing emails", "YES")).toBeChecked();

  // A choice made is a choice kept: NO, saved, reads NO afterwards on both.
  await toggle(page, "Marketing emails", "NO").check();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "OPT ME OUT" }).click();
  await saveButtons(page).first().click();
  await expect(page.getByRole("dialog", { name: "Preferences Saved" })).toBeVisible();
  await openPreferences(page);
  await expect(toggle(page, "Marketing emails", "NO")).toBeChecked();
  await plain.goto("/preferences");
  await expect(toggle(plain, "Marketing emails", "NO")).toBeChecked();
  await plainContext.close();
});

test("a borrower's preferences open with the saved values", async ({ page }) => {
  await logInFresh(page, "current");
  await openPreferences(page);
  await expect(page.getByLabel("Main Phone")).toHaveValue(/^\d{3}-\d{3}-\d{4}$/);
  await expect(page.getByLabel("This is my cell")).not.toBeChecked();
  await expect(page.getByLabel("Cell Phone")).toHaveValue(/^\d{3}-\d{3}-\d{4}$/);
});

test("the messages we sent are listed: a draw's confirmation by e-mail, sent; it fits every width and axe finds nothing", async ({
  page,
}) => {
  await logInFresh(page, "current");
  await openPreferences(page);
  const list = page.getByRole("region", { name: "Messages We Sent You" });
  await expect(list).toContainText("We have not sent you any messages yet.");
  await drawThroughPortal(page, "200");
  await openPreferences(page);
  const row = list.getByRole("row").filter({ hasText: "Your draw request was received" });
  await expect(row).toContainText("Email");
  await expect(row).toContainText("Sent");
  expect(await problemsAtWidths(page, "/preferences with a message")).toEqual([]);
});
