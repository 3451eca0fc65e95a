import { type RouterContextProvider, redirect } from "react-router";
import { catalogue, PlatformError } from "#platform";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { type EarlyCallFor, takeEarlyAnswer } from "#server/sessions/early-call";
import { patchSession, type Session } from "#server/sessions/session";
import { pagePlatform } from "../../lib/platform.server";
import { serviceUnavailable } from "../../lib/service-error";
import { sessionOver } from "../../lib/session-over.server";
import { readSummary } from "./portal-data";

type Context = Readonly<RouterContextProvider>;

/** Spec file 3, section 8: what the portal says when the account summary call fails. */
export const SUMMARY_FAILED = "Get Account Summary Call failed";

/** Portal pages are for signed-in borrowers; guests go to login (saying why, when a session just timed out). */
export function borrowerSession(context: Context): Session {
  const { session, ended } = context.get(sessionContext);
  if (!session?.data.customerId || !session.data.platformToken)
    throw redirect(ended ? `/login?logout=${ended}` : "/login");
  return session;
}

/**
 * A portal page that shows no platform figures still checks the session's
 * token is alive (Token/ExtendToken, which also keeps it so): a refused one
 * ends the session like any portal page's call would; a platform that is
 * down lets the page show.
 */
export async function livingBorrowerSession(context: Context): Promise<Session> {
  const session = borrowerSession(context);
  try {
    await pagePlatform(context, session).platform.call(catalogue.token.ExtendToken, {});
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind === "unauthorized") throw await sessionOver(context);
  }
  return session;
}

/**
 * The portal's platform client: the request's token, which the session
 * middleware writes back once the request is answered, refused calls
 * included. `persist()` writes it at once (before a redirect, say).
 */
export function portalPlatform(context: Context, session: Session) {
  const { platform, persist } = pagePlatform(context, session);
  return { platform, persist };
}

/**
 * The account summary, once per request, and the redirect its state demands
 * (spec file 3, section 4; the derivation is `readSummary`): finish e-sign,
 * esign-contact, the finalize-credit interrupter or the closed-account one.
 * The interrupter pages themselves pass `allowInterrupters`.
 */
export async function portalSummary(context: Context, { allowInterrupters = false } = {}) {
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  try {
    const early = takeEarlyAnswer(context.get(sessionContext), catalogue.account.GetSummary);
    const summary = await (early ?? platform.call(catalogue.account.GetSummary, {}));
    await persist();
    const { gate } = readSummary(summary.accountHeader);
    if (!allowInterrupters && gate.to) throw redirect(gate.to);
    return summary;
  } catch (error) {
    // An expired or refused platform token means the session is over (ended, or the login page would send the borrower back here).
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
    // Down, timed out, refused or garbled: no portal page can show without the summary, so the spec's text instead of a generic error.
    if (error instanceof PlatformError) throw serviceUnavailable(SUMMARY_FAILED);
    throw error;
  }
}

/** The portal pages that open with the account summary (app/routes.ts), with or without single fetch's `.data`. */
const SUMMARY_PAGES =
  /^\/(account|transactions|documents|draw|payments|preferences|accountclosed|accountcredit)(\.data)?$/;

/**
 * The root middleware starts these pages' summary beside the session's
 * lookup (functions/server/sessions/early-call.ts): the page then waits for
 * one round trip, not two. Only reads start early (GET), so an action's
 * posting is never shown from before it.
 */
export const summaryFirst: EarlyCallFor = (request) =>
  SUMMARY_PAGES.test(new URL(request.url).pathname) ? catalogue.account.GetSummary : null;

/** The account summary as portal pages read it. */
export type PortalSummary = Awaited<ReturnType<typeof portalSummary>>;

/** Idempotency keys a review form may carry (the platform's own rule). */
export const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** How many sent keys a session remembers: far more than reviews open at once in a few tabs. */
const SENT_KEYS_KEPT = 20;

/**
 * Whether this session already sent a draw or payment under this key: then
 * the figures a retry re-checks may already include that very posting
 * (functions/domain/rules/recheck.ts, maybePosted).
 */
export function sentBefore(context: Context, key: string): boolean {
  return borrowerSession(context).data.sentKeys?.includes(key) ?? false;
}

/** Remembers the key, so a retry after a lost answer knows it may have posted. */
async function markSent(context: Context, key: string): Promise<void> {
  const session = borrowerSession(context);
  const kept = (session.data.sentKeys ?? []).filter((k) => k !== key);
  await patchSession(context.get(edgeContext).env, session, { sentKeys: [...kept, key].slice(-SENT_KEYS_KEPT) });
}

/**
 * Sends a posting while the session remembers its key (`markSent`): two
 * stores, neither waiting for the other, so the submit spends no round trip
 * on the mark. The mark is read only by a retry after this posting's answer
 * was lost, and the posting's call outlasts the mark's write (its answer
 * comes after its own reads and writes). A mark that failed is no reason to
 * fail the posting: a retry then re-checks without it, which may show the
 * review again, never posts twice (the key replays the first answer).
 */
export async function sendMarked<T>(context: Context, key: string, send: () => Promise<T>): Promise<T> {
  const marking = markSent(context, key).catch(() => undefined);
  try {
    return await send();
  } finally {
    await marking;
  }
}
