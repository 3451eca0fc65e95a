import { redirect } from "react-router";
import type { AccessFlow, PasscodeChannel } from "#domain/access-flow";
import { maskPhone } from "#domain/access-flow";
import { phones, security } from "#domain/config";
import { formatPhone } from "#domain/format";
import { catalogue } from "#platform";
import { peekRateLimit, rateLimit } from "#server/http/rate-limit";
import { edgeContext } from "#server/http/request-context";
import { endCustomerSessions, type Session } from "#server/sessions/session";
import type { pagePlatform } from "../lib/platform.server";
import { easternToday } from "../lib/today";
import {
  accessMessages,
  codeSchema,
  emailSchema,
  identityFormSchema,
  methodSchema,
  resetSchema,
} from "./access.schema";
import { accessLimitRefusal, checkPasscode, commonPasswordAnswer } from "./access.server";
import { validateStep } from "./apply/wizard.server";

/**
 * The steps of create password and forgot password, one function per intent
 * the page posts (password-flow.server.ts picks one and saves what it shows).
 */

type Kind = AccessFlow["kind"];
type PagePlatform = ReturnType<typeof pagePlatform>["platform"];

/** Named conditions of spec file 2, section 8 whose wording the spec leaves to us. */
export const flowMessages = {
  invalidCode: "The passcode you entered is incorrect. Please try again.",
  expiredCode: "Your passcode has expired. Please tap RESEND CODE for a new one.",
  lockedCode: `Too many incorrect passcodes. For your security we could not verify your identity. Please call Customer Service at ${formatPhone(phones.customerService)}.`,
  usedCode: "Please request a new passcode.",
  resendLimit: `You have reached the maximum number of passcode requests. Please call Customer Service at ${formatPhone(phones.customerService)}.`,
  identity: "We could not verify your identity with those details. Please check them and try again.",
  /** The spec's 'account locked on password creation or forgot' (its wording is left to us). */
  identityLocked: `Your account is locked after too many attempts to verify your identity. Please try again in ${security.loginLockMinutes} minutes or call Customer Service at ${formatPhone(phones.customerService)}.`,
  creationError: "We could not save your password. Please try again or call customer service.",
  /** Register refused: this address already has another password (a retry with the same one is answered as created). */
  alreadyRegistered: "You already have a password. Please log in, or use Forgot Password if you don't remember it.",
  /** Spec file 3, section 8 ('Call failed' for a message send) and spec file 2 (register): the platform did not answer. */
  callFailed: "Call failed. Please try again in a moment.",
  serviceDown: "We're sorry, we could not check that just now. Please try again.",
  /** Issue 18: the number chosen texted STOP (or the address bounced) and nothing else could stand in. */
  channelStopped: `We could not send a passcode that way. Please choose another way, or call Customer Service at ${formatPhone(phones.customerService)}.`,
  /** Issue 18: another channel stood in for a stopped one; the page names where the code really went. */
  sentAnotherWay: "We could not send your passcode the way you chose, so we sent it another way.",
} as const;

const KIND_OF = { sms: "Text", voice: "Call", email: "Email" } as const;

export interface FlowView {
  step: AccessFlow["step"];
  email: string;
  channels: PasscodeChannel[];
  channelId: string | null;
  notice: string | null;
  resendDisabled: boolean;
  /** Verify identity matched the last four and birthdate: the last step asks only for the password. */
  identityChecked: boolean;
  /**
   * Why no more codes come, said as an error: `resends` (the limit; the last
   * code still works, so the page still says where it went) or `locked`
   * (five wrong codes; no code works, so it no longer does).
   */
  stop: "resends" | "locked" | null;
}

export interface FlowAnswer {
  errors: Record<string, string>;
  alert?: string;
  /** The platform failed, so nothing was decided about the code typed: the page keeps it for a retry. */
  keepCode?: boolean;
  /** No password yet: the alert links to create password for this address. */
  createFor?: string;
  /** The step this post saved, when it saved one. */
  flow?: FlowView;
}

/** What a step works with: the request, the flow so far, the platform, and how to save the step it shows. */
export interface StepRun {
  context: Parameters<typeof pagePlatform>[0];
  request: Request;
  kind: Kind;
  values: Record<string, string>;
  session: Session | null;
  flow: AccessFlow;
  platform: PagePlatform;
  ip: string;
  save: (shown: AccessFlow) => Promise<void>;
}

const IDENTITY_KEY = (kind: Kind, customerId: string) => `${kind}:${customerId}`;
const answered = (): FlowAnswer => ({ errors: {} });

