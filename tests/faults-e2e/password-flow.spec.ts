import type { Page } from "@playwright/test";
import { enterCode } from "../e2e/fixtures/borrower";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { approvedApplicant } from "./fixtures/applicants";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { expect, logIn, type Platform, test } from "./fixtures/faults";
import { latestPasscode } from "./fixtures/outbox";

/**
 * Create and forgot password past the passcode send (access.spec.ts covers
 * that): the passcode check and the final password step with the platform
 * failing under them (spec file 2, sections 2.3, 2.4, 4 and 8).
 */

const CHECK_FAILED = "We're sorry, we could not check that just now. Please try again.";
const CALL_FAILED = "Call failed. Please try again in a moment.";
const NOT_SAVED = "We could not save your password. Please try again or call customer service.";
const CODE_STEP = "Enter your passcode";
const EXPIRED = "Your passcode has expired. Please tap RESEND CODE for a new one.";
const FORM_STEP = { create: "Create your password", forgot: "Reset your password" } as const;
const DONE = {
  create: "Congratulations! You've successfully created your password.",
  forgot: "Good job. You successfully reset your password.",
} as const;

type Kind = "create" | "forgot";
interface Person {
  email: string;
  last4: string;
  /** As typed: MMDDYYYY. */
  birthdate: string;
}

/** An approved applicant without a password for create; a borrower of its own with one for forgot. */
async function personFor(kind: Kind, page: Page, platform: Platform): Promise<Person> {
  if (kind === "forgot") {
    const b = await platform.freshBorrower("current");
    const [year, month, day] = b.dob.split("-");
    return { email: b.email, last4: b.last4SSN, birthdate: `${month}${day}${year}` };
  }
  const a = await approvedApplicant(page.request);
  return { email: a.email, last4: a.last4, birthdate: a.birthdate };
}

/** Through the e-mail and channel steps to the passcode boxes, the code e-mailed. */
async function toCodeStep(kind: Kind, page: Page, platform: Platform): Promise<Person> {
  const person = await personFor(kind, page, platform);
  await gotoHydrated(page, `/${kind}-password?restart`);
  await page.getByLabel("Email Address").fill(person.email);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("How would you like to receive your passcode?");
  await page.getByLabel(/^Email /).check();
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CODE_STEP);
  return person;
}

/** Past the passcode and the 3-second thanks step, to the password form. */
async function toFormStep(kind: Kind, page: Page, platform: Platform): Promise<Person> {
  const person = await toCodeStep(kind, page, platform);
  await enterCode(page, await latestPasscode(page.request, person.email));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP[kind], { timeout: 10_000 });
  return person;
}

async function fillForm(page: Page, person: Person, password: string) {
  await page.getByLabel("Date of Birth", { exact: true }).fill(person.birthdate);
  await page.getByLabel("Last 4 of SSN").fill(person.last4);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
}

async function expectFormKept(page: Page, person: Person, password: string) {
  const b = person.birthdate;
  await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveValue(
    `${b.slice(0, 2)}/${b.slice(2, 4)}/${b.slice(4)}`,
  );
  await expect(page.getByLabel("Last 4 of SSN")).toHaveValue(person.last4);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(password);
  await expect(page.getByLabel("Confirm Password")).toHaveValue(password);
}

/** Types a code box by box (each box replaced, whatever it held). */
async function retypeCode(page: Page, code: string) {
  for (const [i, digit] of [...code].entries()) await page.getByLabel(`Digit ${i + 1} of 6`).fill(digit);
}

/** RESEND CODE after a code that can no longer pass: a new, different code arrives and verifies, to the password form. */
async function resendAndVerify(page: Page, kind: Kind, person: Person, spent: string) {
  await page.getByRole("button", { name: "RESEND CODE" }).click();
  await expect(page.getByText(/We have received your request and sent your new passcode/)).toBeVisible();
  const fresh = await latestPasscode(page.request, person.email);
  expect(fresh).not.toBe(spent);
  await retypeCode(page, fresh);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP[kind], { timeout: 10_000 });
}

