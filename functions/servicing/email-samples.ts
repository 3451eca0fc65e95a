import { adverseActionMessage, approvalLapsedMessage, esignReminderMessage } from "./applicant-wording";
import { deskNotices } from "./desk-notices";
import { emailHtml } from "./email-html";
import type { AccountState } from "./engine/index";
import { fillSecrets } from "./messages";
import { noticeText } from "./notices";
import { profileNotifications } from "./profile";
import { passcode, type TemplatedMessage, type TemplateName, templates, templateTitles, text } from "./templates";

/**
 * One message of every template, made by the same functions the product sends
 * them with, from made-up figures: /dev/emails shows each as it is delivered,
 * and the tests render every one. A template added to `templateTitles`
 * without a sample here fails to compile (the Record below).
 */

const jordan = { id: "sample-customer", firstName: "Jordan", email: "jordan.sample@example.com" };
const site = "https://ridgelinecredit.example";
/** What the notices read of an account's state: only these two figures. */
const state = { pastDueCents: 12_550, balanceCents: 84_210 } as AccountState;

const contact = {
  email: jordan.email,
  homePhone: "6145550100",
  mobilePhone: "6145550101",
  allowMarketingEmails: true,
  allowMarketingCalls: false,
  allowMarketingTexts: false,
  allowServicingTexts: true,
};
const [preferencesChanged, emailChanged] = profileNotifications(jordan, contact, {
  ...contact,
  email: "jordan.new@example.com",
  allowMarketingEmails: false,
});

const notice = (kind: "past_due" | "charged_off" | "closure_notice" | "closed") => {
  const { subject, body } = noticeText({ kind, ref: "sample", state, closesOn: "2027-01-15" });
  const name = (
    { past_due: "pastDue", charged_off: "chargedOff", closure_notice: "closureNotice", closed: "closed" } as const
  )[kind];
  return templates.notice(name, jordan, subject, body);
};

const samples: Record<TemplateName, () => TemplatedMessage> = {
  passcode: () => passcode("email", jordan.email, "204517", jordan.id),
  resetLink: () => templates.resetLink(jordan, `${site}/reset-password?token=sample-reset-token`),
  accountReady: () => templates.accountReady(jordan, { cents: 50_000, fundingDate: "2026-12-08" }),
  drawReceived: () =>
    templates.drawReceived(jordan, {
      cents: 50_000,
      feeCents: 2_500,
      fundingDate: "2026-12-08",
      id: 1042,
      bank: "the account ending 6789",
    }),
  paymentScheduled: () =>
    templates.paymentScheduled(jordan, {
      cents: 12_550,
      date: "2026-12-11",
      id: 2051,
      bank: "the account ending 6789",
    }),
  autopayUpcoming: () => templates.autopayUpcoming(jordan, { cents: 12_550, date: "2026-12-18" }),
  paymentPosted: () => templates.paymentPosted(jordan, { cents: 12_550, date: "2026-12-18" }),
  paymentReturned: () => templates.paymentReturned(jordan, { cents: 12_550, postedOn: "2026-12-18" }),
  statementReady: () =>
    templates.statementReady(jordan, {
      statementDate: "2026-12-04",
      dueDate: "2026-12-18",
      minimumDueCents: 12_550,
      automatic: true,
    }),
  pastDue: () => notice("past_due"),
  chargedOff: () => notice("charged_off"),
  closureNotice: () => notice("closure_notice"),
  closed: () => notice("closed"),
  preferencesChanged: () => preferencesChanged!,
  emailChanged: () => emailChanged!,
  accountChanged: () => templates.accountChanged(jordan, deskNotices.limit(100_000, 125_000)),
  contactAcknowledgement: () => templates.contactAcknowledgement(jordan),
  platformEmail: () => ({
    template: "platformEmail",
    category: "service",
    channel: "email",
    recipient: jordan.email,
    subject: "A message from us",
    body: "Hello Jordan, this is a message the lending platform sent as its caller wrote it.",
    customerId: jordan.id,
  }),
  platformText: () => text("platformText", { phone: contact.mobilePhone, customerId: jordan.id }, "a message from us."),
  adverseAction: () =>
    adverseActionMessage(jordan, { reasons: ["low_income", "no_business_state"], state: "NY", consumerReport: true }),
  esignReminder: () =>
    esignReminderMessage(jordan, {
      limitCents: 75_000,
      lapsesOn: "2027-01-02",
      last: false,
      loginUrl: `${site}/login`,
    }),
  esignLastReminder: () =>
    esignReminderMessage(jordan, { limitCents: 75_000, lapsesOn: "2027-01-02", last: true, loginUrl: `${site}/login` }),
  approvalLapsed: () => approvalLapsedMessage(jordan, { limitCents: 75_000, applyUrl: `${site}/apply/personal` }),
};

/** A sample as delivery sees it: the subject and text with their secrets filled in. */
export interface EmailSample {
  name: TemplateName;
  title: string;
  channel: TemplatedMessage["channel"];
  category: TemplatedMessage["category"];
  subject: string;
  text: string;
}

/** Every template's sample, in `templateTitles` order. */
export function emailSamples(): EmailSample[] {
  return (Object.keys(templateTitles) as TemplateName[]).map((name) => {
    const message = samples[name]();
    return {
      name,
      title: templateTitles[name],
      channel: message.channel,
      category: message.category,
      subject: fillSecrets(message.subject ?? "", message.secrets),
      text: fillSecrets(message.body, message.secrets),
    };
  });
}

/** One template's e-mail as its HTML part is delivered; null for a name with no e-mail. */
export async function sampleEmailHtml(name: string): Promise<string | null> {
  const sample = emailSamples().find((s) => s.name === name && s.channel === "email");
  if (!sample) return null;
  const unsubscribeUrl = sample.category === "marketing" ? `${site}/api/unsubscribe/sample` : null;
  return emailHtml({ subject: sample.subject, text: sample.text, unsubscribeUrl });
}