/** Offers each phone on file as Text (mobile) or Call (landline), and the masked e-mail. */
export async function channelsFor(
  platform: PagePlatform,
  user: { custMobileNumber: string; custHomePhoneNumber: string; maskedEmail: string },
) {
  const channels: Array<PasscodeChannel & { destination: string }> = [];
  const numbers = [...new Set([user.custMobileNumber, user.custHomePhoneNumber].filter((n) => /^\d{10}$/.test(n)))];
  for (const [i, number] of numbers.entries()) {
    const { lineType } = await platform.call(catalogue.communications.CheckLineType, { phonenumber: number });
    channels.push({
      id: `phone${i}`,
      kind: lineType === "Mobile" ? "Text" : "Call",
      label: maskPhone(number),
      destination: number,
    });
  }
  channels.push({ id: "email", kind: "Email", label: user.maskedEmail, destination: "" });
  return channels;
}

/** E-mail: whose flow this is, and which ways a passcode can reach them. */
export async function emailStep({ context, request, kind, values, platform, ip, save }: StepRun) {
  const checked = await validateStep(emailSchema, values);
  if (!checked.ok) return { errors: { email: accessMessages.email } };
  const email = checked.output.email;
  const limited = await accessLimitRefusal(context, request, "emailCheckPerIp", {
    policy: "emailCheckPerEmail",
    email,
  });
  if (limited) return { errors: {}, alert: limited };
  const answer = await platform.call(catalogue.auth.ValidateEmail, { emailAddress: email, remoteIP: ip });
  const user = answer.users[0];
  if (!answer.validEmail || !user) return save({ kind, step: "unknown", email }).then(answered);
  const registered = user.userId > 0;
  if (kind === "create" && registered) return redirect("/login");
  if (kind === "forgot" && !registered) return { errors: {}, alert: accessMessages.noPassword, createFor: email };
  const channels = await channelsFor(platform, user);
  // Destinations stay server-side, re-read at send time.
  const shown = channels.map(({ destination: _d, ...c }) => c);
  await save({ kind, step: "method", email, customerId: user.customerId, channels: shown, resends: 0 });
  return answered();
}

/** Sends a passcode the chosen way (a text, a call that reads it, or an e-mail). */
function sendPasscode(platform: PagePlatform, channel: PasscodeChannel & { destination: string }, flow: AccessFlow) {
  const target = { CustId: flow.customerId!, ewSID: IDENTITY_KEY(flow.kind, flow.customerId!), purpose: flow.kind };
  if (channel.kind === "Text")
    return platform.call(catalogue.communications.SendSmsOtp, { phoneNumber: channel.destination, ...target });
  if (channel.kind === "Call")
    return platform.call(catalogue.communications.PinDelivery, { phoneNumber: channel.destination, ...target });
  return platform.call(catalogue.communications.SendEmailOtp, { email: flow.email!, ...target });
}

/** Method and Resend: a passcode to the chosen channel (Resend: the one chosen before), within the limits. */
export async function sendCodeStep({ context, request, kind, values, flow, platform, ip, save }: StepRun) {
  const checked =
    values.intent === "method"
      ? await validateStep(methodSchema, values)
      : { ok: true as const, output: { channel: flow.channelId ?? "" } };
  if (!checked.ok) return { errors: { channel: accessMessages.method } };
  if (!flow.email || !flow.customerId) return save({ kind, step: "email" }).then(answered);
  const limited = await accessLimitRefusal(context, request, "passcodeSendPerIp", {
    policy: "passcodeSendPerEmail",
    email: flow.email,
  });
  if (limited) return { errors: {}, alert: limited };
  const answer = await platform.call(catalogue.auth.ValidateEmail, { emailAddress: flow.email, remoteIP: ip });
  const user = answer.users.find((u) => u.customerId === flow.customerId);
  if (!user) return save({ kind, step: "unknown", email: flow.email }).then(answered);
  const channel = (await channelsFor(platform, user)).find((c) => c.id === checked.output.channel);
  if (!channel) return { errors: { channel: accessMessages.method } };
  const sent = await sendPasscode(platform, channel, flow);
  if (sent.statusCode === "6") return { errors: {}, alert: flowMessages.channelStopped };
  // Locked by wrong passcodes (perhaps in an earlier attempt): no code is sent, so no passcode screen; the lock's reason.
  if (sent.statusCode === "7") return { errors: {}, alert: flowMessages.lockedCode };
  const atLimit = sent.statusCode === "5";
  // Another channel may have stood in for a stopped one: the page names where the code really went.
  const stoodIn = sent.sentBy && KIND_OF[sent.sentBy] !== channel.kind;
  const went = stoodIn ? flow.channels?.find((c) => c.kind === KIND_OF[sent.sentBy!]) : channel;
  const resent =
    values.intent === "resend" ? accessMessages.resent.replace("{phone}", formatPhone(phones.customerService)) : null;
  const notice = atLimit ? flowMessages.resendLimit : stoodIn ? flowMessages.sentAnotherWay : resent;
  // At the resend limit nothing was sent: the page keeps naming where the last code went, not this channel.
  await save({ ...flow, step: "code", channelId: atLimit ? flow.channelId : went?.id, notice: notice ?? undefined });
  return answered();
}

