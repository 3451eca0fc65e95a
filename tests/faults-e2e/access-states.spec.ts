import type { Locator, Page } from "@playwright/test";
import type { Fault } from "../../scripts/fault-proxy";
import { enterCode } from "../e2e/fixtures/borrower";
import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { approvedApplicant } from "./fixtures/applicants";
import { FAULTS_TIMEOUT_MS } from "./fixtures/constants";
import { expect, type Platform, test } from "./fixtures/faults";
import { latestPasscode, latestResetLink } from "./fixtures/outbox";

/**
 * Every state, every answer (issue 15), for account access: login, create
 * and forgot password, reset password and verify identity. Each row puts a
 * flow in one of its states, makes the platform call that state depends on
 * fail (500, never answered, acted on but the answer lost) or refuse, and
 * asks what a person needs: a spec text or a clear message, what they typed
 * still there, a way forward that works, and never a 5xx page. The passcode
 * check and the final password saves are tabled the same way in
 * password-flow.spec.ts and reset-password.spec.ts.
 */

const LOGIN_DOWN = "We're sorry, we could not sign you in just now. Please try again.";
const CHECK_FAILED = "We're sorry, we could not check that just now. Please try again.";
const CALL_FAILED = "Call failed. Please try again in a moment.";
const TRY_AGAIN = "We're sorry, please try again.";
const NOT_SAVED = "We could not save your password. Please try again or call customer service.";
const FAILURES: readonly Fault[] = ["answer500", "hang", "lostAnswer"];

interface State {
  /** What the person typed is still there. */
  kept(): Promise<void>;
  /** The control that moves on (it must be enabled after any answer). */
  forward: Locator;
  /** Where a working retry lands. */
  arrived(): Promise<void>;
}

