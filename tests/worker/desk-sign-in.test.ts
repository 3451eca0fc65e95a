import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInBorrower } from "./helpers/borrowers";
import { devDeskCookie, shownAfter } from "./helpers/desk";
import { postForm, redirectPath, send } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * SEND A RESET LINK from the servicing desk (issue 20): Forgot Password's
 * e-mail to the address on file, whose link sets a new password; one audit
 * row and one e-mail per form, none for an auditor.
 */
const outbox = async (customerId: string) =>
  (
    await (
      await settledDb()
    )
      .prepare("SELECT recipient, subject, body FROM outbox WHERE customer_id = ? AND subject = 'Reset your password'")
      .bind(customerId)
      .all<{ recipient: string; subject: string; body: string }>()
  ).results;

const post = async (customerId: string, fields: Record<string, string>, role: "agent" | "auditor" = "agent") => {
  const cookie = await devDeskCookie(role);
  const res = await postForm(`/desk/borrowers/${customerId}`, { intent: "reset-link", ...fields }, { cookie });
  return shownAfter(res, cookie);
};

describe("a reset link sent from the desk", { timeout: 60_000 }, () => {
  it("is e-mailed to the address on file once per form, and sets a new password", async () => {
    const b = await signedInBorrower("current");
    const key = crypto.randomUUID();
    const missing = await post(b.customerId, { reason: "", key });
    expect(missing.html).toContain("Give the reason for sending a reset link.");
    const sent = await post(b.customerId, { reason: "Verified SSN and date of birth on the call", key });
    expect(sent.html).toContain("Reset link e-mailed to the address on file; it works for 30 minutes.");
    const again = await post(b.customerId, { reason: "Verified SSN and date of birth on the call", key });
    expect(again.html).toContain("That link was already sent.");
    const mails = await outbox(b.customerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(b.email);
    const link = new URL(mails[0]!.body.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0]);
    const password = "Ridge!line42x";
    const res = await postForm(link.pathname + link.search, { password, confirmPassword: password });
    expect(redirectPath(res)).toBe("/login?CalledFrom=UpdatePwd");
    const audit = await env.DB.prepare("SELECT action, after FROM desk_audit WHERE customer_id = ?")
      .bind(b.customerId)
      .all<{ action: string; after: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(["send reset link"]);
    // The audit row names the masked address, never the link or its token.
    expect(audit.results[0]!.after).not.toContain(link.searchParams.get("token")!);
    expect(audit.results[0]!.after).not.toContain(b.email);
  });

  it("is refused to an auditor, with nothing sent", async () => {
    const b = await signedInBorrower("current");
    const refused = await post(b.customerId, { reason: "Asked", key: crypto.randomUUID() }, "auditor");
    expect(refused.status).toBe(403);
    expect(await outbox(b.customerId)).toHaveLength(0);
    await (await send(`/desk/borrowers/${b.customerId}`, { cookie: await devDeskCookie("auditor") })).body?.cancel();
  });
});