/** Code: checks the six digits once, logs the attempt, and says why a code was refused. */
export async function checkCodeStep({ context, request, kind, values, flow, platform, save }: StepRun) {
  const code = values.code ?? [1, 2, 3, 4, 5, 6].map((i) => values[`d${i}`] ?? "").join("");
  const checked = await validateStep(codeSchema, { code });
  if (!checked.ok || !flow.customerId) return { errors: {}, alert: flowMessages.invalidCode };
  const limited = await accessLimitRefusal(context, request, "passcodeCheckPerIp");
  if (limited) return { errors: {}, alert: limited };
  const statusCode = await checkPasscode(platform, {
    pin: checked.output.code,
    ewSID: IDENTITY_KEY(kind, flow.customerId),
    customerId: flow.customerId,
  });
  if (statusCode === "0") return save({ ...flow, step: "thanks", notice: undefined }).then(answered);
  const refusals: Record<string, string> = {
    "1": flowMessages.invalidCode,
    "2": flowMessages.expiredCode,
    "3": flowMessages.lockedCode,
  };
  if (statusCode === "3") await save({ ...flow, notice: flowMessages.lockedCode });
  return { errors: {}, alert: refusals[statusCode] ?? flowMessages.usedCode };
}

/** Thanks → the password form. */
export async function continueStep({ flow, save }: StepRun) {
  if (flow.step !== "thanks") return answered();
  return save({ ...flow, step: "form" }).then(answered);
}

/** The password form's fields; after verify identity only the password, the matched details being the flow's. */
async function checkPasswordForm(flow: AccessFlow, values: Record<string, string>) {
  if (!flow.identity) return validateStep(identityFormSchema(easternToday()), values);
  const checked = await validateStep(resetSchema, values);
  return checked.ok ? { ...checked, output: { ...checked.output, ...flow.identity } } : checked;
}

type PasswordForm = { password: string; confirmPassword: string; last4: string; birthdate: string };

/** Registers the password (create) or changes it (forgot); true when the platform did. */
async function storePassword(platform: PagePlatform, kind: Kind, email: string, o: PasswordForm) {
  const answer =
    kind === "create"
      ? await platform.call(catalogue.auth.Register, {
          email,
          password: o.password,
          confirmPassword: o.confirmPassword,
          custSSN: o.last4,
          dob: o.birthdate,
        })
      : await platform.call(catalogue.auth.ChangePassword, {
          email,
          last4SSN: o.last4,
          dateOfBirth: o.birthdate,
          password: o.password,
          confirmPassword: o.confirmPassword,
        });
  return { done: "registered" in answer ? answer.registered : answer.updated, reason: answer.reason };
}

/** Save: the new password, after the identity lock and the limits; five wrong identities lock the form. */
export async function savePasswordStep({ context, request, kind, values, session, flow, platform, save }: StepRun) {
  if (flow.step !== "form" || !flow.email) return answered();
  const checked = await checkPasswordForm(flow, values);
  if (!checked.ok) return { errors: (await checked.failure).data.errors, alert: accessMessages.incomplete };
  const common = commonPasswordAnswer(checked.output.password);
  if (common) return common;
  const { env } = context.get(edgeContext);
  const identityKey = flow.email.toLowerCase();
  // Five wrong identities lock the form (spec file 2, section 4): said before any other limit speaks.
  if (!(await peekRateLimit(env, "identityFailPerEmail", identityKey)).allowed)
    return { errors: {}, alert: flowMessages.identityLocked };
  const limited = await accessLimitRefusal(context, request, "passwordResetPerIp", {
    policy: "passwordResetPerEmail",
    email: flow.email,
  });
  if (limited) return { errors: {}, alert: limited };
  const { done, reason } = await storePassword(platform, kind, flow.email, checked.output);
  if (!done && reason === "identity") {
    const count = await rateLimit(env, "identityFailPerEmail", identityKey);
    const alert = count.allowed && count.remaining > 0 ? flowMessages.identity : flowMessages.identityLocked;
    return { errors: {}, alert };
  }
  if (!done)
    return {
      errors: {},
      alert: reason === "already_registered" ? flowMessages.alreadyRegistered : flowMessages.creationError,
    };
  // A forgotten password changed: every other session of the borrower ends (the platform ended their other tokens).
  if (kind === "forgot" && flow.customerId) await endCustomerSessions(env.DB, flow.customerId, session);
  await save({ kind, step: "done", email: flow.email });
  return answered();
}