interface Row {
  state: string;
  /** The platform call this state's post depends on. */
  path: string;
  /** The text shown when that call fails. */
  failure: string;
  reach(page: Page, platform: Platform): Promise<State>;
  /** A refusal the platform can give here (wrong details, unknown e-mail, a used or forged link) and its text. */
  refusal?: { text: string | RegExp; make(page: Page): Promise<void> };
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const typedDate = (iso: string) => iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(0, 4);
const shownDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Forgot password of a fresh borrower through to `until` (its heading). */
async function forgotTo(page: Page, platform: Platform, until: "email" | "method" | "form") {
  const b = await platform.freshBorrower("current");
  await gotoHydrated(page, "/forgot-password?restart");
  await page.getByLabel("Email Address").fill(b.email);
  if (until === "email") return b;
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(heading(page)).toHaveText("How would you like to receive your passcode?");
  await page.getByLabel(/^Email /).check();
  if (until === "method") return b;
  await page.getByRole("button", { name: "SEND CODE" }).click();
  await expect(heading(page)).toHaveText("Enter your passcode");
  await enterCode(page, await latestPasscode(page.request, b.email));
  await page.getByRole("button", { name: "NEXT" }).click();
  await expect(heading(page)).toHaveText("Reset your password", { timeout: 10_000 });
  await page.getByLabel("Date of Birth", { exact: true }).fill(typedDate(b.dob));
  await page.getByLabel("Last 4 of SSN").fill(b.last4SSN);
  await page.getByLabel("Password", { exact: true }).fill("Table!state61");
  await page.getByLabel("Confirm Password").fill("Table!state61");
  return b;
}

const rows: Row[] = [
  {
    state: "login, e-mail step",
    path: "Auth/ValidateEmail",
    failure: LOGIN_DOWN,
    async reach(page, platform) {
      const b = await platform.freshBorrower("current");
      await gotoHydrated(page, "/login");
      await page.getByLabel("Email Address").fill(b.email);
      return {
        kept: () => expect(page.getByLabel("Email Address")).toHaveValue(b.email),
        forward: page.getByRole("button", { name: "CONTINUE" }),
        arrived: () => expect(page.getByLabel("Password")).toBeVisible(),
      };
    },
    refusal: {
      text: "We couldn't find an account with that email address.",
      make: (page) => page.getByLabel("Email Address").fill(`nobody-${Date.now()}@example.com`),
    },
  },
  {
    state: "login, password step",
    path: "Auth/Login",
    failure: LOGIN_DOWN,
    async reach(page, platform) {
      const b = await platform.freshBorrower("current");
      await gotoHydrated(page, "/login");
      await page.getByLabel("Email Address").fill(b.email);
      await page.getByRole("button", { name: "CONTINUE" }).click();
      await page.getByLabel("Password").fill(b.password);
      const forward = page.getByRole("button", { name: "LOG IN", exact: true });
      return {
        // The e-mail stays (a password is never kept after a failed try: it is typed again).
        kept: () => expect(page.getByText(`Signing in as ${b.email}.`)).toBeVisible(),
        forward,
        arrived: async () => {
          await page.getByLabel("Password").fill(b.password);
          await forward.click();
          await expect(page).toHaveURL(/\/account$/, { timeout: 15_000 });
        },
      };
    },
    refusal: {
      text: "The email or password you entered is incorrect. Please try again.",
      make: (page) => page.getByLabel("Password").fill("Wrong!pass98"),
    },
  },
  ...(["create", "forgot"] as const).map(
    (kind): Row => ({
      state: `${kind} password, e-mail step`,
      path: "Auth/ValidateEmail",
      failure: CHECK_FAILED,
      async reach(page, platform) {
        const email =
          kind === "forgot"
            ? (await platform.freshBorrower("current")).email
            : (await approvedApplicant(page.request)).email;
        await gotoHydrated(page, `/${kind}-password?restart`);
        await page.getByLabel("Email Address").fill(email);
        return {
          kept: () => expect(page.getByLabel("Email Address")).toHaveValue(email),
          forward: page.getByRole("button", { name: "NEXT" }),
          arrived: () => expect(heading(page)).toHaveText("How would you like to receive your passcode?"),
        };
      },
    }),
  ),
  {
    state: "forgot password, channel step",
    path: "Communications/SendEmailOTP",
    failure: CALL_FAILED,
    async reach(page, platform) {
      await forgotTo(page, platform, "method");
      return {
        kept: () => expect(page.getByLabel(/^Email /)).toBeChecked(),
        forward: page.getByRole("button", { name: "SEND CODE" }),
        arrived: () => expect(heading(page)).toHaveText("Enter your passcode"),
      };
    },
  },
  {
    state: "forgot password, new-password step",
    path: "Auth/ChangePassword",
    failure: NOT_SAVED,
    async reach(page, platform) {
      const b = await forgotTo(page, platform, "form");
      return {
        kept: async () => {
          await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveValue(shownDate(b.dob));
          await expect(page.getByLabel("Last 4 of SSN")).toHaveValue(b.last4SSN);
          await expect(page.getByLabel("Password", { exact: true })).toHaveValue("Table!state61");
        },
        forward: page.getByRole("button", { name: "SAVE PASSWORD" }),
        arrived: () => expect(heading(page)).toHaveText("Good job. You successfully reset your password."),
      };
    },
    refusal: {
      text: "We could not verify your identity with those details. Please check them and try again.",
      make: (page) => page.getByLabel("Date of Birth", { exact: true }).fill("01011970"),
    },
  },
  {
    state: "reset password, asking for the link",
    path: "Auth/ResetPassword",
    failure: TRY_AGAIN,
    async reach(page, platform) {
      const b = await platform.freshBorrower("current");
      await gotoHydrated(page, "/reset-password");
      await page.getByLabel("Email Address").fill(b.email);
      await page.getByLabel("Last 4 of SSN").fill(b.last4SSN);
      await page.getByLabel("Date of Birth", { exact: true }).fill(typedDate(b.dob));
      return {
        kept: async () => {
          await expect(page.getByLabel("Email Address")).toHaveValue(b.email);
          await expect(page.getByLabel("Date of Birth", { exact: true })).toHaveValue(shownDate(b.dob));
        },
        forward: page.getByRole("button", { name: "E-MAIL ME A LINK" }),
        arrived: () => expect(heading(page)).toHaveText("Check Your Inbox"),
      };
    },
  },
  {
    state: "reset password, the new password from the link",
    path: "Auth/UpdatePassword",
    failure: TRY_AGAIN,
    async reach(page, platform) {
      const b = await platform.freshBorrower("current");
      await gotoHydrated(page, "/reset-password");
      await page.getByLabel("Email Address").fill(b.email);
      await page.getByLabel("Last 4 of SSN").fill(b.last4SSN);
      await page.getByLabel("Date of Birth", { exact: true }).fill(typedDate(b.dob));
      await page.getByRole("button", { name: "E-MAIL ME A LINK" }).click();
      await expect(heading(page)).toHaveText("Check Your Inbox");
      await gotoHydrated(page, await latestResetLink(page.request, b.email));
      await page.getByLabel("Password", { exact: true }).fill("Table!state62");
      await page.getByLabel("Confirm Password").fill("Table!state62");
      return {
        kept: () => expect(page.getByLabel("Password", { exact: true })).toHaveValue("Table!state62"),
        forward: page.getByRole("button", { name: "SUBMIT & GO TO LOG IN" }),
        arrived: () => expect(page).toHaveURL(/\/login\?CalledFrom=UpdatePwd$/),
      };
    },
  },
  {
    state: "verify identity",
    path: "Auth/VerifyIdentity",
    failure: TRY_AGAIN,
    async reach(page) {
      const a = await approvedApplicant(page.request);
      await gotoHydrated(page, "/verify-identity");
      await page.getByLabel("Email Address").fill(a.email);
      await page.getByLabel("Last 4 of SSN").fill(a.last4);
      await page.getByLabel("Birthdate", { exact: true }).fill(a.birthdate);
      return {
        kept: async () => {
          await expect(page.getByLabel("Email Address")).toHaveValue(a.email);
          await expect(page.getByLabel("Last 4 of SSN")).toHaveValue(a.last4);
        },
        forward: page.getByRole("button", { name: "NEXT" }),
        arrived: () => expect(heading(page)).toHaveText("How would you like to receive your passcode?"),
      };
    },
    refusal: {
      text: "We could not verify your identity with those details. Please check them and try again.",
      make: (page) => page.getByLabel("Birthdate", { exact: true }).fill("01011970"),
    },
  },
];

/** Fails the test on any 5xx page or `.data` answer from the site. */
function noServerErrors(page: Page): () => void {
  const bad: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 500 && new URL(r.url()).port === new URL(page.url() || "http://x").port)
      bad.push(`${r.status()} ${r.url()}`);
  });
  return () => expect(bad, "the site answered 5xx").toEqual([]);
}

