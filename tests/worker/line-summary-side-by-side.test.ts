/**
 * A moved borrower's summary (the account page's read) is asked of the line's object while the shared
 * database checks the token (decision record 032): from the object's copy of the customer, used only
 * when the token is live, the directory names that object, and the copy equals the shared row. These
 * tests fail if a changed customer, an ended token or a stale copy could reach the borrower.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import { issueToken, revokeToken } from "../../functions/servicing/tokens";
import { lineStub } from "./helpers/line-object";

async function movedBorrower() {
  const made = (await copyDemoBorrower(database(env.DB), env, "current@demo.ridgeline.test"))!;
  const line = (await env.DB.prepare("SELECT id FROM lines WHERE customer_id = ? ORDER BY created_at DESC")
    .bind(made.customerId)
    .first<{ id: number }>())!;
  // Its line opened in its own object with its history (decision record 032).
  expect(await env.DB.prepare("SELECT status FROM lines WHERE id = ?").bind(line.id).first("status")).toBe("moved");
  const token = await issueToken(database(env.DB), "customer", made.customerId, Date.now());
  const client = new PlatformClient(embeddedTransport(env), memoryTokenHolder(token), EMBEDDED_MERCHANT_ID);
  return { customerId: made.customerId, lineId: line.id, token, client };
}

const summaryOf = (client: PlatformClient) => client.call(catalogue.account.GetSummary, {});

describe("a moved borrower's summary, asked of the object beside the token's check", () => {
  it("answers the same figures the second time, when the object is known, as the first", async () => {
    const b = await movedBorrower();
    const { tokenToUse: _a, ...first } = await summaryOf(b.client);
    const { tokenToUse: _b, ...second } = await summaryOf(b.client);
    expect(second).toEqual(first);
  });

  it("shows a name changed in the shared database at once, and brings the object's copy up to date", async () => {
    const b = await movedBorrower();
    await summaryOf(b.client);
    await env.DB.prepare("UPDATE customers SET last_name = 'Okonkwo-Reyes', updated_at = ? WHERE id = ?")
      .bind(Date.now(), b.customerId)
      .run();
    const shown = await summaryOf(b.client);
    expect(shown.accountProfile.lastName).toBe("Okonkwo-Reyes");
    const rows = await lineStub(b.lineId).rowsOf(["customers"]);
    expect(rows.customers?.map((c) => c.last_name)).toEqual(["Okonkwo-Reyes"]);
    // The copy now equals the row: the next summary may come from it, and still says the new name.
    expect((await summaryOf(b.client)).accountProfile.lastName).toBe("Okonkwo-Reyes");
  });

  it("refuses a token ended since the object was known, though the object answered", async () => {
    const b = await movedBorrower();
    await summaryOf(b.client);
    await revokeToken(database(env.DB), b.token);
    await expect(summaryOf(b.client)).rejects.toMatchObject({ status: 401 });
  });

  it("follows the directory, not the hint, when the customer's newest line lives elsewhere", async () => {
    const b = await movedBorrower();
    await summaryOf(b.client);
    // The directory now names another object, which holds no line: its answer is the one given, not the hint's.
    await env.DB.prepare("UPDATE line_directory SET object_name = ? WHERE line_id = ?")
      .bind(`elsewhere-${b.lineId}`, b.lineId)
      .run();
    await expect(summaryOf(b.client)).rejects.toMatchObject({ status: 404 });
  });
});
