import { catalogue, PlatformError, platformClient } from "#platform";
import type { Env } from "../env";
import type { AdoptedEarlyCall } from "./early-call";
import { type SessionTokens, sessionTokenHolder } from "./platform-token";
import { endSession, findSession, type Session, type SessionEnd, saveSession } from "./session";

/** The request's session as pages and API handlers see it, with the platform token holder of the request. */
export interface RequestSession {
  session: Session | null;
  /** Why the cookie's session just ended (the login page says so). */
  ended: SessionEnd | null;
  /** Every platform call of the request rotates this one; the middleware persists it once answered. */
  tokens: SessionTokens;
  /** The page's first call, started beside the lookup (early-call.ts); taken once by the page that reads it. */
  early?: AdoptedEarlyCall | null;
}

/** Where a session ended by a refused platform token sends the visitor, and what the login page then says. */
export const SESSION_ENDED_PATH = "/login?logout=ended";
export const SESSION_ENDED_NOTICE = "Your session has ended. Please log in again.";

/**
 * Whether the session's token is a customer's (a signed-in borrower, an
 * approved applicant, a borrower who just e-signed): without it the session
 * can do nothing it exists for, so a refused one ends the session.
 */
function holdsCustomerToken(session: Session): boolean {
  return Boolean(
    session.data.customerId || session.data.application?.decision?.status === "A" || session.data.esignDone,
  );
}

async function keepTokenAlive(
  env: Env,
  tokens: SessionTokens,
  ctx?: ExecutionContext,
): Promise<"kept" | "refused" | "unknown"> {
  try {
    await platformClient(env, tokens, ctx).call(catalogue.token.ExtendToken, {});
    return "kept";
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    // Down or slow: the session stays, and the page's own calls say so (or end it, if those are refused).
    return error.kind === "unauthorized" ? "refused" : "unknown";
  }
}

/**
 * The session behind the request, kept alive with its platform token: when
 * the lookup slides the session's idle window (at most once a minute), the
 * token is extended too (Token/ExtendToken), so both last 30 minutes from
 * the same moment and neither outlives the other (decision record 014). If
 * the platform refuses the token anyway, a customer's session ends (the
 * caller shows the notice); a visitor's dead merchant token is only dropped,
 * the next call making a fresh one.
 */
export async function openRequestSession(env: Env, request: Request, ctx?: ExecutionContext): Promise<RequestSession> {
  const found = await findSession(env, request);
  if (found.status !== "active")
    return { session: null, ended: found.status === "expired" ? found.reason : null, tokens: sessionTokenHolder(null) };
  const { session } = found;
  const tokens = sessionTokenHolder(session);
  if (!found.touched) return { session, ended: null, tokens };
  if (!session.data.platformToken) {
    await found.touch();
    return { session, ended: null, tokens };
  }
  // The slide and the token's extension side by side: neither needs the other (one round trip fewer, once a minute).
  const [, kept] = await Promise.all([found.touch(), keepTokenAlive(env, tokens, ctx)]);
  if (kept !== "refused") return { session, ended: null, tokens };
  if (holdsCustomerToken(session)) {
    await endSession(env, session);
    return { session: null, ended: "token", tokens: sessionTokenHolder(null) };
  }
  const { platformToken: _dead, ...rest } = session.data;
  const withoutToken = await saveSession(env, session, rest);
  return { session: withoutToken, ended: null, tokens: sessionTokenHolder(withoutToken) };
}
