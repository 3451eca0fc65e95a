import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { address, brand, compliance } from "#domain/config";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import { runNoticesDaily } from "#servicing";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { agreementSignature, applicationPayload } from "../contract/applicants";
import { decodeHtml, devDeskCookie } from "./helpers/desk";
import { send } from "./helpers/http";
import { settledDb } from "./helpers/messages";

vi.setConfig({ testTimeout: 30_000 });

const { account, applications } = catalogue;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The notices an applicant is owed (0-decisions.md "Notices and records the law requires", decision
 * record 033): every denial's adverse-action e-mail, within the minute and once; the reminders to
 * e-sign an approval, and the word that it lapsed.
 */

const platform = () => new PlatformClient(embeddedTransport(env), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

/** The e-mails the outbox holds for one address, once the dispatch queue handed them over. */
async function mailTo(email: string) {
  const db = await settledDb();
  const rows = await db
    .prepare("SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY id")
    .bind(email)
    .all<{ subject: string; body: string }>();
  return rows.results;
}

async function recordsOf(email: string) {
  await settledDb();
  const rows = await env.DB.prepare(
    "SELECT n.kind, n.message_id, r.template, r.status FROM applicant_notices n JOIN customers c ON c.id = n.customer_id LEFT JOIN message_records r ON r.id = n.message_id WHERE c.email = ? ORDER BY n.created_at",
  )
    .bind(email)
    .all<{ kind: string; message_id: string | null; template: string | null; status: string | null }>();
  return rows.results;
}

describe("a denial's adverse-action notice", () => {
  const cases = [
    ["under the minimum age", { dob: "2012-01-01" }, "You do not meet our minimum age of 18"],
    ["in a state not served", { state: "NY" }, "We do not offer lines of credit in New York"],
    ["with income below the minimum", { takeHomeCents: 30_000 }, "Your income is below our minimum of $1,000 a month."],
  ] as const;

  it.each(cases)(
    "is e-mailed at once to an applicant %s, with the reason in plain words",
    async (_, options, words) => {
      const payload = applicationPayload(options);
      const email = payload.ExtTransactionData.Customer.CustEmail;
      const answer = await platform().call(applications.ProcessApplication, payload);
      expect(answer).toMatchObject({ appStatus: "D", adverseActionNotice: true });
      const [mail, ...more] = await mailTo(email);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`About your ${brand.name} application`);
      expect(mail!.body).toContain(`Principal reason(s) for our decision:\n- ${words}`);
      // The ECOA notice of Regulation B §1002.9(b)(1), and the creditor's name and address.
      expect(mail!.body).toContain("The federal Equal Credit Opportunity Act prohibits creditors from discriminating");
      expect(mail!.body).toContain(compliance.ecoaAgency.join(", "));
      expect(mail!.body).toContain(`${brand.lender}, serviced by ${brand.legalName}\n${address.lines.join("\n")}`);
      // The embedded rules use no consumer report: no agency is named.
      expect(mail!.body).not.toContain(compliance.consumerReportingAgency.name);
      expect(await recordsOf(email)).toEqual([
        expect.objectContaining({ kind: "adverse_action", template: "adverseAction", status: "sent" }),
      ]);
    },
  );

  it("is shown on the applicant's record at the desk, with its reasons and how it went", async () => {
    const payload = applicationPayload({ state: "NY" });
    await platform().call(applications.ProcessApplication, payload);
    await settledDb();
    const customer = await env.DB.prepare("SELECT id FROM customers WHERE email = ?")
      .bind(payload.ExtTransactionData.Customer.CustEmail)
      .first<{ id: string }>();
    const page = await send(`/desk/borrowers/${customer!.id}`, { cookie: await devDeskCookie("agent") });
    const html = decodeHtml(await page.text());
    expect(html).toContain("Notices to the applicant");
    expect(html).toMatch(
      /Adverse-action notice.*We do not offer lines of credit in New York, the state of your address\..*sent/s,
    );
  });

  it("is sent once: a retried submission answers as before and sends nothing more", async () => {
    const payload = applicationPayload({ state: "NY" });
    const email = payload.ExtTransactionData.Customer.CustEmail;
    await platform().call(applications.ProcessApplication, payload);
    const again = await platform().call(applications.ProcessApplication, payload);
    expect(again).toMatchObject({ appStatus: "D", adverseActionNotice: true });
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("is sent to a customer whose new application is refused because they already have a line", async () => {
    const first = applicationPayload({ takeHomeCents: 200_000 });
    const ssn = first.ExtTransactionData.Customer.CustSSN;
    const email = first.ExtTransactionData.Customer.CustEmail;
    expect((await platform().call(applications.ProcessApplication, first)).appStatus).toBe("A");
    const refused = await platform().call(applications.ProcessApplication, applicationPayload({ ssn, email }));
    expect(refused).toMatchObject({ appStatus: "E", adverseActionNotice: true });
    const mail = (await mailTo(email)).filter((m) => m.subject.startsWith("About your"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(
      "- You already have an account with us: please log in to it instead of applying again.",
    );
  });

  it("is not sent to an approved applicant", async () => {
    const payload = applicationPayload({ takeHomeCents: 200_000 });
    const answer = await platform().call(applications.ProcessApplication, payload);
    expect(answer.appStatus).toBe("A");
    expect(answer.adverseActionNotice).toBeUndefined();
    expect(await mailTo(payload.ExtTransactionData.Customer.CustEmail)).toEqual([]);
  });

  it("whose hand-over failed is sent by the next scheduled run, never twice", async () => {
    const payload = applicationPayload({ state: "NY" });
    const email = payload.ExtTransactionData.Customer.CustEmail;
    await platform().call(applications.ProcessApplication, payload);
    await settledDb();
    // As if the queue had refused it: the notice's row has no message yet, and its request is long gone.
    await env.DB.prepare(
      "UPDATE applicant_notices SET message_id = NULL, created_at = created_at - 600000 WHERE customer_id = (SELECT id FROM customers WHERE email = ?)",
    )
      .bind(email)
      .run();
    await env.DB.prepare("DELETE FROM outbox WHERE recipient = ?").bind(email).run();
    await runNoticesDaily(env, Date.now());
    await runNoticesDaily(env, Date.now());
    expect(await mailTo(email)).toHaveLength(1);
    expect((await recordsOf(email))[0]!.message_id).not.toBeNull();
  });
});

/** An approved applicant, not yet signed. */
async function approved() {
  const session = platform();
  const payload = applicationPayload({ takeHomeCents: 200_000 });
  const answer = await session.call(applications.ProcessApplication, payload);
  expect(answer.appStatus).toBe("A");
  const approvedAt = (await env.DB.prepare("SELECT created_at FROM lines WHERE id = ?")
    .bind(answer.applicationId)
    .first<{ created_at: number }>())!.created_at;
  return { session, email: payload.ExtTransactionData.Customer.CustEmail, lineId: answer.applicationId!, approvedAt };
}

const subjects = async (email: string) => (await mailTo(email)).map((m) => m.subject);

describe("the reminders to e-sign", () => {
  it("go a day after approval and a day before it lapses; at the end the approval lapses and the applicant is told", async () => {
    const a = await approved();
    await runNoticesDaily(env, a.approvedAt + 23 * HOUR);
    expect(await subjects(a.email)).toEqual([]);
    await runNoticesDaily(env, a.approvedAt + 25 * HOUR);
    await runNoticesDaily(env, a.approvedAt + 26 * HOUR);
    expect(await subjects(a.email)).toEqual(["Your line of credit is waiting for your signature"]);
    const [reminder] = await mailTo(a.email);
    // A way in that signs no one in by itself: the login page.
    expect(reminder!.body).toContain(`log in at ${env.SITE_ORIGIN}/login`);
    expect(reminder!.body).not.toMatch(/[?&](ID|token)=/i);

    await runNoticesDaily(env, a.approvedAt + (compliance.approvalValidDays - 1) * DAY + HOUR);
    expect(await subjects(a.email)).toEqual([
      "Your line of credit is waiting for your signature",
      "Your approval ends tomorrow",
    ]);
    await runNoticesDaily(env, a.approvedAt + compliance.approvalValidDays * DAY + HOUR);
    const all = await mailTo(a.email);
    expect(all.map((m) => m.subject)).toEqual([
      "Your line of credit is waiting for your signature",
      "Your approval ends tomorrow",
      "Your approval has ended",
    ]);
    expect(all[2]!.body).toContain(`was not signed within ${compliance.approvalValidDays} days, so it has ended`);
    const line = await env.DB.prepare("SELECT status FROM lines WHERE id = ?")
      .bind(a.lineId)
      .first<{ status: string }>();
    expect(line!.status).toBe("withdrawn");
    // Nothing more once it has lapsed.
    await runNoticesDaily(env, a.approvedAt + (compliance.approvalValidDays + 5) * DAY);
    expect(await mailTo(a.email)).toHaveLength(3);
  });

  it("stop at once when the line is signed", async () => {
    const a = await approved();
    await a.session.call(account.SaveSignatures, { signaturesData: [agreementSignature()] });
    await a.session.call(account.OpenLine, {});
    await runNoticesDaily(env, a.approvedAt + 25 * HOUR);
    await runNoticesDaily(env, a.approvedAt + (compliance.approvalValidDays + 1) * DAY);
    expect((await subjects(a.email)).filter((s) => /signature|approval/i.test(s))).toEqual([]);
  });

  it("stop at once when the application is withdrawn", async () => {
    const a = await approved();
    await a.session.call(applications.WithdrawApplication, { reason: "Changed my mind" });
    await runNoticesDaily(env, a.approvedAt + 25 * HOUR);
    await runNoticesDaily(env, a.approvedAt + (compliance.approvalValidDays + 1) * DAY);
    expect(await subjects(a.email)).toEqual([]);
  });

  it("after a long silence send only the latest one owed", async () => {
    const a = await approved();
    await runNoticesDaily(env, a.approvedAt + (compliance.approvalValidDays - 1) * DAY + HOUR);
    expect(await subjects(a.email)).toEqual(["Your approval ends tomorrow"]);
  });

  it("respect the address's suppression", async () => {
    const a = await approved();
    await env.DB.prepare(
      "INSERT INTO suppressions (channel, address, scope, reason, updated_at) VALUES ('email', ?, 'all', 'bounce', 0)",
    )
      .bind(a.email.toLowerCase())
      .run();
    await runNoticesDaily(env, a.approvedAt + 25 * HOUR);
    expect(await subjects(a.email)).toEqual([]);
    expect(await recordsOf(a.email)).toEqual([
      expect.objectContaining({ kind: "esign_reminder", status: "suppressed" }),
    ]);
  });
});
