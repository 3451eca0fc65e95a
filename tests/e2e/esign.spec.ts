import AxeBuilder from "@axe-core/playwright";
import { applicant, applyToTheEnd } from "./fixtures/applicant";
import { agree } from "./fixtures/esign";
import { gotoHydrated } from "./fixtures/hydrated";
import { latestPasscode } from "./fixtures/outbox";
import { expect, type Page, test } from "./fixtures/test";

async function approved(page: Page, a = applicant()) {
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
}

test("approved application to an e-signed line with a first draw", async ({ page }) => {
  await approved(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("$800");
  await axe(page);
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page.locator(".step-alert")).toHaveText("Please complete all sections as noted above");
  await expect(page.getByText("Please read & agree to the Arbitration Agreement")).toBeVisible();
  await agree(page, "Arbitration Agreement");
  // Agreed in the popup: that row's message from the save is gone; the others' stay until agreed.
  await expect(page.getByText("Please read & agree to the Arbitration Agreement")).toHaveCount(0);
  await expect(page.getByText("Please read & agree to the Credit Agreement")).toBeVisible();
  await agree(page, "Consent for Electronic Records");
  await agree(page, "Credit Agreement");
  await expect(page.locator(".agreement-row").getByRole("alert")).toHaveCount(0);
  await page.getByLabel("Yes").first().check();
  await expect(page.getByLabel("Draw amount ($)")).toHaveValue("100");
  await expect(page.getByText("Cash advance fee: $5.00; you receive $95.00.")).toBeVisible();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await axe(page);
  // Paid by direct deposit: paper check is not allowed, and the modal sends the borrower back to EFT.
  await page.getByLabel("Paper Check", { exact: true }).check();
  const modal = page.getByRole("dialog", { name: "Paper check is not available" });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "GO BACK TO EFT AND FINISH ESIGN" }).click();
  await expect(page.getByLabel("Electronic Funds Transfer")).toBeChecked();
  await page.getByLabel(/I am not an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await page.getByLabel("Type your first and last name to eSign").fill("Jordan Smith");
  // SUBMIT stays inactive until the typed name matches.
  await expect(page.getByRole("button", { name: "SUBMIT" })).toBeDisabled();
  await page.getByLabel("Type your first and last name to eSign").fill("jordan rivera");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/esign\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congrats, Jordan. You've successfully eSigned your line of credit.",
  );
  await expect(page.getByText(/We're processing your \$100 draw/)).toBeVisible();
  // Signed, there is nothing to sign again: no link back to the approval (it would only come back here).
  await expect(page.locator('a[href="/apply/approved"]')).toHaveCount(0);
  await axe(page);
});

