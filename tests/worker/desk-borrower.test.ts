import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { signedInBorrower } from "./helpers/borrowers";
import { decodeHtml as decode, devDeskCookie, shownAfter } from "./helpers/desk";
import { postForm, send } from "./helpers/http";

/**
 * The servicing desk's search, borrower file and notes (issue 20), through
 * the whole Worker as a browser without JavaScript uses them.
 */
const TIMEOUT = 60_000;

const page = async (path: string, role: "agent" | "supervisor" | "auditor" = "agent") => {
  const res = await send(path, { cookie: await devDeskCookie(role) });
  return { status: res.status, html: decode(await res.text()) };
};
const auditRows = async (customerId: string) =>
  (
    await env.DB.prepare("SELECT actor, role, action, reason FROM desk_audit WHERE customer_id = ? ORDER BY id")
      .bind(customerId)
      .all<{ actor: string; role: string; action: string; reason: string }>()
  ).results;
const noteRows = async (customerId: string) =>
  (
    await env.DB.prepare("SELECT note FROM notes WHERE customer_id = ? ORDER BY id")
      .bind(customerId)
      .all<{ note: string }>()
  ).results;

describe("finding a borrower", { timeout: TIMEOUT }, () => {
  it("by e-mail (any case), phone (as typed), application id, line number, and SSN last four with date of birth", async () => {
    const b = await signedInBorrower("pastdue");
    const customer = await env.DB.prepare(
      "SELECT c.home_phone AS phone, c.ssn_last4 AS last4, c.dob, l.application_id AS app FROM customers c JOIN lines l ON l.customer_id = c.id WHERE c.id = ?",
    )
      .bind(b.customerId)
      .first<{ phone: string; last4: string; dob: string; app: number }>();
    const phone = `(${customer!.phone.slice(0, 3)}) ${customer!.phone.slice(3, 6)}-${customer!.phone.slice(6)}`;
    const us = `${customer!.dob.slice(5, 7)}/${customer!.dob.slice(8)}/${customer!.dob.slice(0, 4)}`;
    for (const query of [
      `email=${encodeURIComponent(b.email.toUpperCase())}`,
      `phone=${encodeURIComponent(phone)}`,
      `applicationId=${customer!.app}`,
      `lineId=${b.applNo}`,
      `last4=${customer!.last4}&dob=${encodeURIComponent(us)}`,
    ]) {
      const { status, html } = await page(`/desk?${query}`);
      expect(status, query).toBe(200);
      expect(html, query).toContain(`/desk/borrowers/${b.customerId}`);
      expect(html, query).toContain("delinquent");
    }
  });

  it("says what is wrong with a search, and when nothing matches", async () => {
    expect((await page("/desk?phone=12345")).html).toContain("Enter a 10-digit phone number.");
    expect((await page("/desk?lineId=12a")).html).toContain("A line number is digits only.");
    expect((await page("/desk?last4=12&dob=13/45/1990")).html).toContain("Enter the SSN's last four digits.");
    expect((await page("/desk?email=nobody%40nowhere.test")).html).toContain("No borrower matches that search.");
  });
});

