import { redirect, type RouterContextProvider } from "react-router";
import { edgeContext, sessionContext } from "../../../functions/http/request-context";
import { catalogue, memoryTokenHolder, platformClient, PlatformError } from "../../../functions/platform/index";
import { patchSession, saveSession, type Session } from "../../../functions/sessions/session";
import { serviceUnavailable } from "../../lib/service-error";
import { sessionOver } from "../../lib/session-over.server";
import { readSummary } from "./portal-data";

type Context = Readonly<RouterContextProvider>;

/** Spec file 3, section 8: what the portal says when the account summary call fails. */
export const SUMMARY_FAILED = "Get Account Summary Call failed";

/** Portal pages are for signed-in borrowers; guests go to login. */
export function borrowerSession(context: Context): Session {
  const { session } = context.get(sessionContext);
  if (!session?.data.customerId || !session.data.platformToken) throw redirect("/login");
  return session;
}

export function portalPlatform(context: Context, session: Session) {
  const { env, ctx } = context.get(edgeContext);
  const tokens = memoryTokenHolder(session.data.platformToken ?? null);
  return {
    platform: platformClient(env, tokens, ctx),
    /** Keeps a rotated platform token in the session record. */
    async persist() {
      const token = tokens.get();
      if (token && token !== session.data.platformToken) await saveSession(env.DB, session, { ...session.data, platformToken: token });
    },
  };
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
    const summary = await platform.call(catalogue.account.GetSummary, {});
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

/** Idempotency keys a review form may carry (the platform's own rule). */
export const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** How many sent keys a session remembers: far more than reviews open at once in a few tabs. */
const SENT_KEYS_KEPT = 20;

/**
 * Whether this session already sent a draw or payment under this key: then
 * the figures a retry re-checks may already include that very posting
 * (functions/rules/recheck.ts, maybePosted).
 */
export function sentBefore(context: Context, key: string): boolean {
  return borrowerSession(context).data.sentKeys?.includes(key) ?? false;
}

/** Remembers the key before the posting is sent, so a retry after a lost answer knows it may have posted. */
export async function markSent(context: Context, key: string): Promise<void> {
  const session = borrowerSession(context);
  const kept = (session.data.sentKeys ?? []).filter((k) => k !== key);
  await patchSession(context.get(edgeContext).env.DB, session, { sentKeys: [...kept, key].slice(-SENT_KEYS_KEPT) });
}