for (const [kind, fault] of [
  ["create", "answer500"],
  ["forgot", "hang"],
] as const) {
  test(`${kind} password: a passcode check that meets '${fault}' says '${CHECK_FAILED}' and stays on the passcode step; the same code then verifies`, async ({
    page,
    faults,
    platform,
  }) => {
    const person = await toCodeStep(kind, page, platform);
    const code = await latestPasscode(page.request, person.email);
    await enterCode(page, code);

    await faults.arm("Communications/VerifySMSOTP", fault);
    const started = Date.now();
    await page.getByRole("button", { name: "NEXT" }).click();
    await expect(page.locator(".step-alert")).toHaveText(CHECK_FAILED, { timeout: FAULTS_TIMEOUT_MS + 10_000 });
    if (fault === "hang") expect(Date.now() - started).toBeGreaterThanOrEqual(FAULTS_TIMEOUT_MS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CODE_STEP);
    await expect(page.getByRole("button", { name: "RESEND CODE" })).toBeEnabled();

    // The check never reached the platform: the code is still good, and still in the boxes.
    await faults.clear();
    await page.getByRole("button", { name: "NEXT" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP[kind], { timeout: 10_000 });
  });
}

test("create password: a passcode check whose answer is lost (the code was spent) says the check failed, then 'Please request a new passcode.'; RESEND CODE and the new code verify", async ({
  page,
  faults,
  platform,
}) => {
  const person = await toCodeStep("create", page, platform);
  const code = await latestPasscode(page.request, person.email);
  await enterCode(page, code);

  await faults.arm("Communications/VerifySMSOTP", "lostAnswer");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(CHECK_FAILED);

  // Codes are single use and the platform accepted this one: a retry cannot pass, but says what to do.
  await faults.clear();
  await retypeCode(page, code);
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText("Please request a new passcode.");
  await resendAndVerify(page, "create", person, code);
});

// Ten minutes on, the platform answers "expired" (statusCode 2): the proxy gives that answer now.
for (const kind of ["create", "forgot"] as const) {
  test(`${kind} password: an expired passcode says '${EXPIRED}'; RESEND CODE is there and the new code verifies`, async ({
    page,
    faults,
    platform,
  }) => {
    const person = await toCodeStep(kind, page, platform);
    const code = await latestPasscode(page.request, person.email);
    await enterCode(page, code);

    await faults.reply("Communications/VerifySMSOTP", { statusCode: "2", wrongAttempts: 0 });
    await page.getByRole("button", { name: "NEXT" }).click();
    await expect(page.locator(".step-alert")).toHaveText(EXPIRED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CODE_STEP);
    await resendAndVerify(page, kind, person, code);
  });
}

// A platform failure decided nothing about the code: the boxes keep the six digits for the retry.
test("forgot password: a passcode check answered 500 keeps the six digits typed", async ({
  page,
  faults,
  platform,
}) => {
  const person = await toCodeStep("forgot", page, platform);
  const code = await latestPasscode(page.request, person.email);
  await enterCode(page, code);

  await faults.arm("Communications/VerifySMSOTP", "answer500");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.locator(".step-alert")).toHaveText(CHECK_FAILED);
  for (const [i, digit] of [...code].entries()) await expect(page.getByLabel(`Digit ${i + 1} of 6`)).toHaveValue(digit);
  await expect(page.getByRole("button", { name: "NEXT" })).toBeEnabled();
});

// The attempt log is written after the code is spent: a log that fails must not cost the person the accepted code.
test("create password: a passcode accepted by the platform whose attempt log answers 500 still lets the person on", async ({
  page,
  faults,
  platform,
}) => {
  const person = await toCodeStep("create", page, platform);
  const code = await latestPasscode(page.request, person.email);
  await enterCode(page, code);

  await faults.arm("Auth/LoginAttempts", "answer500");
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP.create, { timeout: 10_000 });
  await expect(page.locator(".step-alert")).toBeEmpty();
});

for (const fault of ["answer500", "hang"] as const) {
  test(`create password: a registration that meets '${fault}' says 'Call failed' and keeps the form; SAVE PASSWORD again creates the password`, async ({
    page,
    faults,
    platform,
  }) => {
    const person = await toFormStep("create", page, platform);
    const password = fault === "hang" ? "Fault!proof40" : "Fault!proof41";
    await fillForm(page, person, password);

    await faults.arm("Auth/Register", fault);
    await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
    await expect(page.locator(".step-alert")).toHaveText(CALL_FAILED, { timeout: FAULTS_TIMEOUT_MS + 10_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP.create);
    await expectFormKept(page, person, password);

    await faults.clear();
    await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DONE.create);
    // The password typed is the one the platform holds.
    await logIn(page, person.email, password);
  });
}

// The platform answers a retried registration with the password it set as registered (issue 15): the retry says it was created.
test("create password: a registration whose answer is lost; SAVE PASSWORD again says it was created", async ({
  page,
  faults,
  platform,
}) => {
  const person = await toFormStep("create", page, platform);
  await fillForm(page, person, "Fault!proof42");

  await faults.arm("Auth/Register", "lostAnswer");
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.locator(".step-alert")).toHaveText(CALL_FAILED);
  await expectFormKept(page, person, "Fault!proof42");

  await faults.clear();
  await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DONE.create);
});

for (const fault of ["answer500", "lostAnswer"] as const) {
  test(`forgot password: a password change that meets '${fault}' says the password was not saved and keeps the form; SAVE PASSWORD again changes it`, async ({
    page,
    faults,
    platform,
  }) => {
    const person = await toFormStep("forgot", page, platform);
    const password = fault === "lostAnswer" ? "Fault!proof44" : "Fault!proof43";
    await fillForm(page, person, password);

    await faults.arm("Auth/ChangePassword", fault);
    await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
    await expect(page.locator(".step-alert")).toHaveText(NOT_SAVED);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(FORM_STEP.forgot);
    await expectFormKept(page, person, password);

    // Setting the same password again is harmless, so a retry after a lost answer succeeds too.
    await faults.clear();
    await page.getByRole("button", { name: "SAVE PASSWORD" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(DONE.forgot);
    await logIn(page, person.email, password);
  });
}
