import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import { settledDb } from "./helpers/messages";

const { account, auth } = catalogue;
const db = database(env.DB);

/** A borrower of its own (a copy of the current demo borrower), signed in on the embedded platform. */
async function signedIn() {
  const made = await copyDemoBorrower(db, env, "current@demo.ridgeline.test");
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
  expect(
    (await session.call(auth.Login, { userName: made!.email, password: made!.password })).customerLoginResults,
  ).toBe(1);
  return { session, ...made! };
}

const outboxFor = async (customerId: string) =>
  (await settledDb())
    .prepare("SELECT channel, recipient, subject, body FROM outbox WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<{ channel: string; recipient: string; subject: string; body: string }>();

const uniqueEmail = () => `prefs-${crypto.randomUUID().slice(0, 8)}@example.com`;

// Each test copies a borrower and signs in (PBKDF2 at 100,000 iterations): slow on a shared machine.
describe("Account/UpdateProfile from the Preferences page", { timeout: 30_000 }, () => {
  it("saves e-mail, phones and marketing choices; marketing texts follow calls when there is a cell", async () => {
    const { session, password } = await signedIn();
    const email = uniqueEmail();
    await session.call(account.UpdateProfile, {
      custEmail: email,
      currentPassword: password,
      phoneNumber: "6145550111",
      mobileNumber: "6145550122",
      preferences: { allowMarketingEmails: false, allowMarketingCalls: true, allowMarketingTexts: true },
    });
    const after = await session.call(account.GetSummary, {});
    expect(after.accountProfile).toMatchObject({
      custEmail: email,
      phoneNumber: "6145550111",
      mobileNumber: "6145550122",
    });
    expect(after.preferences).toEqual({
      allowMarketingEmails: false,
      allowMarketingCalls: true,
      allowMarketingTexts: true,
      allowServicingTexts: true,
    });
  });

  it("turns marketing and service texts off when the update leaves the cell out", async () => {
    const { session } = await signedIn();
    await session.call(account.UpdateProfile, {
      phoneNumber: "6145550133",
      preferences: { allowMarketingEmails: true, allowMarketingCalls: true, allowMarketingTexts: true },
    });
    const after = await session.call(account.GetSummary, {});
    expect(after.accountProfile.mobileNumber).toBe("");
    expect(after.preferences).toEqual({
      allowMarketingEmails: true,
      allowMarketingCalls: true,
      allowMarketingTexts: false,
      allowServicingTexts: false,
    });
  });

  it("allows marketing e-mails when the preference is missing", async () => {
    const { session } = await signedIn();
    await session.call(account.UpdateProfile, {
      preferences: { allowMarketingEmails: false, allowMarketingCalls: false },
    });
    expect((await session.call(account.GetSummary, {})).preferences.allowMarketingEmails).toBe(false);
    await session.call(account.UpdateProfile, { preferences: { allowMarketingCalls: false } });
    expect((await session.call(account.GetSummary, {})).preferences.allowMarketingEmails).toBe(true);
  });

  it("sends a notification e-mail to the new address, one to the old address and a text to the cell", async () => {
    const { session, customerId, password, email: old } = await signedIn();
    const email = uniqueEmail();
    await session.call(account.UpdateProfile, {
      custEmail: email,
      currentPassword: password,
      phoneNumber: "6145550144",
      mobileNumber: "6145550155",
      preferences: { allowMarketingEmails: true, allowMarketingCalls: false, allowMarketingTexts: false },
    });
    const sent = (await outboxFor(customerId)).results;
    expect(sent.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", email],
      ["email", old],
      ["sms", "6145550155"],
    ]);
    expect(sent[0]!.subject).toBe("Your Ridgeline Credit preferences were updated");
    expect(sent[0]!.body).toContain(`Your email address is now ${email}, and your phone number was updated.`);
    expect(sent[1]!.subject).toBe("Your Ridgeline Credit email address was changed");
    expect(sent[2]!.body).toContain("If you did not make this change, call us at 1.800.555.0142.");
  });

  it("sends only the e-mail when there is no cell to text", async () => {
    const { session, customerId, email } = await signedIn();
    await session.call(account.UpdateProfile, {
      phoneNumber: "6145550166",
      preferences: { allowMarketingEmails: true, allowMarketingCalls: true, allowMarketingTexts: true },
    });
    expect((await outboxFor(customerId)).results.map((m) => [m.channel, m.recipient])).toEqual([["email", email]]);
  });

  it("changes the sign-in e-mail with the contact e-mail", async () => {
    const { session, password } = await signedIn();
    const email = uniqueEmail();
    await session.call(account.UpdateProfile, {
      custEmail: email,
      currentPassword: password,
      phoneNumber: "6145550177",
      mobileNumber: "6145550177",
      preferences: { allowMarketingEmails: true, allowMarketingCalls: true },
    });
    const again = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    expect((await again.call(auth.Login, { userName: email, password })).customerLoginResults).toBe(1);
  });

  it("refuses another account's e-mail and changes nothing", async () => {
    const first = await signedIn();
    const { session, customerId, password } = await signedIn();
    const refused = session.call(account.UpdateProfile, {
      custEmail: first.email,
      currentPassword: password,
      phoneNumber: "6145550188",
      preferences: { allowMarketingCalls: false },
    });
    await expect(refused).rejects.toBeInstanceOf(PlatformError);
    const after = await session.call(account.GetSummary, {});
    expect(after.accountProfile.phoneNumber).not.toBe("6145550188");
    expect((await outboxFor(customerId)).results).toEqual([]);
  });
});
