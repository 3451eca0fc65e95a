import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { compliance } from "#domain/config";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { decodeHtml } from "./helpers/desk";
import { postForm, send } from "./helpers/http";
import { onLine } from "./helpers/line-object";

vi.setConfig({ testTimeout: 40_000 });

/**
 * The consent to electronic records (E-SIGN Act §101(c), decision record 033) and the records the
 * law requires be kept (Regulation Z §1026.25): what was agreed is recorded so it can be proven, a
 * borrower withdraws it from Preferences and is told what follows, and nothing changes or deletes
 * an issued statement, a signed agreement or a consent record.
 */

const hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

const consentRows = (customerId: string) =>
  env.DB.prepare("SELECT * FROM esign_consents WHERE customer_id = ? ORDER BY id")
    .bind(customerId)
    .all<Record<string, string | number>>()
    .then((r) => r.results);

async function withdraw(b: SignedInBorrower, fields: Record<string, string> = { understood: "on" }) {
  const res = await postForm("/preferences", { intent: "withdrawConsent", ...fields }, { cookie: b.cookie });
  return decodeHtml(await res.text());
}

describe("the consent to electronic records", () => {
  it("names the disclosure the borrower signed: its version and the SHA-256 of its exact text, the time, IP and device", async () => {
    const b = await signedInBorrower("current");
    const [given] = await consentRows(b.customerId);
    expect(given).toMatchObject({ event: "given", disclosure_version: compliance.esignDisclosureVersion });
    // The agreement as signed is the disclosure and the signature block after it.
    const [signed] = await onLine<{ html: string }>(
      b.applNo,
      "SELECT html FROM signed_documents WHERE kind = 'agreleconsent'",
    );
    const disclosure = signed!.html.slice(0, signed!.html.indexOf('<section class="signature-block">'));
    expect(disclosure).toContain("Withdrawing your consent");
    expect(given!.disclosure_sha256).toBe(await hex(disclosure));
    const documents = decodeHtml(await (await send("/documents?view=consent", { cookie: b.cookie })).text());
    expect(documents).toContain("Consent given");
    expect(documents).toContain(String(given!.disclosure_sha256));
  });

  it("is never changed or deleted in the database", async () => {
    const b = await signedInBorrower("current");
    await expect(
      env.DB.prepare("UPDATE esign_consents SET ip_address = '0.0.0.0' WHERE customer_id = ?").bind(b.customerId).run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      env.DB.prepare("DELETE FROM esign_consents WHERE customer_id = ?").bind(b.customerId).run(),
    ).rejects.toThrow(/append-only/);
  });

  it("is withdrawn only with the box ticked that says what follows", async () => {
    const b = await signedInBorrower("current");
    const page = await withdraw(b, {});
    expect(page).toContain("Please confirm that you understand what withdrawing your consent means.");
    expect(await consentRows(b.customerId)).toHaveLength(1);
  });

  it("withdrawn from Preferences: recorded, the line closed to new draws, the desk told, and said so", async () => {
    const b = await signedInBorrower("current");
    const page = await withdraw(b);
    expect(page).toContain("Your consent is withdrawn. Your line is closed to new draws");
    const rows = await consentRows(b.customerId);
    expect(rows.map((r) => r.event)).toEqual(["given", "withdrawn"]);
    expect(rows[1]!.user_agent).toBeTypeOf("string");
    const note = await env.DB.prepare("SELECT note, is_urgent FROM notes WHERE customer_id = ? ORDER BY id DESC")
      .bind(b.customerId)
      .first<{ note: string; is_urgent: number }>();
    expect(note).toMatchObject({ is_urgent: 1 });
    expect(note!.note).toContain("send statements and notices on paper");
    // The line takes no new draw.
    const [line] = await onLine<{ close_requested_on: string | null; status: string }>(
      b.applNo,
      "SELECT status, close_requested_on FROM lines WHERE id = ?",
      b.applNo,
    );
    expect(line!.status === "closed" || line!.close_requested_on !== null).toBe(true);
    const draw = decodeHtml(await (await send("/draw", { cookie: b.cookie })).text());
    expect(draw).toContain("draws are no longer available");
    // Preferences says it, and offers no second withdrawal.
    const preferences = decodeHtml(await (await send("/preferences", { cookie: b.cookie })).text());
    expect(preferences).toContain("You withdrew that consent on");
    expect(preferences).not.toContain("WITHDRAW CONSENT");
    // A second withdrawal records nothing more.
    await withdraw(b);
    expect(await consentRows(b.customerId)).toHaveLength(2);
  });
});

describe("issued records in a line's object", () => {
  it("refuse any change or deletion of an issued statement, a signed agreement or the signature", async () => {
    const b = await signedInBorrower("current");
    const [statement] = await onLine<{ id: string }>(b.applNo, "SELECT id FROM statements LIMIT 1");
    expect(statement).toBeDefined();
    for (const [query, value] of [
      ["UPDATE statements SET fee_cents = 0 WHERE id = ?", statement!.id],
      ["DELETE FROM statements WHERE id = ?", statement!.id],
      ["UPDATE signed_documents SET html = '' WHERE line_id = ?", b.applNo],
      ["DELETE FROM signed_documents WHERE line_id = ?", b.applNo],
      ["DELETE FROM signatures WHERE line_id = ?", b.applNo],
    ] as const)
      await expect(onLine(b.applNo, query, value), query).rejects.toThrow(/issued records are/);
    expect(await onLine(b.applNo, "SELECT id FROM statements WHERE id = ?", statement!.id)).toHaveLength(1);
  });
});
