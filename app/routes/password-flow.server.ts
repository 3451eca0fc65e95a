import { data, type RouterContextProvider, redirect } from "react-router";
import type { AccessFlow, PasscodeChannel } from "#domain/access-flow";
import { maskPhone } from "#domain/access-flow";
import { phones, security } from "#domain/config";
import { formatPhone } from "#domain/format";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { peekRateLimit, rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { endCustomerSessions, type Session, saveSession, startSession } from "#server/sessions/session";
import { pagePlatform } from "../lib/platform.server";
import { easternToday } from "../lib/today";
import {
  accessMessages,
  codeSchema,
  emailSchema,
  identityFormSchema,
  methodSchema,
  resetSchema,
} from "./access.schema";
import { accessLimitRefusal, commonPasswordAnswer } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";

type Context = Readonly<RouterContextProvider>;
type Kind = AccessFlow["kind"];

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
} as const;

/**
 * What a step says when a platform call fails without a field message:
 * sending a passcode, and registering when the platform did not answer, are
 * the spec's 'Call failed' (spec file 3 section 8, spec file 2 section 8);
 * a refused save is the password-creation error; the other steps a retry.
 */
function failureMessage(error: PlatformError, intent: string | undefined, kind: Kind): string {
  if (intent === "save")
    return kind === "create" && error.kind !== "rejected" ? flowMessages.callFailed : flowMessages.creationError;
  if (intent === "method" || intent === "resend") return flowMessages.callFailed;
  return flowMessages.serviceDown;
}

