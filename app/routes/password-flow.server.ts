import { data, type RouterContextProvider, redirect } from "react-router";
import type { AccessFlow } from "#domain/access-flow";
import { PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { type Session, saveSession, startSession } from "#server/sessions/session";
import { pagePlatform } from "../lib/platform.server";
import { formValues } from "./apply/wizard.server";
import {
  checkCodeStep,
  continueStep,
  emailStep,
  type FlowAnswer,
  type FlowView,
  flowMessages,
  type StepRun,
  savePasswordStep,
  sendCodeStep,
} from "./password-flow-steps.server";

export { channelsFor, type FlowAnswer, type FlowView, flowMessages } from "./password-flow-steps.server";

type Context = Readonly<RouterContextProvider>;
type Kind = AccessFlow["kind"];

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

/** The flow's notice when it is a stop (the resend limit, the wrong-code lock): no more codes come. */
function stopOf(flow: AccessFlow): FlowView["stop"] {
  if (flow.notice === flowMessages.lockedCode) return "locked";
  return flow.notice === flowMessages.resendLimit ? "resends" : null;
}

function view(flow: AccessFlow): FlowView {
  return {
    step: flow.step,
    email: flow.email ?? "",
    channels: flow.channels ?? [],
    channelId: flow.channelId ?? null,
    notice: flow.notice ?? null,
    resendDisabled: stopOf(flow) !== null,
    stop: stopOf(flow),
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
export const FINAL_STEPS: ReadonlySet<AccessFlow["step"]> = new Set(["unknown", "done"]);

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
export type Started = { setCookie?: string; flow?: AccessFlow };

/**
 * Each intent a flow's page posts, and the step that answers it
 * (./password-flow-steps.server.ts). A Map, not an object: a posted intent
 * such as "toString" must find no step, not one of Object's methods.
 */
const STEP_FOR_INTENT = new Map<string, (run: StepRun) => Promise<Response | FlowAnswer>>([
  ["email", emailStep],
  ["method", sendCodeStep],
  ["resend", sendCodeStep],
  ["code", checkCodeStep],
  ["continue", continueStep],
  ["save", savePasswordStep],
]);

async function flowStep(
  context: Context,
  request: Request,
  kind: Kind,
  values: Record<string, string>,
  session: Session | null,
  started: Started,
): Promise<Response | FlowAnswer> {
  const step = STEP_FOR_INTENT.get(values.intent ?? "");
  if (!step) return redirect(request.url);
  const flow: AccessFlow = session?.data.access?.kind === kind ? session.data.access : { kind, step: "email" };
  const { platform, tokens } = platformFor(context, session);
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
    return await step({ context, request, kind, values, session, flow, platform, ip: clientInfo(request).ip, save });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const passwordProblem = error.fields.password;
    if (passwordProblem) return { errors: { password: passwordProblem }, alert: passwordProblem };
    return { errors: {}, alert: failureMessage(error, values.intent, kind), keepCode: true };
  }
}
