import { describe, expect, it } from "vitest";
import { catalogue, memoryTokenHolder, PlatformClient } from "#platform";
import type { Transport } from "../../functions/platform/transport";
import { applicationPayload, uniqueSsn } from "./applicants";

const { account, applications, auth } = catalogue;
const PASSWORD = "Ridge!line42";

/** Sign-in calls of the contract, over any transport. */
export function authContract(name: string, transport: () => Transport, merchantId: string) {
  const client = () => new PlatformClient(transport(), memoryTokenHolder(), merchantId);

  /** An approved applicant with a password: e-mail, last four, birthdate. */
  async function borrower(register = true) {
    const ssn = uniqueSsn();
    const payload = applicationPayload({ ssn });
    await client().call(applications.ProcessApplication, payload);
    const { CustEmail: email, CustDOB: dob } = payload.ExtTransactionData.Customer;
    const identity = { email, last4: ssn.slice(-4), dob };
    if (register) {
      const answer = await client().call(auth.Register, {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        custSSN: identity.last4,
        dob,
      });
      expect(answer.registered).toBe(true);
    }
    return identity;
  }

  describe(`sign-in contract (${name})`, () => {
    it("validates an e-mail: registered users have a userId, others do not; only the last four SSN digits come back", async () => {
      const registered = await borrower(true);
      const fresh = await borrower(false);
      const a = await client().call(auth.ValidateEmail, { emailAddress: registered.email });
      expect(a.validEmail).toBe(true);
      expect(a.users[0]).toMatchObject({ custSSN: registered.last4 });
      expect(a.users[0]!.userId).toBeGreaterThan(0);
      const b = await client().call(auth.ValidateEmail, { emailAddress: fresh.email });
      expect(b.users[0]!.userId).toBe(0);
      expect((await client().call(auth.ValidateEmail, { emailAddress: "nobody@example.com" })).validEmail).toBe(false);
    });

    it("logs in (result 1) to a customer token with the line awaiting e-sign (G)", async () => {
      const who = await borrower();
      const session = client();
      const answer = await session.call(auth.Login, { userName: who.email, password: PASSWORD });
      expect(answer).toMatchObject({
        customerLoginResults: 1,
        firstName: "Jordan",
        loanStatus: "G",
        hasValidEsignatures: false,
      });
      expect(answer.id).toBeGreaterThan(0);
      expect((await session.call(applications.GetApplications, {})).applications).toHaveLength(1);
    });

    it("locks after five wrong passwords (10), stays locked (6), even for the right password", async () => {
      const who = await borrower();
      const results = [];
      for (let i = 0; i < 5; i++)
        results.push(
          (await client().call(auth.Login, { userName: who.email, password: "Wrong!pass1" })).customerLoginResults,
        );
      expect(results).toEqual([2, 2, 2, 2, 10]);
      expect((await client().call(auth.Login, { userName: who.email, password: PASSWORD })).customerLoginResults).toBe(
        6,
      );
    });

    it("says after each wrong password how many more the account takes before it locks (the login page's warning); a right one starts the count again", async () => {
      const who = await borrower();
      const left = async (password: string) =>
        (await client().call(auth.Login, { userName: who.email, password })).attemptsLeft;
      expect([await left("Wrong!pass1"), await left("Wrong!pass1")]).toEqual([4, 3]);
      expect(await left(PASSWORD)).toBeNull();
      const after = [];
      for (let i = 0; i < 5; i++) after.push(await left("Wrong!pass1"));
      expect(after).toEqual([4, 3, 2, 1, null]);
      // Locked: no count, whatever is typed.
      expect(await left(PASSWORD)).toBeNull();
    });

    it("answers 3 for an unknown user, with no count", async () => {
      const answer = await client().call(auth.Login, { userName: "nobody@example.com", password: PASSWORD });
      expect(answer.customerLoginResults).toBe(3);
      expect(answer.attemptsLeft).toBeNull();
    });

    it("registers once, only with a matching identity and a password that meets the criteria", async () => {
      const who = await borrower(false);
      const base = { email: who.email, custSSN: who.last4, dob: who.dob };
      expect(
        (
          await client().call(auth.Register, {
            ...base,
            custSSN: "0000",
            password: PASSWORD,
            confirmPassword: PASSWORD,
          })
        ).registered,
      ).toBe(false);
      await expect(
        client().call(auth.Register, { ...base, password: "weakpass", confirmPassword: "weakpass" }),
      ).rejects.toMatchObject({ kind: "rejected", status: 422 });
      expect(
        (await client().call(auth.Register, { ...base, password: PASSWORD, confirmPassword: PASSWORD })).registered,
      ).toBe(true);
      // A retry with the password it set (its answer was lost) is answered the same; another password is refused (issue 15).
      expect(
        (await client().call(auth.Register, { ...base, password: PASSWORD, confirmPassword: PASSWORD })).registered,
      ).toBe(true);
      expect(
        await client().call(auth.Register, { ...base, password: "Another!pass61", confirmPassword: "Another!pass61" }),
      ).toMatchObject({ registered: false, reason: "already_registered" });
    });

    it("verifies identity and changes a forgotten password", async () => {
      const who = await borrower();
      const identity = await client().call(auth.VerifyIdentity, {
        emailAddress: who.email,
        custSSN: who.last4,
        custDOB: who.dob,
      });
      expect(identity).toMatchObject({ validEmail: true, validIdentity: true, isRegistered: true });
      const wrong = await client().call(auth.VerifyIdentity, {
        emailAddress: who.email,
        custSSN: who.last4,
        custDOB: "1970-01-01",
      });
      expect(wrong.validIdentity).toBe(false);
      const changed = await client().call(auth.ChangePassword, {
        email: who.email,
        last4SSN: who.last4,
        dateOfBirth: who.dob,
        password: "New!pass99",
        confirmPassword: "New!pass99",
      });
      expect(changed.updated).toBe(true);
      expect(
        (await client().call(auth.Login, { userName: who.email, password: "New!pass99" })).customerLoginResults,
      ).toBe(1);
    });

    it("answers a reset request the same whether or not the person exists", async () => {
      const who = await borrower();
      const base = { resetUrlBase: "https://ridgeline.test/reset-password" };
      expect(
        (
          await client().call(auth.ResetPassword, {
            ...base,
            email: who.email,
            last4SSN: who.last4,
            DateOfBirth: who.dob,
          })
        ).status,
      ).toBe(true);
      expect(
        (
          await client().call(auth.ResetPassword, {
            ...base,
            email: "nobody@example.com",
            last4SSN: "1234",
            DateOfBirth: who.dob,
          })
        ).status,
      ).toBe(true);
      expect((await client().call(auth.ValidateToken, { token: "not-a-reset-token" })).tokenState).toBe(1);
    });

    it("takes an address with an apostrophe, as the site does, and stores it lower-cased (one e-mail rule)", async () => {
      const ssn = uniqueSsn();
      const payload = applicationPayload({ ssn, email: `O'Brien.${ssn}@Example.com` });
      expect((await client().call(applications.ProcessApplication, payload)).appStatus).toBe("A");
      const email = `o'brien.${ssn}@example.com`;
      const registered = await client().call(auth.Register, {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        custSSN: ssn.slice(-4),
        dob: payload.ExtTransactionData.Customer.CustDOB,
      });
      expect(registered.registered).toBe(true);
      expect(
        (await client().call(auth.Login, { userName: `O'BRIEN.${ssn}@example.com`, password: PASSWORD }))
          .customerLoginResults,
      ).toBe(1);
    });

    /** The borrower signed in twice: two customer tokens. */
    async function twoSessions() {
      const who = await borrower();
      const [mine, other] = [client(), client()];
      for (const session of [mine, other])
        expect((await session.call(auth.Login, { userName: who.email, password: PASSWORD })).customerLoginResults).toBe(
          1,
        );
      const works = (session: PlatformClient) =>
        session.call(applications.GetApplications, {}).then(
          () => true,
          (e: { kind?: string }) => (e.kind === "unauthorized" ? false : Promise.reject(e)),
        );
      return { who, mine, other, works };
    }

    it("a forgotten password changed with the customer's own token ends their other tokens and keeps that one", async () => {
      const { who, mine, other, works } = await twoSessions();
      const changed = await mine.call(auth.ChangePassword, {
        email: who.email,
        last4SSN: who.last4,
        dateOfBirth: who.dob,
        password: "New!pass99",
        confirmPassword: "New!pass99",
      });
      expect(changed.updated).toBe(true);
      expect(await works(other)).toBe(false);
      expect(await works(mine)).toBe(true);
    });

    it("a new e-mail needs the current password, then ends the customer's other tokens", async () => {
      const { who, mine, other, works } = await twoSessions();
      const email = `moved.${crypto.randomUUID().slice(0, 8)}@example.com`;
      await expect(mine.call(account.UpdateProfile, { custEmail: email })).rejects.toMatchObject({
        kind: "rejected",
        status: 422,
        fields: { currentPassword: "incorrect" },
      });
      await expect(
        mine.call(account.UpdateProfile, { custEmail: email, currentPassword: "Wrong!pass1" }),
      ).rejects.toMatchObject({ fields: { currentPassword: "incorrect" } });
      expect(await works(other)).toBe(true);
      // The same address in other case is no change.
      expect((await mine.call(account.UpdateProfile, { custEmail: who.email.toUpperCase() })).status).toBe(true);
      expect((await mine.call(account.UpdateProfile, { custEmail: email, currentPassword: PASSWORD })).status).toBe(
        true,
      );
      expect(await works(other)).toBe(false);
      expect(await works(mine)).toBe(true);
      expect((await client().call(auth.Login, { userName: email, password: PASSWORD })).customerLoginResults).toBe(1);
    });

    it("ends the token on logout", async () => {
      const who = await borrower();
      const session = client();
      await session.call(auth.Login, { userName: who.email, password: PASSWORD });
      const token = session.tokens.get();
      expect((await session.call(auth.Logout, {})).status).toBe(true);
      const reused = new PlatformClient(transport(), memoryTokenHolder(token), merchantId);
      await expect(reused.call(applications.GetApplications, {})).rejects.toMatchObject({
        kind: "unauthorized",
        status: 401,
      });
    });
  });
}
