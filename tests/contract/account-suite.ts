import { describe, expect, it } from "vitest";
import { easternDateTime } from "#domain/calendar";
import { catalogue, memoryTokenHolder, PlatformClient } from "#platform";
import type { Transport } from "../../functions/platform/transport";
import { agreementSignature, applicationPayload } from "./applicants";

const { account, applications } = catalogue;

/** Account calls of the contract: signing, summary, draws, payments, isolation. */
export function accountContract(name: string, transport: () => Transport, merchantId: string) {
  const client = (token: string | null = null) => new PlatformClient(transport(), memoryTokenHolder(token), merchantId);
  // The platform's banking day is Eastern (in the Eastern evening (from 7 p.m. EST, 8 p.m. EDT) the UTC date is already tomorrow).
  const today = () => easternDateTime(new Date()).date;

  /** An applicant who applied, signed and opened the line (with an optional first draw). */
  async function borrower(firstDrawCents = 0) {
    const session = client();
    const payload = applicationPayload({ takeHomeCents: 150_000 });
    const decision = await session.call(applications.ProcessApplication, payload);
    if (firstDrawCents) await session.call(applications.UpdateDrawAmount, { requestedDrawAmount: firstDrawCents });
    await session.call(account.SaveSignatures, {
      signaturesData: [agreementSignature()],
    });
    await session.call(account.OpenLine, {});
    return {
      session,
      applNo: decision.applicationId!,
      limit: decision.approvedAmount,
      ssn: payload.ExtTransactionData.Customer.CustSSN,
    };
  }

  const draw = (session: PlatformClient, applNo: number, amount: number, key = crypto.randomUUID()) =>
    session.call(
      account.PostTransaction,
      { applNo, transactionDate: today(), transactionAmount: amount, transactionCode: "D" },
      { idempotencyKey: key },
    );

  describe(`account contract (${name})`, () => {
    it("opens a signed line with its first draw in the ledger", async () => {
      const { session, limit, ssn } = await borrower(20_000);
      const summary = await session.call(account.GetSummary, {});
      expect(summary.accountHeader).toMatchObject({
        creditLimit: limit,
        accountBalance: 20_000,
        availableCredit: limit - 20_000,
        loanStatusCode: "O",
        isOriginated: true,
      });
      // One row for the full draw (0-decisions.md): the $10.00 fee kept from the deposit is its detail, not a row of its own.
      expect(summary.allTransactions).toEqual([
        expect.objectContaining({
          transationDescription: "Cash Advance",
          transationAmount: 20_000,
          cashAdvanceFee: 1_000,
          amountDeposited: 19_000,
          transationId: expect.stringMatching(/^\d{9}$/),
        }),
      ]);
      expect(summary.accountHeader).toMatchObject({
        principalBalance: 20_000,
        payoffAmount: 20_000,
        repaymentMethod: "A",
        nextAutoPaymentDate: null,
      });
      expect(summary.pendingETransactions).toHaveLength(1);
      expect(summary.accountProfile.last4SSN).toMatch(/^\d{4}$/);
      // Only the last four SSN digits ever leave the platform after the application.
      expect(JSON.stringify(summary)).not.toContain(ssn);
      expect(summary.accountProfile.last4SSN).toBe(ssn.slice(-4));
    });

    it("posts a draw once per idempotency key; the same key with other parameters is refused", async () => {
      const { session, applNo } = await borrower();
      const key = crypto.randomUUID();
      const first = await draw(session, applNo, 10_000, key);
      const again = await draw(session, applNo, 10_000, key);
      expect(again).toEqual(first);
      expect((await session.call(account.GetSummary, {})).accountHeader.accountBalance).toBe(10_000);
      await expect(draw(session, applNo, 12_500, key)).rejects.toMatchObject({ kind: "rejected", status: 422 });
    });

    it("posts once when two requests with the same key race", async () => {
      const { session, applNo } = await borrower();
      const key = crypto.randomUUID();
      const results = await Promise.allSettled([
        draw(session, applNo, 10_000, key),
        draw(session, applNo, 10_000, key),
      ]);
      expect(results.some((r) => r.status === "fulfilled")).toBe(true);
      expect((await session.call(account.GetSummary, {})).accountHeader.accountBalance).toBe(10_000);
    });

    it("never lets racing draws take the line past its limit", async () => {
      const { session, applNo, limit } = await borrower();
      const amount = Math.floor(limit / 2 / 2_500) * 2_500 + 2_500; // two of these exceed the limit
      const results = await Promise.allSettled([
        draw(session, applNo, amount),
        draw(session, applNo, amount),
        draw(session, applNo, amount),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const header = (await session.call(account.GetSummary, {})).accountHeader;
      expect(header.accountBalance).toBeLessThanOrEqual(limit);
      expect(header.availableCredit).toBeGreaterThanOrEqual(0);
    });

    it("refuses draws below the minimum, off the increment, or above available credit", async () => {
      const { session, applNo, limit } = await borrower();
      for (const amount of [5_000, 10_100, limit + 2_500]) {
        await expect(draw(session, applNo, amount)).rejects.toMatchObject({ kind: "rejected", status: 422 });
      }
    });

    it("schedules a payment within the window and refuses one beyond the balance", async () => {
      const { session, applNo } = await borrower(20_000);
      const summary = await session.call(account.GetSummary, {});
      const date = summary.accountConfig.achEffectiveDate;
      const pay = (amount: number) =>
        session.call(
          account.PostTransaction,
          { applNo, transactionDate: date, transactionAmount: amount, transactionCode: "P" },
          { idempotencyKey: crypto.randomUUID() },
        );
      await expect(pay(20_001)).rejects.toMatchObject({ status: 422 });
      const ok = await pay(5_000);
      expect(ok.statusDescription).toBe("Payment scheduled");
      const after = await session.call(account.GetSummary, {});
      expect(after.accountHeader.pendingTransactionAmount).toBe(5_000);
      await expect(pay(15_001)).rejects.toMatchObject({ status: 422 });
    });

    it("keeps customers apart: one customer's token never touches another's account", async () => {
      const alice = await borrower(10_000);
      const bob = await borrower();
      await expect(draw(bob.session, alice.applNo, 10_000)).rejects.toMatchObject({ status: 403 });
      const aliceSummary = await alice.session.call(account.GetSummary, {});
      const bobSummary = await bob.session.call(account.GetSummary, {});
      expect(aliceSummary.accountHeader.applNo).toBe(alice.applNo);
      expect(bobSummary.accountHeader.applNo).toBe(bob.applNo);
      expect(bobSummary.accountHeader.accountBalance).toBe(0);
    });

    it("personalises the agreements with the customer's name, limit and fee chart", async () => {
      const { session, limit } = await borrower();
      const doc = await session.call(account.GetDocuments, { documentKind: "agrcredit" });
      expect(doc.documentsData[0]!.documentText).toContain("Jordan Rivera");
      expect(doc.documentsData[0]!.documentText).toContain(`$${(limit / 100).toLocaleString("en-US")}`);
      expect(doc.documentsData[0]!.documentText).toContain("$3,250.01 - $3,500.00");
      const arbitration = await session.call(account.GetDocuments, { documentKind: "agrarbitration" });
      expect(arbitration.documentsData[0]!.documentText).toContain("Jordan Rivera");
    });

    it("needs an idempotency key to move money", async () => {
      const { session, applNo } = await borrower();
      await expect(
        session.call(account.PostTransaction, {
          applNo,
          transactionDate: today(),
          transactionAmount: 10_000,
          transactionCode: "D",
        }),
      ).rejects.toMatchObject({ kind: "rejected" });
    });

    it("answers the payoff projection: nothing to project before the first statement; too small a fixed payment refused", async () => {
      const { session } = await borrower(10_000);
      expect((await session.call(account.GetPayoffProjection, {})).projection).toEqual({ kind: "noStatement" });
      await expect(session.call(account.GetPayoffProjection, { fixedPaymentCents: 500 })).rejects.toMatchObject({
        fields: { fixedPaymentCents: account.fixedPaymentMessages.minimum },
      });
    });
  });
}
