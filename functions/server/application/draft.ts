import { STEPS, type Step } from "#domain/application/steps";
import { type SealEnv, seal, unseal } from "../sessions/seal";

export { STEP_LABELS, STEPS, type Step } from "#domain/application/steps";

/**
 * The application in progress, kept in the server-side session record (so a
 * reload or the back button never loses it). The session store seals the
 * whole draft at rest; SSN, routing and account numbers are sealed once more
 * inside it, so they stay sealed wherever the draft object travels in the
 * site. Both with the site's own key (SESSION_SEAL_KEY), never the servicing
 * core's (decision record 014).
 */
export interface Decision {
  status: string;
  limitCents: number;
  applicationId: number | null;
  transactionId: string | null;
}

export interface ApplicationDraft {
  done: Partial<Record<Step, boolean>>;
  /** What the applicant typed, by step (plain fields only). */
  values: Partial<Record<Step, Record<string, string>>>;
  /** Sealed JSON of { ssn, routing, account } (each only once entered). */
  sealed?: string;
  /** pdLoanRcvdFrom: campaign or lead source, kept across resets. */
  leadSource: string;
  /**
   * Made with the draft: every submission of this application (a double
   * click, a refresh, a second tab) carries the same id, and the platform
   * answers repeats with the first decision.
   */
  extTransactionId: string;
  decision?: Decision;
}

export interface SealedFields {
  ssn?: string;
  routing?: string;
  account?: string;
}

export function emptyDraft(leadSource = ""): ApplicationDraft {
  return { done: {}, values: {}, leadSource, extTransactionId: crypto.randomUUID() };
}

/** Bound to the draft's own ExtTransactionID: sealed numbers copied into another draft do not open. */
const fieldsContext = (draft: ApplicationDraft) => `draft:${draft.extTransactionId}`;

export async function sealFields(
  env: SealEnv,
  draft: ApplicationDraft,
  fields: SealedFields,
): Promise<ApplicationDraft> {
  const current = await unsealFields(env, draft);
  return {
    ...draft,
    sealed: await seal(env, "draft-fields", JSON.stringify({ ...current, ...fields }), fieldsContext(draft)),
  };
}

export async function unsealFields(env: SealEnv, draft: ApplicationDraft): Promise<SealedFields> {
  if (!draft.sealed) return {};
  return JSON.parse(await unseal(env, "draft-fields", draft.sealed, fieldsContext(draft))) as SealedFields;
}

/** The first step that is not complete, or null when all are. */
export function firstIncomplete(draft: ApplicationDraft): Step | null {
  return STEPS.find((step) => !draft.done[step]) ?? null;
}

/** Opening a step whose predecessors are not complete sends the person back to the first missing one. */
export function redirectFor(draft: ApplicationDraft, step: Step): Step | null {
  const index = STEPS.indexOf(step);
  const missing = STEPS.slice(0, index).find((s) => !draft.done[s]);
  return missing ?? null;
}

/** Going back through the step bar clears that step's flag and all later ones; values stay. */
export function goBackTo(draft: ApplicationDraft, step: Step): ApplicationDraft {
  const index = STEPS.indexOf(step);
  const done = { ...draft.done };
  for (const later of STEPS.slice(index)) delete done[later];
  return { ...draft, done };
}

export function completeStep(draft: ApplicationDraft, step: Step, values: Record<string, string>): ApplicationDraft {
  return { ...draft, done: { ...draft.done, [step]: true }, values: { ...draft.values, [step]: values } };
}

export function nextStep(step: Step): Step | null {
  return STEPS[STEPS.indexOf(step) + 1] ?? null;
}

/** The marketing campaign code from utm_campaign, prefixed GOOG- (spec file 1, section 3). */
export function leadSourceFrom(url: URL, current: string): string {
  const campaign = url.searchParams.get("utm_campaign")?.trim();
  if (campaign) return `GOOG-${campaign.replace(/[^\w-]/g, "").slice(0, 30)}`;
  const source = url.searchParams.get("source")?.trim();
  return source ? source.replace(/[^\w-]/g, "").slice(0, 40) : current;
}
