import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { contactMessages, loginAttempts, messageRecords, passcodeChallenges } from "#db/schema/servicing";
import { communications as calls, misc } from "#domain/catalogue/index";
import { messages } from "#domain/config";
import { randomToken } from "#domain/tokens";
import type { ServicingEnv } from "../context";
import { withdrawPending } from "../customers";
import { implement } from "../implement";
import { outgoingFor } from "../outgoing";
import { passcode, type TemplateName, templates, templateTitles, text } from "../templates";
import { readAsCustomer } from "../token-batch";

export const communicationRoutes = new Hono<ServicingEnv>();

/** The platform's own send calls (the catalogue's SendEmail and SendSms): service messages, as the caller wrote them. */
const send = (c: { var: ServicingEnv["Variables"] }) => outgoingFor(c.var.db);

implement(communicationRoutes, calls.SendEmail, async (c, { to, subject, body, customerId }) => {
  await send(c).send({
    template: "platformEmail",
    category: "service",
    channel: "email",
    recipient: to,
    subject,
    body,
    customerId,
  });
  return { status: true };
});

implement(communicationRoutes, calls.SendSms, async (c, { to, message, customerId }) => {
  await send(c).send(text("platformText", { phone: to, customerId }, message));
  return { status: true };
});

/** The borrower's latest messages for Preferences: what about, never the code, link or address. */
implement(
  communicationRoutes,
  calls.GetMessages,
  async (c) => {
    const [rows] = await readAsCustomer(c, (customerId) => [
      c.var.db
        .select()
        .from(messageRecords)
        .where(eq(messageRecords.customerId, customerId))
        .orderBy(desc(messageRecords.createdAt))
        .limit(messages.recentShown),
    ]);
    return {
      messages: rows.map((r) => ({
        channel: r.channel as "email" | "sms" | "voice",
        about:
          (r.channel === "email" && r.subject) || (templateTitles[r.template as TemplateName] ?? "A message from us"),
        sentAt: new Date(r.sentAt ?? r.createdAt).toISOString(),
        status: r.status as "queued" | "held" | "sent" | "delivered" | "failed" | "suppressed",
      })),
    };
  },
  // The token and the messages in one round trip (issue 19).
  { tokenInBatch: true },
);

/**
 * Line type look-up (a carrier lookup in a real deployment). The embedded
 * platform treats numbers whose exchange starts with 5 as mobile, so demo
 * data can have both kinds on purpose.
 */
implement(communicationRoutes, calls.CheckLineType, async (_c, { phonenumber }) => ({
  lineType: phonenumber[3] === "5" ? ("Mobile" as const) : ("Landline" as const),
}));

/** The device-fingerprint fraud check is a provider hook, off by default. */
implement(communicationRoutes, misc.IovationConfig, async () => ({ status: false }));
implement(communicationRoutes, misc.IovationProcess, async () => ({ status: true, result: "allow" as const }));

implement(communicationRoutes, misc.ContactUs, async (c, form) => {
  const now = c.var.now.getTime();
  const stored = await c.var.db
    .insert(contactMessages)
    .values({
      requestId: form.requestId ?? null,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.contactEmail,
      phone: form.contactPhone,
      category: form.messageCategory,
      message: form.messageBody,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: contactMessages.id });
  // A retry of a message already stored (its answer was lost) is answered the same, without a second acknowledgement.
  if (stored.length === 0) return { success: true };
  await send(c).send(templates.contactAcknowledgement({ email: form.contactEmail, firstName: form.firstName }));
  return { success: true };
});

/** Passcodes live in a Durable Object per identity; delivery goes through the provider. */
async function deliverPasscode(
  c: { env: ServicingEnv["Bindings"]; var: ServicingEnv["Variables"] },
  channel: "sms" | "voice" | "email",
  recipient: string,
  target: { CustId: string; ewSID?: string; purpose: "forgot" | "create" | "esign" },
) {
  const ewSID = target.ewSID ?? randomToken(16);
  const vault = c.env.PASSCODES.get(c.env.PASSCODES.idFromName(ewSID));
  const sent = await vault.send(
    c.var.now.getTime(),
    target.CustId ? { customerId: target.CustId, purpose: target.purpose } : undefined,
  );
  // Nothing sent: locked by wrong entries (7) is not the resend limit (5); the pages say different things.
  if ("refused" in sent) return { ewSID, replyTo: "", statusCode: sent.refused === "locked" ? "7" : "5", resend: true };
  // A known customer's new challenge is listed for the servicing desk's resend (by the vault's id, not the challenge id).
  if (!sent.resend && target.CustId)
    await c.var.db
      .insert(passcodeChallenges)
      .values({
        customerId: target.CustId,
        vaultId: c.env.PASSCODES.idFromName(ewSID).toString(),
        purpose: target.purpose,
        channel,
        createdAt: c.var.now.getTime(),
      })
      .onConflictDoNothing();
  // The code is a secret of the message: it travels on the queue to the provider, and rests in the outbox in development only.
  const went = await send(c).send(passcode(channel, recipient, sent.code, target.CustId || null));
  if (went.status === "suppressed") return { ewSID, replyTo: "", statusCode: "6", resend: sent.resend };
  return {
    ewSID,
    replyTo: "",
    statusCode: "0",
    resend: sent.resend,
    sentBy: went.channel as "sms" | "voice" | "email",
  };
}

implement(communicationRoutes, calls.SendSmsOtp, (c, p) => deliverPasscode(c, "sms", p.phoneNumber, p));
implement(communicationRoutes, calls.PinDelivery, (c, p) => deliverPasscode(c, "voice", p.phoneNumber, p));
implement(communicationRoutes, calls.SendEmailOtp, (c, p) => deliverPasscode(c, "email", p.email, p));

const OTP_STATUS = { ok: "0", wrong: "1", expired: "2", locked: "3", unknown: "4" } as const;

/** Spec file 2, section 8: the withdrawal reasons when the wrong-entry limit is reached. */
export const WITHDRAWAL_REASONS = {
  forgot: "Failed ID verification - Credit application could not be verified.",
  create: "Failed ID verification - Credit application could not be verified.",
  esign: "Verification failed. Your application has been withdrawn",
} as const;

implement(communicationRoutes, calls.VerifySmsOtp, async (c, { pin, ewSID }) => {
  const vault = c.env.PASSCODES.get(c.env.PASSCODES.idFromName(ewSID));
  const { result, wrong, subject, lockedNow } = await vault.verify(pin, c.var.now.getTime());
  // The limit reached: the customer's pending application is withdrawn (spec file 2, section 4).
  if (lockedNow && subject)
    await withdrawPending(c.var.db, subject.customerId, WITHDRAWAL_REASONS[subject.purpose], c.var.now.getTime());
  return { statusCode: OTP_STATUS[result], wrongAttempts: wrong };
});

implement(communicationRoutes, calls.LogTransaction, async (c, { request, CustId }) => {
  await c.var.db.insert(loginAttempts).values({
    customerId: CustId || null,
    processId: "phone_call",
    success: true,
    note: request,
    createdAt: c.var.now.getTime(),
  });
  return { status: true };
});
