import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { gotoHydrated } from "./fixtures/hydrated";
import { demoLead, postSignedLead } from "./fixtures/leads";

/** A partner's approved lead: its one-time link and Application ID. */
async function approvedLead(request: Parameters<typeof postSignedLead>[0]) {
  const res = await postSignedLead(request, demoLead());
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as { status: string; applicationId: number; redirectUrl: string };
  expect(answer.status).toBe("approved");
  return answer;
}

async function expectLeadPostError(page: Page, applicationId: number | null) {
  await expect(page).toHaveURL(
    applicationId ? new RegExp(`/apply/leadpost\\?appid=${applicationId}$`) : /\/apply\/leadpost$/,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application is conditionally approved");
  if (applicationId) await expect(page.getByText(`Application ID: ${applicationId}`)).toBeVisible();
}

test("a signed lead's link lets the applicant continue to e-sign, and leaves no token in the address", async ({
  page,
  request,
}) => {
  const lead = await approvedLead(request);
  await page.goto(lead.redirectUrl);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Congratulations, Jordan! You're conditionally approved for a line of credit of $800.",
  );
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(page.url()).not.toContain("ID=");
});

test("the same link a second time, in the same browser, goes to the lead-post error page", async ({
  page,
  request,
}) => {
  const lead = await approvedLead(request);
  await page.goto(lead.redirectUrl);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await page.goto(lead.redirectUrl);
  await expectLeadPostError(page, lead.applicationId);
});

test("the link opened in another browser after the applicant used it goes to the lead-post error page", async ({
  page,
  browser,
  request,
}) => {
  const lead = await approvedLead(request);
  await page.goto(lead.redirectUrl);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(lead.redirectUrl);
  await expectLeadPostError(stranger, lead.applicationId);
  // The stranger holds no decision: the approved page sends them to log in, saying how to go on.
  await stranger.goto("/apply/approved");
  await expect(stranger).toHaveURL(/\/login\?CalledFrom=Esign$/);
  await other.close();
});

test("an unknown link goes to the lead-post error page without an Application ID", async ({ page }) => {
  await page.goto("/apply/approved?ID=nonexistent-token-0000000000000000000000000");
  await expectLeadPostError(page, null);
  await expect(page.getByText("Application ID")).toHaveCount(0);
});

test("the lead-post error page passes axe", async ({ page }) => {
  await gotoHydrated(page, "/apply/leadpost?appid=12345678");
  await expect(page.getByText("Application ID: 12345678")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
});