for (const row of rows) {
  for (const fault of FAILURES) {
    test(`${row.state}: ${row.path} '${fault}' says '${row.failure}', keeps what was typed, and the same button then works`, async ({
      page,
      faults,
      platform,
    }) => {
      const state = await row.reach(page, platform);
      const check = noServerErrors(page);
      await faults.arm(row.path, fault);
      await state.forward.click();
      await expect(page.locator(".step-alert")).toHaveText(row.failure, { timeout: FAULTS_TIMEOUT_MS + 10_000 });
      await state.kept();
      await expect(state.forward).toBeEnabled();
      // A lost answer's platform acted: the retry must still end well (the same outcome said again, or the next step).
      await faults.clear();
      if (row.path !== "Auth/Login") await state.forward.click();
      await state.arrived();
      check();
    });
  }
  const refusal = row.refusal;
  if (refusal) {
    test(`${row.state}: a refusal says so, keeps the rest of what was typed, and leaves the way forward`, async ({
      page,
      platform,
    }) => {
      const state = await row.reach(page, platform);
      const check = noServerErrors(page);
      await refusal.make(page);
      await state.forward.click();
      await expect(page.locator(".step-alert, .field-error").filter({ hasText: refusal.text }).first()).toBeVisible({
        timeout: 15_000,
      });
      await expect(state.forward).toBeEnabled();
      check();
    });
  }
}

test("reset password: a link already used or forged goes to Log In with the expired-link text and a way to ask again", async ({
  page,
}) => {
  const check = noServerErrors(page);
  await gotoHydrated(page, "/reset-password?token=forged-or-used-link");
  await expect(page).toHaveURL(/\/login\?CalledFrom=TokenExpired$/);
  await expect(
    page.getByText(
      "Your password reset link has expired or is not valid. Please request a new one from Forgot Password.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot Password" })).toBeVisible();
  check();
});
