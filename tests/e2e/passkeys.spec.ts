import AxeBuilder from "@axe-core/playwright";
import { gotoHydrated } from "./fixtures/hydrated";
import { logInFresh } from "./fixtures/portal";
import { expect, test } from "./fixtures/test";

test("a signed-in borrower adds, renames and removes a passkey, and signs in with it", async ({ page, context }) => {
  // Chromium's virtual authenticator (CDP WebAuthn): a platform authenticator with user verification.
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

  // A borrower of its own: passkeys are the account's, and a retry must not find the last attempt's.
  await logInFresh(page, "current");

  await gotoHydrated(page, "/preferences");
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await page.getByLabel("Name for a new passkey").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Your passkey was added. You can now log in with it.")).toBeVisible();
  await expect(page.locator(".passkey-name")).toHaveText(["Test laptop"]);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );

  // Rename in the site's popup: CANCEL keeps the name, an empty name is refused, SAVE renames.
  await page.getByRole("button", { name: "Rename Test laptop" }).click();
  const rename = page.getByRole("dialog", { name: "Rename passkey" });
  await expect(rename.getByLabel("New name for this passkey")).toBeFocused();
  await expect(rename.getByLabel("New name for this passkey")).toHaveValue("Test laptop");
  const withDialog = await new AxeBuilder({ page }).analyze();
  expect(
    withDialog.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
  ).toEqual([]);
  // CANCEL and the opener pressed again in one moment: the late close of the first must not shut the second.
  // (React renders the first click in a microtask; the dialog's close event waits for a task.)
  await page.evaluate(async () => {
    const dialog = document.getElementById("rename-passkey")!;
    [...dialog.querySelectorAll("button")].find((b) => b.textContent === "CANCEL")!.click();
    await Promise.resolve();
    if (dialog.getAttribute("open") !== null) throw new Error("CANCEL did not shut the popup");
    [...document.querySelectorAll("button")].find((b) => b.textContent === "Rename Test laptop")!.click();
  });
  await page.waitForTimeout(200);
  await expect(rename).toBeVisible();
  await rename.getByRole("button", { name: "CANCEL" }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole("button", { name: "Rename Test laptop" })).toBeFocused();
  await page.keyboard.press("Enter");
  await rename.getByLabel("New name for this passkey").fill("   ");
  await rename.getByRole("button", { name: "SAVE" }).click();
  await expect(rename.getByRole("alert")).toHaveText("Please name your passkey.");
  await rename.getByLabel("New name for this passkey").fill("Work laptop");
  await rename.getByRole("button", { name: "SAVE" }).click();
  await expect(rename).toBeHidden();
  await expect(page.locator(".passkey-name")).toHaveText(["Work laptop"]);
  await expect(page.getByRole("status").filter({ hasText: "renamed" })).toHaveText(
    'The passkey was renamed "Work laptop".',
  );

  // Browser autofill (conditional mediation): the login page offers the passkey by itself,
  // and the virtual authenticator picks it at once.
  await page.getByRole("banner").getByRole("button", { name: "Log Out" }).click();
  // Log Out lands on the home page, which says 'You have been logged out.'
  await expect(page).toHaveURL(/\/\?loggedout$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/account$/);

  // The button, in a browser without autofill: it lands where the password would.
  await page.getByRole("banner").getByRole("button", { name: "Log Out" }).click();
  // Log Out lands on the home page, which says 'You have been logged out.'
  await expect(page).toHaveURL(/\/\?loggedout$/);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: "Log in with a passkey" }).click();
  await expect(page).toHaveURL(/\/account$/);

  await gotoHydrated(page, "/preferences");
  // Remove asks first in the site's popup; Esc keeps the key, REMOVE removes it.
  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  const remove = page.getByRole("dialog", { name: "Remove passkey?" });
  await expect(remove).toContainText("“Work laptop”");
  await page.keyboard.press("Escape");
  await expect(remove).toBeHidden();
  await expect(page.locator(".passkey-name")).toHaveText(["Work laptop"]);
  await page.getByRole("button", { name: "Remove Work laptop" }).click();
  await remove.getByRole("button", { name: "REMOVE" }).click();
  await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
  await expect(page.getByText('The passkey "Work laptop" was removed.')).toBeVisible();
  await expect(page.getByLabel("Name for a new passkey")).toBeFocused();
});

test("preferences need a signed-in borrower", async ({ page }) => {
  await page.goto("/preferences");
  await expect(page).toHaveURL(/\/login$/);
});
