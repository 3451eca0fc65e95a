import { describe, expect, it } from "vitest";
import { brand, hours, phones } from "#domain/config";
import { formatPhone } from "#domain/format";
import {
  emailSignOff,
  passcode,
  smsOptOutLine,
  type TemplatedMessage,
  type TemplateName,
  templates,
  templateTitles,
  text,
} from "../../functions/servicing/templates";

/**
 * Issue 18, templates: every message the product sends, each e-mail with the
 * company's name, phone and hours from the configuration, marketing texts
 * with the opt-out line, passcodes and links only as secrets.
 */
const to = { id: "c-1", firstName: "Ana", email: "ana@example.com" };

const everyEmail: TemplatedMessage[] = [
  templates.resetLink(to, "https://example.test/reset-password?token=abc"),
  templates.accountReady(to, { cents: 15_000, fundingDate: "2026-11-30" }),
  templates.accountReady(to, null),
  templates.drawReceived(to, { cents: 30_000, feeCents: 1_500, fundingDate: "2026-11-30", id: 7, bank: "your bank" }),
  templates.paymentScheduled(to, { cents: 5_000, date: "2026-12-01", id: 8, bank: "your bank" }),
  templates.autopayUpcoming(to, { cents: 4_000, date: "2026-12-04" }),
  templates.paymentPosted(to, { cents: 5_000, date: "2026-12-01" }),
  templates.paymentReturned(to, { cents: 5_000, postedOn: "2026-12-01" }),
  templates.statementReady(to, {
    statementDate: "2026-11-20",
    dueDate: "2026-12-04",
    minimumDueCents: 3_354,
    automatic: true,
  }),
  templates.notice("pastDue", to, "Your payment is past due", "your account is past due."),
  templates.preferencesChanged(to, "Your phone number was updated.", "If you did not make this change, call us."),
  templates.emailChanged(to, "a****z@example.com", "If you did not make this change, call us."),
  templates.contactAcknowledgement(to),
  passcode("email", to.email, "123456", to.id),
];

describe("message templates", () => {
  it("end every e-mail but a passcode with the company, its phone and its hours", () => {
    expect(emailSignOff).toContain(brand.name);
    expect(emailSignOff).toContain(formatPhone(phones.customerService));
    for (const h of hours.customerService) expect(emailSignOff).toContain(`${h.days} ${h.hours}`);
    for (const m of everyEmail.filter((m) => m.template !== "passcode")) {
      expect(m.channel).toBe("email");
      expect(m.body.endsWith(`\n\n${emailSignOff}`), m.template).toBe(true);
      expect(m.subject, m.template).toBeTruthy();
    }
  });

  it("carry a passcode or a link only as a secret: the text has its placeholder", () => {
    const link = templates.resetLink(to, "https://example.test/reset-password?token=abc");
    expect(link.body).toContain("{{link}}");
    expect(link.body).not.toContain("token=abc");
    for (const channel of ["sms", "voice", "email"] as const) {
      const m = passcode(channel, "6145550101", "123456", null);
      expect(m.body).toContain("{{code}}");
      expect(m.body).not.toMatch(/\d{6}|\d \d \d/);
      expect(m.category).toBe("passcode");
    }
    expect(passcode("voice", "6145550101", "123456", null).secrets).toEqual({ code: "1 2 3 4 5 6" });
  });

  it("end a marketing text with the opt-out line, and only a marketing text", () => {
    const offer = text("platformText", { phone: "6145550101" }, "A new offer.", "marketing");
    expect(offer.body).toBe(`${brand.name}: A new offer. ${smsOptOutLine}`);
    const service = text("platformText", { phone: "6145550101" }, "Your statement is ready.");
    expect(service.body).not.toContain("STOP");
  });

  it("say what a statement asks: the automatic payment and its date, the minimum due, or nothing due", () => {
    const base = { statementDate: "2026-11-20", dueDate: "2026-12-04" };
    expect(templates.statementReady(to, { ...base, minimumDueCents: 3_354, automatic: true }).body).toContain(
      "Your automatic payment of $33.54 will be taken from your bank account on Dec. 4, 2026.",
    );
    expect(templates.statementReady(to, { ...base, minimumDueCents: 3_354, automatic: false }).body).toContain(
      "Your minimum payment of $33.54 is due on Dec. 4, 2026.",
    );
    expect(templates.statementReady(to, { ...base, minimumDueCents: 0, automatic: true }).body).toContain(
      "No payment is due this cycle.",
    );
  });

  it("give every template a title for the borrower's list of messages", () => {
    const names = Object.keys(templateTitles) as TemplateName[];
    for (const m of everyEmail) expect(names).toContain(m.template);
    for (const title of Object.values(templateTitles)) expect(title).toMatch(/^[A-Z]/);
  });
});