export interface FlowView {
  step: AccessFlow["step"];
  email: string;
  channels: PasscodeChannel[];
  channelId: string | null;
  notice: string | null;
  resendDisabled: boolean;
  /** Verify identity matched the last four and birthdate: the last step asks only for the password. */
  identityChecked: boolean;
  /** No more codes can be sent or checked (the lock or the resend limit): the page says where the last one went no more. */
  stopped: boolean;
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

const stoppedBy = (flow: AccessFlow) =>
  flow.notice === flowMessages.resendLimit || flow.notice === flowMessages.lockedCode;

function view(flow: AccessFlow): FlowView {
  return {
    step: flow.step,
    email: flow.email ?? "",
    channels: flow.channels ?? [],
    channelId: flow.channelId ?? null,
    notice: flow.notice ?? null,
    resendDisabled: stoppedBy(flow),
    stopped: stoppedBy(flow),
    identityChecked: Boolean(flow.identity),
  };
}

const platformFor = pagePlatform;

async function store(context: Context, session: Session, flow: AccessFlow | undefined, token: string | null) {
  const { env } = context.get(edgeContext);
  await saveSession(env, session, {
    ...session.data,
    access: flow,
    platformToken: token ?? session.data.platformToken,
  });
}

/**
 * The flow's current step; arriving fresh (or with another kind in progress)
 * starts at the e-mail step. A page view starts no session (issue 14, item
 * 6): the e-mail step's post does.
 */
export async function loadFlow(context: Context, request: Request, kind: Kind, emailFromPath?: string) {
  const { session } = context.get(sessionContext);
  const current = session?.data.access;
  // /create-password/:emailaddress starts again with that address, unless it is the flow already in progress.
  const otherEmail =
    emailFromPath !== undefined && emailFromPath.toLowerCase() !== (current?.email ?? "").toLowerCase();
  const fresh = !current || current.kind !== kind || otherEmail || new URL(request.url).searchParams.has("restart");
  const flow: AccessFlow = fresh
    ? { kind, step: "email", ...(emailFromPath ? { email: emailFromPath } : {}) }
    : current;
  if (session && current && fresh) await store(context, session, flow, null);
  // An outcome (not found, done) is said once: the next visit starts again at the e-mail step, the address kept.
  else if (session && !fresh && FINAL_STEPS.has(flow.step))
    await store(context, session, { kind, step: "email", email: flow.email }, null);
  return { flow: view(flow) };
}

/** Steps that end a flow: shown once, never again on a later visit (issue 15). */
const FINAL_STEPS: ReadonlySet<AccessFlow["step"]> = new Set(["unknown", "done"]);

const IDENTITY_KEY = (kind: Kind, customerId: string) => `${kind}:${customerId}`;

/** Offers each phone on file as Text (mobile) or Call (landline), and the masked e-mail. */
export async function channelsFor(
  platform: ReturnType<typeof platformFor>["platform"],
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

/** Where a flow's page lives. */
const pageOf = (kind: Kind) => (kind === "create" ? "/create-password" : "/forgot-password");

/**
 * A flow's post. Without a session only the e-mail step may come: it starts
 * the session once there is a flow to keep (its answer sets the cookie); any
 * other post starts again at the page (the session ended, or the page was
 * never loaded).
 */
export async function flowAction(context: Context, request: Request, kind: Kind) {
  const values = await formValues(request);
  const { session } = context.get(sessionContext);
  if (!session && values.intent !== "email") return redirect(pageOf(kind));
  const started: Started = {};
  const stepped = await flowStep(context, request, kind, values, session, started);
  // The step saved travels with the answer: without JavaScript the page is rendered in this same request,
  // whose loader saw the session as it was (or none, before the first post started it).
  const result = stepped instanceof Response || !started.flow ? stepped : { ...stepped, flow: view(started.flow) };
  if (!started.setCookie) return result;
  if (result instanceof Response) {
    result.headers.append("Set-Cookie", started.setCookie);
    return result;
  }
  return data(result, { headers: { "Set-Cookie": started.setCookie } });
}

/** What a post started (the session's cookie) and saved (the flow's next step). */
type Started = { setCookie?: string; flow?: AccessFlow };

async function flowStep(
  context: Context,
  request: Request,
  kind: Kind,
  values: Record<string, string>,
  session: Session | null,
  started: Started,
): Promise<Response | FlowAnswer> {
  const flow: AccessFlow = session?.data.access?.kind === kind ? session.data.access : { kind, step: "email" };
  const { platform, tokens } = platformFor(context, session);
  const ip = clientInfo(request).ip;
  let kept = session;
  const save = async (shown: AccessFlow) => {
    started.flow = shown;
    // An outcome (not found, done) is this answer's alone: the session keeps the e-mail step, so no later visit repeats it.
    const next: AccessFlow = FINAL_STEPS.has(shown.step) ? { kind, step: "email", email: shown.email } : shown;
    if (kept) return store(context, kept, next, tokens.get());
    const token = tokens.get();
    const made = await startSession(context.get(edgeContext).env, {
      access: next,
      ...(token ? { platformToken: token } : {}),
    });
    kept = made.session;
    started.setCookie = made.setCookie;
  };

  try {
    switch (values.intent) {
      case "email": {
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
        if (!answer.validEmail || !user) return save({ kind, step: "unknown", email }).then(() => ({ errors: {} }));
        const registered = user.userId > 0;
        if (kind === "create" && registered) return redirect("/login");
        if (kind === "forgot" && !registered) return { errors: {}, alert: accessMessages.noPassword, createFor: email };
        const channels = await channelsFor(platform, user);
        await save({
          kind,
          step: "method",
          email,
          customerId: user.customerId,
          channels: channels.map(({ destination: _d, ...c }) => c),
          resends: 0,
        });
        // Destinations stay server-side, re-read at send time.
        return { errors: {} };
      }
      case "method":
      case "resend": {
        const checked =
          values.intent === "method"
            ? await validateStep(methodSchema, values)
            : { ok: true as const, output: { channel: flow.channelId ?? "" } };
        if (!checked.ok) return { errors: { channel: accessMessages.method } };
        if (!flow.email || !flow.customerId) return save({ kind, step: "email" }).then(() => ({ errors: {} }));
        const limited = await accessLimitRefusal(context, request, "passcodeSendPerIp", {
          policy: "passcodeSendPerEmail",
          email: flow.email,
        });
        if (limited) return { errors: {}, alert: limited };
        const answer = await platform.call(catalogue.auth.ValidateEmail, { emailAddress: flow.email, remoteIP: ip });
        const user = answer.users.find((u) => u.customerId === flow.customerId);
        if (!user) return save({ kind, step: "unknown", email: flow.email }).then(() => ({ errors: {} }));
        const channel = (await channelsFor(platform, user)).find((c) => c.id === checked.output.channel);
        if (!channel) return { errors: { channel: accessMessages.method } };
        const target = { CustId: flow.customerId, ewSID: IDENTITY_KEY(kind, flow.customerId), purpose: kind };
        const sent =
          channel.kind === "Text"
            ? await platform.call(catalogue.communications.SendSmsOtp, { phoneNumber: channel.destination, ...target })
            : channel.kind === "Call"
              ? await platform.call(catalogue.communications.PinDelivery, {
                  phoneNumber: channel.destination,
                  ...target,
                })
              : await platform.call(catalogue.communications.SendEmailOtp, { email: flow.email, ...target });
        const notice =
          sent.statusCode === "5"
            ? flowMessages.resendLimit
            : values.intent === "resend"
              ? accessMessages.resent.replace("{phone}", formatPhone(phones.customerService))
              : null;
        // At the resend limit nothing was sent: the page keeps naming where the last code went, not this channel.
        await save({
          ...flow,
          step: "code",
          channelId: sent.statusCode === "5" ? flow.channelId : channel.id,
          notice: notice ?? undefined,
        });
        return { errors: {} };
      }
      case "code": {
        const code = values.code ?? [1, 2, 3, 4, 5, 6].map((i) => values[`d${i}`] ?? "").join("");
        const checked = await validateStep(codeSchema, { code });
        if (!checked.ok || !flow.customerId) return { errors: {}, alert: flowMessages.invalidCode };
        const limited = await accessLimitRefusal(context, request, "passcodeCheckPerIp");
        if (limited) return { errors: {}, alert: limited };
        const result = await platform.call(catalogue.communications.VerifySmsOtp, {
          pin: checked.output.code,
          ewSID: IDENTITY_KEY(kind, flow.customerId),
        });
        const ok = result.statusCode === "0";
        // Each attempt is logged (process 1, 'Success attempt' / 'Failed attempt'). The code is spent
        // by now, so a log that fails must not cost the person an accepted code: the log is best effort.
        await platform
          .call(catalogue.auth.LoginAttempts, {
            Note: ok ? "Success attempt" : "Failed attempt",
            ProcessId: "1",
            Success: ok,
            CustomerId: flow.customerId,
          })
          .catch((error: unknown) => {
            if (!(error instanceof PlatformError)) throw error;
          });
        if (ok) return save({ ...flow, step: "thanks", notice: undefined }).then(() => ({ errors: {} }));
        const message =
          { "1": flowMessages.invalidCode, "2": flowMessages.expiredCode, "3": flowMessages.lockedCode }[
            result.statusCode
          ] ?? flowMessages.usedCode;
        if (result.statusCode === "3") await save({ ...flow, notice: flowMessages.lockedCode });
        return { errors: {}, alert: message };
      }
      case "continue": {
        if (flow.step !== "thanks") return { errors: {} };
        return save({ ...flow, step: "form" }).then(() => ({ errors: {} }));
      }
      case "save": {
        if (flow.step !== "form" || !flow.email) return { errors: {} };
        // After verify identity the form asks only for the password: the matched details are the flow's.
        const checked = flow.identity
          ? await validateStep(resetSchema, values).then((r) =>
              r.ok ? { ...r, output: { ...r.output, ...flow.identity! } } : r,
            )
          : await validateStep(identityFormSchema(easternToday()), values);
        if (!checked.ok) return { errors: (await checked.failure).data.errors, alert: accessMessages.incomplete };
        const common = commonPasswordAnswer(checked.output.password);
        if (common) return common;
        const { env } = context.get(edgeContext);
        // Five wrong identities lock the form (spec file 2, section 4): said before any other limit speaks.
        if (!(await peekRateLimit(env, "identityFailPerEmail", flow.email.toLowerCase())).allowed)
          return { errors: {}, alert: flowMessages.identityLocked };
        const limited = await accessLimitRefusal(context, request, "passwordResetPerIp", {
          policy: "passwordResetPerEmail",
          email: flow.email,
        });
        if (limited) return { errors: {}, alert: limited };
        const o = checked.output;
        const answer =
          kind === "create"
            ? await platform.call(catalogue.auth.Register, {
                email: flow.email,
                password: o.password,
                confirmPassword: o.confirmPassword,
                custSSN: o.last4,
                dob: o.birthdate,
              })
            : await platform.call(catalogue.auth.ChangePassword, {
                email: flow.email,
                last4SSN: o.last4,
                dateOfBirth: o.birthdate,
                password: o.password,
                confirmPassword: o.confirmPassword,
              });
        const done = "registered" in answer ? answer.registered : answer.updated;
        if (!done && answer.reason === "identity") {
          const count = await rateLimit(env, "identityFailPerEmail", flow.email.toLowerCase());
          return {
            errors: {},
            alert: count.allowed && count.remaining > 0 ? flowMessages.identity : flowMessages.identityLocked,
          };
        }
        if (!done)
          return {
            errors: {},
            alert: answer.reason === "already_registered" ? flowMessages.alreadyRegistered : flowMessages.creationError,
          };
        // A forgotten password changed: every other session of the borrower ends (the platform ended their other tokens).
        if (kind === "forgot" && flow.customerId)
          await endCustomerSessions(context.get(edgeContext).env.DB, flow.customerId, session);
        await save({ kind, step: "done", email: flow.email });
        return { errors: {} };
      }
      default:
        return redirect(request.url);
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const passwordProblem = error.fields.password;
    if (passwordProblem) return { errors: { password: passwordProblem }, alert: passwordProblem };
    return { errors: {}, alert: failureMessage(error, values.intent, kind), keepCode: true };
  }
}
