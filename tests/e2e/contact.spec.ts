import { CONTACT_TOO_MANY, contactMessages } from "../../app/routes/contact.schema";
import { gotoHydrated } from "./fixtures/hydrated";
import { expectAccessible, logInFresh } from "./fixtures/portal";
import { expect, type Page, test } from "./fixtures/test";

const SENT = /^Thank you\. Your message was sent, and we e-mailed an acknowledgement to /;

async function fillMessage(page: Page, fields: { firstName?: string; lastName?: string; email?: string }) {
  if (fields.firstName !== undefined) await page.getByLabel("First Name").fill(fields.firstName);
  if (fields.lastName !== undefined) await page.getByLabel("Last Name").fill(fields.lastName);
  if (fields.email !== undefined) await page.getByLabel("Email Address").fill(fields.email);
  await page.getByLabel("What is your message about?").selectOption({ label: "Payments" });
  await page.getByLabel("Message", { exact: true }).fill("When will my payment post?");
}

/** The acknowledgement the platform e-mailed, as the development outbox lists it. */
async function expectAcknowledged(page: Page, email: string) {
  await page.goto("/dev/outbox");
  await expect(page.locator("tr", { hasText: email }).filter({ hasText: "We received your message" })).toHaveCount(1);
}

test("a guest reaches the form from the FAQ, sends a message, and gets an acknowledgement", async ({ page }) => {
  await gotoHydrated(page, "/faq");
  await page.locator("#faq-contact > summary").click();
  await page.locator("#email > summary").click();
  await page.getByRole("link", { name: "send us a message with our contact form" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
  await expectAccessible(page);

  const email = `guest-${Date.now()}@example.com`;
  await fillMessage(page, { firstName: "Robin", lastName: "Guest", email });
  await page.getByLabel("Phone Number").fill("6145550123");
  await expect(page.getByLabel("Phone Number")).toHaveValue("614-555-0123");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toContainText(email);
  // The form starts again.
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expectAccessible(page);
  await expectAcknowledged(page, email);
});

test("messages appear as the form is filled, and submit names every missing field", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  await page.getByLabel("Email Address").fill("robin@");
  await page.getByLabel("Email Address").blur();
  await expect(page.locator("#email-error")).toHaveText(contactMessages.email);
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.locator("#firstName-error")).toHaveText(contactMessages.firstName);
  await expect(page.locator("#lastName-error")).toHaveText(contactMessages.lastName);
  await expect(page.locator("#messageCategory-error")).toHaveText(contactMessages.messageCategory);
  await expect(page.locator("#message-error")).toHaveText(contactMessages.message);
  await expect(page.getByLabel("First Name")).toBeFocused();
  await page.getByLabel("Phone Number").fill("614555");
  await page.getByLabel("Phone Number").blur();
  await expect(page.locator("#phone-error")).toHaveText(contactMessages.phone);
  await expect(page.getByRole("status").filter({ hasText: SENT })).toHaveCount(0);
  await expectAccessible(page);
});

test("a signed-in borrower opens it from the help box, prefilled, and it stays prefilled after sending", async ({
  page,
}) => {
  const borrower = await logInFresh(page, "current");
  await page.locator(".help-box").getByRole("link", { name: "Send us a message" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel("First Name")).toHaveValue("Casey");
  await expect(page.getByLabel("Last Name")).toHaveValue("Morgan");
  await expect(page.getByLabel("Email Address")).toHaveValue(borrower.email);
  await expect(page.getByLabel("Phone Number")).toHaveValue(/^\d{3}-\d{3}-\d{4}$/);
  await fillMessage(page, {});
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("First Name")).toHaveValue("Casey");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server shows the messages, keeps what was typed, and sends a valid message", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("First Name").fill("Sam");
    await page.getByLabel("Message", { exact: true }).fill("Hello there");
    await page.getByRole("button", { name: "SEND MESSAGE" }).click();
    await expect(page.locator("#lastName-error")).toHaveText(contactMessages.lastName);
    await expect(page.locator("#email-error")).toHaveText(contactMessages.email);
    await expect(page.getByLabel("First Name")).toHaveValue("Sam");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Hello there");

    const email = `nojs-${Date.now()}@example.com`;
    await fillMessage(page, { lastName: "Plain", email });
    await page.getByRole("button", { name: "SEND MESSAGE" }).click();
    await expect(page.getByRole("status").filter({ hasText: SENT })).toContainText(email);
    await expect(page.getByLabel("First Name")).toHaveValue("");
    await expectAcknowledged(page, email);
  });
});

/**
 * The contact limit (10 an hour per client IP; each test is its own IP):
 * ten messages spent through the form's own post, the 11th typed and sent
 * in the page. The refusal says so, and when to try again, where the person
 * is looking, with what they typed kept (issue 14, item 10).
 */
async function spendContactLimit(page: Page) {
  for (let i = 0; i < 10; i++) {
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
    expect(res.status(), `message ${i + 1}`).toBe(200);
  }
}

async function sendEleventh(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await fillMessage(page, { firstName: "Robin", lastName: "Busy", email: "busy-11@example.com" });
  const answered = page.waitForResponse((res) => res.url().includes("/contact") && res.request().method() === "POST");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  const res = await answered;
  expect(res.status()).toBe(429);
  expect(Number(await res.headerValue("Retry-After"))).toBeGreaterThan(0);
  const alert = page.getByRole("alert").filter({ hasText: CONTACT_TOO_MANY });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(
    /Your message was not sent\. Please try again in (\d+ minutes|about an hour), or call us at 1\.800\.555\.0142\./,
  );
  await expect(page.getByRole("status").filter({ hasText: SENT })).toHaveCount(0);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("When will my payment post?");
  await expect(page.getByLabel("Email Address")).toHaveValue("busy-11@example.com");
}

for (const width of [360, 1280]) {
  test(`the 11th message in an hour is refused with when to try again (${width} px)`, async ({ page }, testInfo) => {
    await spendContactLimit(page);
    await gotoHydrated(page, "/contact");
    await sendEleventh(page, width);
    await expectAccessible(page);
    await testInfo.attach(`contact-limit-${width}`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  });

  test.describe(`without JavaScript (${width} px)`, () => {
    test.use({ javaScriptEnabled: false });

    test("the 11th message in an hour is refused with when to try again", async ({ page }, testInfo) => {
      await spendContactLimit(page);
      await page.goto("/contact");
      await sendEleventh(page, width);
      await testInfo.attach(`contact-limit-nojs-${width}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    });
  });
}