describe("a borrower's file", { timeout: TIMEOUT }, () => {
  it("shows the figures the borrower's portal shows, the ledger whose running balance ends at the balance, and never the whole SSN", async () => {
    const b = await signedInBorrower("owing");
    const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    await platform.call(catalogue.auth.Login, { userName: b.email, password: b.password });
    const summary = await platform.call(catalogue.account.GetSummary, {});
    const { html } = await page(`/desk/borrowers/${b.customerId}`, "auditor");
    const balance = `$${(summary.accountHeader.accountBalance / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    expect(html).toContain(`Balance</dt><dd>${balance}`);
    // The newest ledger row's "balance after" is the balance.
    const ledger = html.slice(html.indexOf('aria-label="Ledger (newest first)"'));
    const firstRow = ledger.slice(ledger.indexOf("<tbody>"), ledger.indexOf("</tr>", ledger.indexOf("<tbody>")));
    expect(firstRow.endsWith(`<td>${balance}</td>`)).toBe(true);
    // The next automatic payment the portal promises, to an auditor too.
    const { nextAutoPaymentDate: due, nextAutoPaymentAmount: amount } = summary.accountHeader;
    expect(due).not.toBeNull();
    const [y, m, d] = due!.split("-");
    const dollars = (amount / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(html).toContain(`Next automatic payment</dt><dd>$${dollars} on ${m}/${d}/${y}`);
    expect(html).toMatch(/\*\*\*-\*\*-\d{4}/);
    expect(html).not.toMatch(/\b\d{3}-\d{2}-\d{4}\b/);
    expect(html).toContain("Your role can read this file and change nothing.");
  });

  it("answers 404 for a customer who does not exist", async () => {
    expect((await page("/desk/borrowers/no-such-customer")).status).toBe(404);
  });

  it("shows the messages sent (records only) and the sign-ins; opens the statements' PDFs to desk users only", async () => {
    const b = await signedInBorrower("owing");
    // A message of the desk's own: the file lists its record (masked address, subject, status), never its body.
    const cookie = await devDeskCookie("agent");
    const fields = { intent: "reset-link", reason: "Verified on the call", key: crypto.randomUUID() };
    await (await postForm(`/desk/borrowers/${b.customerId}`, fields, { cookie })).body?.cancel();
    const { html } = await page(`/desk/borrowers/${b.customerId}`, "auditor");
    const signIns = html.slice(html.indexOf('aria-label="Sign-in history (newest 50)"'));
    expect(signIns).toContain("<td>signed in</td>");
    const messages = html.slice(html.indexOf('aria-label="Messages sent (newest 50)"'));
    expect(messages).toMatch(/<td>email<\/td><td>[^<]*\*[^<]*<\/td><td>Reset your password<\/td>/);
    expect(messages).not.toContain(b.email);
    expect(messages).not.toContain("token=");
    const pdfPath = /href="(\/desk\/borrowers\/[^"]+\/statements\/[^"]+)"/.exec(html)![1]!;
    const pdf = await send(pdfPath, { cookie: await devDeskCookie("auditor") });
    expect([pdf.status, pdf.headers.get("Content-Type"), pdf.headers.get("Cache-Control")]).toEqual([
      200,
      "application/pdf",
      "private, no-store",
    ]);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const borrower = await send(pdfPath, { cookie: b.cookie });
    expect(borrower.status).toBe(403);
    await borrower.body?.cancel();
    // Another customer's file does not open this one's statement.
    const other = await signedInBorrower("owing");
    const crossed = await send(pdfPath.replace(b.customerId, other.customerId), {
      cookie: await devDeskCookie("agent"),
    });
    expect(crossed.status).toBe(404);
    await crossed.body?.cancel();
  });

  it("lists the signed agreements and shows each exactly as signed, to desk users only", async () => {
    const b = await signedInBorrower("owing");
    const { html } = await page(`/desk/borrowers/${b.customerId}`, "auditor");
    const signed = html.slice(html.indexOf('aria-label="Signed agreements"'));
    expect(signed).toContain("Line of Credit Agreement");
    expect(signed).toContain(`<td>${b.applNo}</td>`);
    const agreements = await page(`/desk/borrowers/${b.customerId}/agreements`, "auditor");
    expect(agreements.status).toBe(200);
    expect(agreements.html).toContain("<h2>Line of Credit Agreement</h2>");
    expect(agreements.html).toContain("Electronic signature");
    expect(agreements.html).toContain(`Account ${b.applNo}.`);
    const borrower = await send(`/desk/borrowers/${b.customerId}/agreements`, { cookie: b.cookie });
    expect(borrower.status).toBe(403);
    await borrower.body?.cancel();
    const nobody = await page(`/desk/borrowers/no-such-customer/agreements`, "auditor");
    expect(nobody.status).toBe(404);
  });
});

describe("a note", { timeout: TIMEOUT }, () => {
  it("is written with one audit row; the same form again writes nothing more; the portal's draw notes are on file too", async () => {
    const b = await signedInBorrower("current");
    const before = (await noteRows(b.customerId)).length;
    const key = crypto.randomUUID();
    const cookie = await devDeskCookie("agent");
    const post = () =>
      postForm(`/desk/borrowers/${b.customerId}`, { note: "Called about a late payment.", key }, { cookie });
    expect((await shownAfter(await post(), cookie)).html).toContain("Note added.");
    expect((await shownAfter(await post(), cookie)).html).toContain("That note was already added.");
    expect((await noteRows(b.customerId)).length).toBe(before + 1);
    expect(await auditRows(b.customerId)).toEqual([
      { actor: "agent@desk.ridgeline.test", role: "agent", action: "note", reason: "Called about a late payment." },
    ]);
    expect((await page(`/desk/borrowers/${b.customerId}`)).html).toContain("Called about a late payment.");
  });

  it("an auditor's is refused (403) and an empty one is answered with its message; neither writes anything", async () => {
    const b = await signedInBorrower("current");
    const before = (await noteRows(b.customerId)).length;
    const refused = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { note: "Auditors cannot write.", key: crypto.randomUUID() },
      { cookie: await devDeskCookie("auditor") },
    );
    expect(refused.status).toBe(403);
    const empty = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { note: "   ", key: crypto.randomUUID() },
      { cookie: await devDeskCookie("agent") },
    );
    expect(decode(await empty.text())).toContain("Write the note.");
    expect((await noteRows(b.customerId)).length).toBe(before);
    expect(await auditRows(b.customerId)).toEqual([]);
  });

  it("the audit log cannot be changed or deleted", async () => {
    const b = await signedInBorrower("current");
    await postForm(
      `/desk/borrowers/${b.customerId}`,
      { note: "A note to keep.", key: crypto.randomUUID() },
      { cookie: await devDeskCookie("supervisor") },
    );
    await expect(
      env.DB.prepare("UPDATE desk_audit SET reason = 'rewritten' WHERE customer_id = ?").bind(b.customerId).run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.DB.prepare("DELETE FROM desk_audit WHERE customer_id = ?").bind(b.customerId).run(),
    ).rejects.toThrow(/append-only/);
  });
});

describe("a locked sign-in", { timeout: TIMEOUT }, () => {
  it("is unlocked by an agent with a reason and one audit row; the borrower then signs in; an auditor cannot", async () => {
    const b = await signedInBorrower("current");
    const platform = new PlatformClient(embeddedTransport(env), memoryTokenHolder(null), EMBEDDED_MERCHANT_ID);
    const login = async (password: string) =>
      (await platform.call(catalogue.auth.Login, { userName: b.email, password })).customerLoginResults;
    for (let i = 0; i < 5; i++) await login("Wrong!pass1");
    expect(await login(b.password)).not.toBe(1);
    expect((await page(`/desk/borrowers/${b.customerId}`)).html).toMatch(/Locked by wrong passwords until .* UTC\./);

    const refused = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { intent: "unlock", reason: "Verified on the call", key: crypto.randomUUID() },
      { cookie: await devDeskCookie("auditor") },
    );
    expect(refused.status).toBe(403);
    const cookie = await devDeskCookie("agent");
    const noReason = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { intent: "unlock", reason: " ", key: crypto.randomUUID() },
      { cookie },
    );
    expect((await shownAfter(noReason, cookie)).html).toContain("Give the reason for unlocking.");
    expect(await login(b.password)).not.toBe(1);

    const unlocked = await postForm(
      `/desk/borrowers/${b.customerId}`,
      { intent: "unlock", reason: "Verified date of birth and SSN last four on the call", key: crypto.randomUUID() },
      { cookie },
    );
    const shown = await shownAfter(unlocked, cookie);
    expect(shown.html).toContain("Sign-in unlocked.");
    expect(shown.html).toContain("Not locked. Wrong passwords since the last sign-in: 0.");
    expect(await login(b.password)).toBe(1);
    expect((await auditRows(b.customerId)).map((r) => r.action)).toEqual(["unlock login"]);
  });
});