test("refusing the draw, and a military declaration withdraws the application", async ({ page }) => {
  await approved(page);
  await agree(page, "Arbitration Agreement");
  await agree(page, "Consent for Electronic Records");
  await agree(page, "Credit Agreement");
  await page.getByLabel("Yes").first().check();
  await page.getByLabel("I don't want to draw right now").check();
  await expect(page.getByLabel("Draw amount ($)")).toHaveValue("");
  await page.getByLabel("I don't want to draw right now").uncheck();
  await expect(page.getByLabel("Draw amount ($)")).toHaveValue("100");
  await page.getByLabel("I don't want to draw right now").check();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await page.reload();
  await page.getByLabel(/I am an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await page.getByLabel("Type your first and last name to eSign").fill("Jordan Rivera");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  // Nothing is withdrawn before the borrower confirms it (0-decisions.md).
  const confirm = page.getByRole("dialog", { name: "Withdraw your application?" });
  await expect(confirm).toBeVisible();
  await axe(page);
  await confirm.getByRole("button", { name: "No, go back" }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await page
    .getByRole("dialog", { name: "Withdraw your application?" })
    .getByRole("button", { name: "Yes, withdraw my application" })
    .click();
  await expect(page).toHaveURL(/\/esign\/military$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We can't complete your line of credit");
  await axe(page);
  // Going back, or reopening any e-sign page, shows the withdrawal and the phone, never a success.
  for (const path of ["/esign/consent", "/esign/signature", "/esign/contact", "/apply/approved"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("We can't complete your line of credit");
    await expect(page.locator("main")).toContainText("1.800.555.0142");
    await expect(page.locator("main")).not.toContainText(/Congrat/);
  }
});

test("without an e-sign session the consent page sends the visitor to login, which says how to go on", async ({
  page,
}) => {
  await page.goto("/esign/consent");
  await expect(page).toHaveURL(/\/login\?CalledFrom=Esign$/);
  await expect(
    page.getByText("To e-sign your line of credit, please log in. No password yet? Choose Create Password below."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Password" })).toBeVisible();
});

test("an inline password with two-factor verification, and logging in after signing", async ({ page }) => {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByLabel("Password", { exact: true }).fill("Esign!pass33");
  await page.getByLabel("Confirm Password").fill("Esign!pass33");
  await page.getByRole("button", { name: "Create Password" }).click();
  const email = `jordan.${a.ssn}@example.com`;
  await expect(page.getByText("We e-mailed you a six-digit passcode")).toBeVisible();
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.insertText(await latestPasscode(page, email));
  await page.locator(".inline-password").getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();

  await agree(page, "Arbitration Agreement");
  await agree(page, "Consent for Electronic Records");
  await agree(page, "Credit Agreement");
  await page.getByLabel("No", { exact: true }).first().check();
  await page.getByRole("dialog", { name: "Stay informed" }).getByRole("button", { name: "STAY INFORMED" }).click();
  await expect(page.getByLabel("Yes").first()).toBeChecked();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await page.getByLabel(/I am not an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await page.getByLabel("Type your first and last name to eSign").fill("Jordan Rivera");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/esign\/contact$/);
  await page.locator("main").getByRole("button", { name: "Log Out" }).click();

  await gotoHydrated(page, "/login");
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("button", { name: "CONTINUE" }).click();
  await page.getByLabel("Password").fill("Esign!pass33");
  await page.getByRole("button", { name: "LOG IN", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("agreements open as pages and the e-sign flow completes by form posts", async ({ page }) => {
    await page.goto("/apply/personal?start=1");
    await applyToTheEnd(page, applicant());
    await page.getByRole("link", { name: "Continue to eSign" }).click();
    for (const label of ["Arbitration Agreement", "Consent for Electronic Records", "Credit Agreement"]) {
      await page.getByRole("link", { name: `Read & Agree to the ${label}` }).click();
      await page.getByRole("button", { name: "Agree", exact: true }).click();
      await expect(page).toHaveURL(/\/esign\/consent$/);
    }
    await page.getByLabel("Yes").first().check();
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page).toHaveURL(/\/esign\/signature$/);
    await page.getByLabel(/I am not an active-duty member/).check();
    await page.getByLabel(/eSign terms/).check();
    await page.getByLabel("Type your first and last name to eSign").fill("Jordan Rivera");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await expect(page).toHaveURL(/\/esign\/contact$/);
    // Back to the approval (Back, history): signed, it is no longer "conditionally approved, preparing documents".
    await page.goto("/apply/approved");
    await expect(page).toHaveURL(/\/esign\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Congrats, Jordan. You've successfully eSigned your line of credit.",
    );
  });
});

test("paid by paper check: the paper-check panel instead of the modal; agreement pages pass axe", async ({ page }) => {
  await approved(page, applicant({ incomeBy: "Paper Check" }));
  await gotoHydrated(page, "/esign/document/agrcredit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Line of Credit Agreement");
  await axe(page);
  await gotoHydrated(page, "/esign/consent");
  await agree(page, "Arbitration Agreement");
  await agree(page, "Consent for Electronic Records");
  await agree(page, "Credit Agreement");
  // A reload keeps the answers given so far.
  await page.reload();
  await expect(page.locator(".agreement-row", { hasText: "Credit Agreement" }).locator(".agreed")).toBeVisible();
  await page.getByLabel("Yes").first().check();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await page.getByLabel("Paper Check", { exact: true }).check();
  await expect(page.getByRole("dialog", { name: "Paper check is not available" })).toBeHidden();
  await expect(page.getByText(/Paper check payments add 7 to 10 business days/)).toBeVisible();
});
