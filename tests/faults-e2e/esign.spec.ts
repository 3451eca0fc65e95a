import type { Page } from "@playwright/test";
import { applicant, applyToTheEnd } from "../e2e/fixtures/applicant";
import { agree } from "../e2e/fixtures/esign";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { expect, test } from "./fixtures/faults";

/** E-sign's signature with the platform failing under it (spec file 2, sections 5 and 8). */

const NOT_SAVED = "Data not saved. please try again.";
const NAME = "Type your first and last name to eSign";

/** An approved applicant through consent, on the signature step with everything filled in. */
async function readyToSign(page: Page): Promise<string> {
  const a = applicant();
  await gotoHydrated(page, "/apply/personal?start=1");
  await applyToTheEnd(page, a);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await agree(page, "Arbitration Agreement");
  await agree(page, "Consent for Electronic Records");
  await agree(page, "Credit Agreement");
  await page.getByLabel("Yes").first().check();
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expect(page).toHaveURL(/\/esign\/signature$/);
  await page.getByLabel(/I am not an active-duty member/).check();
  await page.getByLabel(/eSign terms/).check();
  await page.getByLabel(NAME).fill("Jordan Rivera");
  return `jordan.${a.ssn}@example.com`;
}

test("a signature whose answer is lost lands on the confirmation (the platform did sign), with one signature and one first draw", async ({ page, faults, platform }) => {
  const email = await readyToSign(page);

  await faults.arm("Account/FinishESign", "lostAnswer");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  // The site re-reads the summary before saying 'Data not saved.': the line is signed, so no second signing.
  await expect(page).toHaveURL(/\/esign\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Congrats, Jordan. You've successfully eSigned your line of credit.");
  await expect(page.getByText(/We're processing your \$100 draw/)).toBeVisible();
  expect(await platform.records(email)).toMatchObject({ signatures: 1, draws: 1 });

  // Back to the signature (the browser's back button, a second tab): nothing to sign again.
  await faults.clear();
  await page.goto("/esign/signature");
  await expect(page).toHaveURL(/\/esign\/contact$/);
  expect(await platform.records(email)).toMatchObject({ signatures: 1, draws: 1 });
});

test("a signature answered 500 says 'Data not saved. please try again.' and keeps the typed name and choices; SUBMIT again signs once", async ({ page, faults, platform }) => {
  const email = await readyToSign(page);

  await faults.arm("Account/FinishESign", "answer500");
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(NOT_SAVED);
  await expect(page.getByLabel(NAME)).toHaveValue("Jordan Rivera");
  await expect(page.getByLabel(/I am not an active-duty member/)).toBeChecked();
  expect(await platform.records(email)).toMatchObject({ signatures: 0, draws: 0 });

  await faults.clear();
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await expect(page).toHaveURL(/\/esign\/contact$/);
  expect(await platform.records(email)).toMatchObject({ signatures: 1, draws: 1 });
});
