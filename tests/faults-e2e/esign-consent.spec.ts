import type { Page } from "@playwright/test";
import type { Fault } from "../../scripts/fault-proxy";
import { agree, REQUIRED_AGREEMENTS } from "../e2e/fixtures/esign";
import { approvedApplicant } from "./fixtures/applicants";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { expect, type Platform, test } from "./fixtures/faults";
import { latestPasscode } from "./fixtures/outbox";

/**
 * E-sign consent (spec file 2, sections 2.6 and 4, 'Consent submit') with the
 * platform failing under its Save and Continue. The post reads the account
 * summary (Account/GetSummary), the application (GET Applications) and the
 * login (Auth/ValidateEmail), then saves the first draw (POST Applications).
 * The proxy arms by path, so "Applications" fails the read and the save alike;
 * the save cannot be failed alone.
 */

const SIGNATURE = /\/esign\/signature$/;

/** An approved applicant (from a partner lead) on the consent page, every section answered and a $150 first draw typed. */
async function readyToSave(page: Page): Promise<string> {
  const a = await approvedApplicant(page.request);
  await page.goto(a.link);
  await expect(page).toHaveURL(/\/apply\/approved$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await page.getByRole("link", { name: "Continue to eSign" }).click();
  await expect(page).toHaveURL(/\/esign\/consent$/);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  for (const label of REQUIRED_AGREEMENTS) await agree(page, label);
  await page.getByLabel("Yes").first().check();
  await page.getByLabel("Draw amount ($)").fill("150");
  return a.email;
}

/** On the signature step, one application on the platform, and the consent page (BACK) holding the typed $150. */
async function expectSavedOnce(page: Page, platform: Platform, email: string) {
  await expect(page).toHaveURL(SIGNATURE);
  expect(await platform.records(email)).toMatchObject({ customers: 1, applications: 1, signatures: 0, draws: 0 });
  await page.goto("/esign/consent");
  await expect(page.getByLabel("Draw amount ($)")).toHaveValue("150");
}

/** Clicks Save and Continue and waits for its post to be answered, wherever it leads. */
async function saveAndContinue(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/esign/consent"),
  );
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await answered;
}

test("a Save and Continue that meets a 500 leaves the agreements agreed; Save and Continue again reaches the signature with the typed draw", async ({
  page,
  faults,
  platform,
}) => {
  const email = await readyToSave(page);

  await faults.arm("Account/GetSummary", "answer500");
  await saveAndContinue(page);

  // The e-sign session and the agreements survive the failure.
  await faults.clear();
  await page.goto("/esign/consent");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  for (const label of REQUIRED_AGREEMENTS)
    await expect(page.locator(".agreement-row", { hasText: label }).locator(".agreed")).toBeVisible();
  await page.getByLabel("Yes").first().check();
  await page.getByLabel("Draw amount ($)").fill("150");
  await page.getByRole("button", { name: "Save and Continue" }).click();
  await expectSavedOnce(page, platform, email);
});

// A platform failure while the post reads the summary, the application or the login stays on consent with the spec's
// 'Unable to Save Consent Data.' and keeps the typed draw and choices (it once sent the applicant to /login).
for (const [path, fault] of [
  ["Account/GetSummary", "answer500"],
  ["Auth/ValidateEmail", "hang"],
  ["Applications", "answer500"],
] as const) {
  test(`a Save and Continue whose ${path} meets '${fault}' stays on consent with an error and keeps the draw and choices; Save and Continue again saves once`, async ({
    page,
    faults,
    platform,
  }) => {
    const email = await readyToSave(page);

    await faults.arm(path, fault);
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expect(page.locator(".step-alert")).toHaveText("Unable to Save Consent Data.", {
      timeout: FAULTS_TIMEOUT_MS + 10_000,
    });
    await expect(page).toHaveURL(/\/esign\/consent$/);
    await expect(page.getByLabel("Draw amount ($)")).toHaveValue("150");
    await expect(page.getByLabel("Yes").first()).toBeChecked();

    await faults.clear();
    await page.getByRole("button", { name: "Save and Continue" }).click();
    await expectSavedOnce(page, platform, email);
  });
}

// The optional create-password section's posts answer a platform failure on the page (they were "Something went wrong").
test("the optional password's passcode send answered 500 stays on consent with an error and keeps the password", async ({
  page,
  faults,
}) => {
  await readyToSave(page);
  await page.getByLabel("Password", { exact: true }).fill("Inline!pass61");
  await page.getByLabel("Confirm Password").fill("Inline!pass61");

  await faults.arm("Communications/SendEmailOTP", "answer500");
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/esign/consent"),
  );
  await page.getByRole("button", { name: "Create Password" }).click();
  await answered;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    /^Your Line of Credit has been conditionally approved/,
  );
  await expect(page.locator(".inline-password").getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Inline!pass61");
});

/**
 * Every state of the inline password (choosing it, re-sending its code,
 * entering the code, and the Register behind a right code) against every
 * platform failure: the page stays on consent with a message in the section,
 * keeps what was typed, answers no 5xx, and the way on works once the
 * platform is back (the password is created, or Not now leaves the section).
 */
