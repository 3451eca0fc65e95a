import { gotoHydrated } from "../e2e/fixtures/hydrated";
import { expect, test } from "./fixtures/faults";

/** The contact form with the platform failing under it (spec file 3, section 8: 'Call failed'). */

test("a message answered 500 says 'Call failed' and keeps what was typed; SEND MESSAGE again stores one message", async ({
  page,
  faults,
  platform,
}) => {
  const email = `faults-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const message = "Is my payment on the way? (sent through a failing platform)";
  await gotoHydrated(page, "/contact");
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Guest");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("What is your message about?").selectOption({ label: "Payments" });
  await page.getByLabel("Message", { exact: true }).fill(message);

  await faults.arm("ContactUs/ContactUs", "answer500");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.locator(".contact-failed strong")).toHaveText("Call failed");
  await expect(page.getByLabel("First Name")).toHaveValue("Robin");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
  expect((await platform.records(email)).contactMessages).toBe(0);

  await faults.clear();
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Thank you\. Your message was sent/ })).toContainText(email);
  expect((await platform.records(email)).contactMessages).toBe(1);
});

test("a message whose answer is lost says 'Call failed'; SEND MESSAGE again still stores one message and one acknowledgement", async ({
  page,
  faults,
  platform,
}) => {
  const email = `faults-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await gotoHydrated(page, "/contact");
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Guest");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("What is your message about?").selectOption({ label: "Payments" });
  await page.getByLabel("Message", { exact: true }).fill("Did this arrive?");

  // The platform stores the message, but the site never hears back.
  await faults.arm("ContactUs/ContactUs", "lostAnswer");
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.locator(".contact-failed strong")).toHaveText("Call failed");
  expect((await platform.records(email)).contactMessages).toBe(1);

  await faults.clear();
  await page.getByRole("button", { name: "SEND MESSAGE" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Thank you\. Your message was sent/ })).toContainText(email);
  expect((await platform.records(email)).contactMessages).toBe(1);
});
