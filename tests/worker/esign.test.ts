import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { applicationPayload } from "../contract/applicants";
import { finishESign } from "./helpers/esign";
import { lineStub } from "./helpers/line-object";

const { account, applications } = catalogue;

async function approved() {
  const session = new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
  const decision = await session.call(applications.ProcessApplication, applicationPayload());
  return { session, applNo: decision.applicationId! };
}

const finish = finishESign;

describe("finishing e-sign in one batch", () => {
  it("stores the signature, the signed agreements as shown, preferences, the draw, and opens the line", async () => {
    const { session, applNo } = await approved();
    const answer = await session.call(account.FinishESign, finish("Jordan Rivera"));
    expect(answer).toMatchObject({ status: true, drawAmount: 10_000 });
    expect(answer.fundingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const summary = await session.call(account.GetSummary, {});
    expect(summary.accountHeader).toMatchObject({ loanStatusCode: "O", accountBalance: 10_000 });
    expect(summary.preferences.allowMarketingTexts).toBe(true);
    const docs = await session.call(account.GetSignedDocuments, {});
    expect(docs.documents.map((d) => d.kind)).toEqual(["agrarbitration", "agrcredit", "agreleconsent"]);
    const credit = docs.documents.find((d) => d.kind === "agrcredit")!;
    expect(credit.html).toContain("Jordan Rivera");
    expect(credit.html).toContain("Signed by <strong>Jordan Rivera</strong>");
    // When, as a person reads it: no ISO UTC timestamp (issue 16).
    expect(credit.html).toMatch(/ on [A-Z][a-z]{2}\.? \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. Eastern from IP/);
    expect(credit.html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
    expect(credit.html).toContain("203.0.113.9");
    // The signature moved with the opened line into its object, and left the shared database.
    const { signatures } = await lineStub(applNo).rowsOf(["signatures"]);
    expect(signatures).toEqual([expect.objectContaining({ ip_address: "203.0.113.9", user_agent: "worker test" })]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM signatures WHERE line_id = ?").bind(applNo).first("n")).toBe(
      0,
    );
  });

  it("refuses a name that is not the borrower's and writes nothing", async () => {
    const { session, applNo } = await approved();
    await expect(session.call(account.FinishESign, finish("Someone Else"))).rejects.toMatchObject({ status: 422 });
    const rows = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM signatures WHERE line_id = ?1) AS s, (SELECT count(*) FROM signed_documents WHERE line_id = ?1) AS d, (SELECT status FROM lines WHERE id = ?1) AS line",
    )
      .bind(applNo)
      .first();
    expect(rows).toEqual({ s: 0, d: 0, line: "awaiting_esign" });
  });

  it("signs once: a second finish is refused", async () => {
    const { session } = await approved();
    await session.call(account.FinishESign, finish("Jordan Rivera", 0));
    await expect(session.call(account.FinishESign, finish("Jordan Rivera", 0))).rejects.toMatchObject({ status: 409 });
  });
});
