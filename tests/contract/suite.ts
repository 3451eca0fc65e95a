import { describe, expect, it } from "vitest";
import { easternDateTime } from "#domain/calendar";
import { catalogue, memoryTokenHolder, PlatformClient, PlatformError } from "#platform";
import type { Transport } from "../../functions/platform/transport";
import { applicationPayload, uniqueSsn } from "./applicants";

const { applications, token } = catalogue;

/**
 * The platform contract, black-box through the typed client. The same suite
 * runs over the embedded transport (in workerd) and the upstream transport
 * (HTTP to the embedded platform served on a local port).
 */
export function platformContract(name: string, transport: () => Transport, merchantId: string) {
  const client = (initial: string | null = null) =>
    new PlatformClient(transport(), memoryTokenHolder(initial), merchantId);

  describe(`platform contract (${name})`, () => {
    it("issues a merchant token, and refuses an unknown merchant", async () => {
      const answer = await client().call(token.CreateMerchantToken, { merchantId });
      expect(answer.token.writtenToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await expect(client().call(token.CreateMerchantToken, { merchantId: "someone-else" })).rejects.toMatchObject({
        kind: "unauthorized",
      });
    });

    it("creates a merchant token on first need and refuses expired or forged tokens", async () => {
      const fresh = client();
      expect((await fresh.call(applications.ValidateSsn, { custSSN: uniqueSsn() })).customerExists).toBe(0);
      expect(fresh.tokens.get()).not.toBeNull();
      await expect(
        client("forged-token").call(applications.ValidateSsn, { custSSN: uniqueSsn() }),
      ).rejects.toMatchObject({ kind: "unauthorized", status: 401 });
    });

    it("approves per the decision rules and upgrades the token to the applicant's", async () => {
      const applicant = client();
      const answer = await applicant.call(
        applications.ProcessApplication,
        applicationPayload({ takeHomeCents: 150_000, frequency: "B" }),
      );
      // $1,500 bi-weekly = $3,250 a month; 25% = $812.50, floored to $800.
      expect(answer).toMatchObject({ appStatus: "A", approvedAmount: 80_000 });
      expect(answer.applicationId).toBeGreaterThanOrEqual(10_000_000);
      const apps = await applicant.call(applications.GetApplications, {});
      expect(apps.applications[0]).toMatchObject({ applicationId: answer.applicationId, status: "approved" });
    });

    it("denies under 18, no-business states and low income", async () => {
      const today = easternDateTime(new Date()).date;
      const [y, m, d] = today.split("-");
      const seventeen = `${Number(y) - 17}-${m}-${d}`;
      for (const payload of [
        applicationPayload({ dob: seventeen }),
        applicationPayload({ state: "NY" }),
        applicationPayload({ takeHomeCents: 40_000, frequency: "B" }),
      ]) {
        expect((await client().call(applications.ProcessApplication, payload)).appStatus).toBe("D");
      }
    });

    it("sends an existing customer's SSN to login, and answers a retried submission with the first decision", async () => {
      const ssn = uniqueSsn();
      const payload = applicationPayload({ ssn });
      const first = await client().call(applications.ProcessApplication, payload);
      const retried = await client().call(applications.ProcessApplication, payload);
      expect(retried).toMatchObject({ appStatus: first.appStatus, applicationId: first.applicationId });
      expect((await client().call(applications.ValidateSsn, { custSSN: ssn })).customerExists).toBe(1);
      expect((await client().call(applications.ProcessApplication, applicationPayload({ ssn }))).appStatus).toBe("E");
    });

    it("gives a denied applicant a fresh decision next time", async () => {
      const ssn = uniqueSsn();
      expect(
        (await client().call(applications.ProcessApplication, applicationPayload({ ssn, takeHomeCents: 10_000 })))
          .appStatus,
      ).toBe("D");
      expect((await client().call(applications.ValidateSsn, { custSSN: ssn })).customerExists).toBe(0);
      expect((await client().call(applications.ProcessApplication, applicationPayload({ ssn }))).appStatus).toBe("A");
    });

    it("reads transaction information for a lead post, with a token for that applicant", async () => {
      const answer = await client().call(applications.ProcessApplication, applicationPayload());
      const partner = client();
      const info = await partner.call(applications.GetUwsTransactionInformation, {
        transactinId: answer.transactionId!,
      });
      expect(info.transactionRecords).toEqual([
        expect.objectContaining({
          applicationId: answer.applicationId,
          firstName: "Jordan",
          approvedAmount: answer.approvedAmount,
        }),
      ]);
      expect((await partner.call(applications.GetApplications, {})).applications[0]?.applicationId).toBe(
        answer.applicationId,
      );
      expect(
        (await client().call(applications.GetUwsTransactionInformation, { transactinId: "unknown" }))
          .transactionRecords,
      ).toEqual([]);
    });

    it("voids a pending application once; the second void answers false", async () => {
      const applicant = client();
      await applicant.call(applications.ProcessApplication, applicationPayload());
      expect((await applicant.call(applications.VoidApplication, { voidReason: "Changed my mind" })).status).toBe(true);
      expect((await applicant.call(applications.VoidApplication, { voidReason: "Again" })).status).toBe(false);
    });

    it("needs a customer token for customer calls", async () => {
      await expect(client().call(applications.GetApplications, {})).rejects.toMatchObject({
        kind: "unauthorized",
        status: 403,
      });
    });

    it("refuses a bad payload before sending it, naming the field", async () => {
      const payload = applicationPayload();
      payload.ExtTransactionData.Customer.CustZip = "4300";
      const error = await client()
        .call(applications.ProcessApplication, payload)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).fields).toHaveProperty(["ExtTransactionData.Customer.CustZip"]);
    });
  });
}