const PASSWORD = "Inline!pass61";
const FAULTS: Fault[] = ["answer500", "hang", "lostAnswer"];
type Step = "create" | "resend" | "code" | "register";
const TABLE: Array<[Step, string, Fault]> = [
  ...FAULTS.map((f) => ["create", "Communications/SendEmailOTP", f] as [Step, string, Fault]),
  ...FAULTS.map((f) => ["resend", "Communications/SendEmailOTP", f] as [Step, string, Fault]),
  ...FAULTS.map((f) => ["code", "Communications/VerifySMSOTP", f] as [Step, string, Fault]),
  ["register", "Auth/Register", "answer500"],
  ["register", "Auth/Register", "hang"],
  ["register", "Auth/Register", "lostAnswer"],
];

async function typeCode(page: Page, code: string) {
  await page.getByLabel("Digit 1 of 6").focus();
  await page.keyboard.insertText(code);
}

async function press(page: Page, name: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/esign/consent"),
    { timeout: FAULTS_TIMEOUT_MS + 15_000 },
  );
  await page.locator(".inline-password").getByRole("button", { name, exact: true }).click();
  await answered;
}

for (const [step, path, fault] of TABLE) {
  test(`inline password, ${step} step, ${path} '${fault}': a message on consent, what was typed kept, no 5xx, and a way on`, async ({
    page,
    faults,
    request,
  }) => {
    const email = await readyToSave(page);
    const serverErrors: string[] = [];
    page.on("response", (r) => {
      if (r.status() >= 500 && new URL(r.url()).pathname.startsWith("/esign"))
        serverErrors.push(`${r.status()} ${r.url()}`);
    });
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm Password").fill(PASSWORD);
    const section = page.locator(".inline-password");
    const alert = section.getByRole("alert").filter({ hasText: /\S/ });
    if (step === "create") {
      await faults.arm(path, fault);
      await press(page, "Create Password");
      await expect(alert).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue(PASSWORD);
      await faults.clear();
      await press(page, "Create Password");
    } else {
      await press(page, "Create Password");
      await expect(section.getByRole("button", { name: "RESEND CODE" })).toBeVisible();
    }
    if (step === "resend") {
      await faults.arm(path, fault);
      await press(page, "RESEND CODE");
      await expect(alert).toBeVisible();
      await faults.clear();
      await press(page, "RESEND CODE");
      await expect(section.getByRole("status")).toHaveText(/sent your new passcode/);
    }
    const code = await latestPasscode(request, email);
    await typeCode(page, code);
    if (step === "register" && fault === "lostAnswer") {
      // The platform registered before its answer was lost: the password exists, and the page says so.
      await faults.arm(path, fault);
      await press(page, "NEXT");
      await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();
      expect(serverErrors).toEqual([]);
      return;
    }
    if (step === "code" || step === "register") {
      await faults.arm(path, fault);
      await press(page, "NEXT");
      await expect(alert).toBeVisible();
      if (step === "code") await expect(page.getByLabel("Digit 6 of 6")).toHaveValue(code.slice(-1));
      await faults.clear();
    }
    if (step === "register") {
      // The code was spent: back to choosing the password, which works now.
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm Password").fill(PASSWORD);
      await press(page, "Create Password");
      await typeCode(page, await latestPasscode(request, email));
    }
    await press(page, "NEXT");
    if (fault === "lostAnswer" && step === "code") {
      // The platform spent the code before its answer was lost: the page asks for a new one, and RESEND CODE gives it.
      await expect(alert).toHaveText("Please request a new passcode.");
      await press(page, "RESEND CODE");
      await expect(section.getByRole("status")).toHaveText(/sent your new passcode/);
      await typeCode(page, await latestPasscode(request, email));
      await press(page, "NEXT");
    }
    await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();
    expect(serverErrors).toEqual([]);
  });
}

// Ten minutes on, the platform answers "expired" (statusCode 2): the proxy gives that answer now.
test("inline password: an expired passcode says so in the section; RESEND CODE is there and the new code creates the password", async ({
  page,
  faults,
  request,
}) => {
  const email = await readyToSave(page);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm Password").fill(PASSWORD);
  const section = page.locator(".inline-password");
  await press(page, "Create Password");
  const code = await latestPasscode(request, email);
  await typeCode(page, code);
  await faults.reply("Communications/VerifySMSOTP", { statusCode: "2", wrongAttempts: 0 });
  await press(page, "NEXT");
  await expect(section.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "Your passcode has expired. Please tap RESEND CODE for a new one.",
  );
  await press(page, "RESEND CODE");
  await expect(section.getByRole("status")).toHaveText(/sent your new passcode/);
  const fresh = await latestPasscode(request, email);
  expect(fresh).not.toBe(code);
  await typeCode(page, fresh);
  await press(page, "NEXT");
  await expect(page.getByText("Your password is created. You can log in with it from now on.")).toBeVisible();
});
