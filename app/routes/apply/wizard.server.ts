import { data, type RouterContextProvider, redirect } from "react-router";
import * as v from "valibot";
import { fieldErrors } from "#domain/application/fields";
import { REOPENED, RESTARTED } from "#domain/application/steps";
import {
  type ApplicationDraft,
  completeStep,
  emptyDraft,
  goBackTo,
  leadSourceFrom,
  nextStep,
  redirectFor,
  type Step,
  unsealFields,
} from "#server/application/draft";
import { clientInfo } from "#server/http/client-info";
import { rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { type Session, saveSession, startSession } from "#server/sessions/session";
import { pagePlatform } from "../../lib/platform.server";

type Context = Readonly<RouterContextProvider>;

function draftOf(session: Session, url: URL): ApplicationDraft {
  const draft = session.data.application ?? emptyDraft();
  return { ...draft, leadSource: leadSourceFrom(url, draft.leadSource) };
}

/**
 * The visitor's draft for a page: from the session, or a new empty one. A
 * page view keeps nothing, so it starts no session: the first step's post
 * does, once there is something to keep (issue 14, item 6).
 */
export function readDraft(context: Context, request: Request): { session: Session | null; draft: ApplicationDraft } {
  const { session } = context.get(sessionContext);
  const url = new URL(request.url);
  if (session) return { session, draft: draftOf(session, url) };
  return { session: null, draft: emptyDraft(leadSourceFrom(url, "")) };
}

/**
 * An action's draft, only from the visitor's session. A post without one
 * (the session ended, or the client never went through the first step)
 * goes back to the step's page, which sends the visitor to the first step.
 */
export function actionDraft(
  context: Context,
  request: Request,
  step: Step,
): { session: Session; draft: ApplicationDraft } {
  const found = sessionDraft(context, request, step);
  refuseStalePost(found.draft, step);
  return found;
}

/** The session's draft without the stale-post check (the banking step counts its decision limit first). */
export function sessionDraft(
  context: Context,
  request: Request,
  step: Step,
): { session: Session; draft: ApplicationDraft } {
  const { session } = context.get(sessionContext);
  if (!session) throw redirect(`/apply/${step}`);
  return { session, draft: draftOf(session, new URL(request.url)) };
}

/** Where a decided application's pages lead: the approval, or the review of a refusal. */
export const decisionPage = (decision: NonNullable<ApplicationDraft["decision"]>) =>
  decision.status === "A" ? "/apply/approved" : "/apply/review";

/**
 * A step posted from a page another tab has overtaken: the application was
 * decided meanwhile (it is never changed after), or an earlier step was
 * reopened from the step bar (the decision must wait for it). Either way the
 * post goes where the application now is, not past it.
 */
export function refuseStalePost(draft: ApplicationDraft, step: Step) {
  // No answer kept at all: the application this page belonged to was replaced by a new one, not reopened.
  const replaced = Object.keys(draft.values).length === 0;
  sendWhereTheApplicationIs(draft, step, `?${replaced ? RESTARTED : REOPENED}`);
}

/** An application under way: answers kept and no decision yet (Apply Now asks before it clears them). */
export const inProgress = (draft: ApplicationDraft) => !draft.decision && Object.keys(draft.values).length > 0;

/** A decided application to its decision; one with an earlier step not done to that step (`notice`: why, for a post). */
function sendWhereTheApplicationIs(draft: ApplicationDraft, step: Step, notice = "") {
  if (draft.decision) throw redirect(decisionPage(draft.decision));
  const missing = redirectFor(draft, step);
  if (missing) throw redirect(`/apply/${missing}${notice}`);
}

/**
 * Saves the draft (and the rotated platform token, when a call returned one)
 * in one write; without a session yet, starts one holding it and answers its
 * cookie.
 */
export async function storeDraft(
  context: Context,
  session: Session | null,
  draft: ApplicationDraft,
  platformToken?: string | null,
): Promise<{ session: Session; setCookie?: string }> {
  const { env } = context.get(edgeContext);
  if (!session) return startSession(env, { application: draft, ...(platformToken ? { platformToken } : {}) });
  return {
    session: await saveSession(env, session, {
      ...session.data,
      application: draft,
      platformToken: platformToken ?? session.data.platformToken,
    }),
  };
}

/**
 * An approval is a privilege change: the session now opens the applicant's
 * data, e-sign and the line, with the applicant's platform token. So it gets
 * a new id (as every sign-in and a partner's link do), and the id the
 * browser held before, perhaps planted, opens nothing. It holds this
 * applicant and nothing else: an earlier applicant's e-sign answers or
 * withdrawal, or a borrower signed in on the same browser, are someone else's.
 */
export async function approveDraft(
  context: Context,
  session: Session,
  draft: ApplicationDraft,
  platformToken: string | null,
): Promise<string> {
  const { env } = context.get(edgeContext);
  const data = { application: draft, platformToken: platformToken ?? session.data.platformToken };
  return (await startSession(env, data, { replacing: session })).setCookie;
}

/** The platform client for this request, its token kept in the session record. */
export function platformFor(context: Context, session: Session | null) {
  return pagePlatform(context, session);
}

/** Counts one attempt against a per-IP policy; a refusal is a step-level message. */
export async function withinLimit(
  context: Context,
  request: Request,
  policy: "ssnCheckPerIp" | "decisionPerIp",
): Promise<boolean> {
  const { env } = context.get(edgeContext);
  return (await rateLimit(env, policy, clientInfo(request).ip)).allowed;
}

export const TOO_MANY_ATTEMPTS =
  "We've received too many attempts from your connection. Please wait an hour and try again, or call us.";

/**
 * A step's loader: sends the person to the first incomplete earlier step, or
 * answers the step's saved values (sensitive numbers only on their own step).
 */
export async function loadStep(
  context: Context,
  request: Request,
  step: Step,
  sealedOnThisStep: Array<"ssn" | "routing" | "account"> = [],
) {
  const { env } = context.get(edgeContext);
  const { session, draft } = readDraft(context, request);
  sendWhereTheApplicationIs(draft, step);
  const sealed = sealedOnThisStep.length ? await unsealFields(env, draft) : {};
  const values: Record<string, string> = { ...(draft.values[step] ?? {}) };
  for (const field of sealedOnThisStep)
    if (sealed[field]) values[field] = field === "ssn" ? maskSsn(sealed[field]!) : sealed[field]!;
  if (session && draft.leadSource !== session.data.application?.leadSource) await storeDraft(context, session, draft);
  return { values, done: draft.done };
}

const maskSsn = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;

/** Form fields as strings (what the schemas take). */
export async function formValues(request: Request): Promise<Record<string, string>> {
  const form = await request.formData();
  return Object.fromEntries([...form].map(([k, value]) => [k, String(value)]));
}

export type StepFailure = { errors: Record<string, string>; values: Record<string, string>; alert?: string };

/**
 * A step's action: re-validate everything with the step's schema (the server
 * is the authority), answer 400 with the messages, or hand the parsed output on.
 */
export async function validateStep<S extends v.GenericSchema>(schema: S, values: Record<string, string>) {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true as const, output: result.output as v.InferOutput<S> };
  // The typed values come back to the same step's form only (never another page).
  return {
    ok: false as const,
    failure: data<StepFailure>({ errors: fieldErrors(result.issues), values }, { status: 400 }),
  };
}

/** Marks the step complete with its plain values and moves to the next step (the first step's post starts the session). */
export async function finishStep(
  context: Context,
  session: Session | null,
  draft: ApplicationDraft,
  step: Step,
  plainValues: Record<string, string>,
  platformToken?: string | null,
) {
  const { setCookie } = await storeDraft(context, session, completeStep(draft, step, plainValues), platformToken);
  const next = nextStep(step);
  return redirect(
    next ? `/apply/${next}` : "/apply/approved",
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export async function backTo(context: Context, session: Session, draft: ApplicationDraft, step: Step) {
  await storeDraft(context, session, goBackTo(draft, step));
  return redirect(`/apply/${step}`);
}

export { easternToday } from "../../lib/today";
