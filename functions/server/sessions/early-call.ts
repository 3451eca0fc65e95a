import type { Answer, CallDef } from "#domain/catalogue/define";
import { memoryTokenHolder, platformClient } from "#platform";
import type { Env } from "../env";
import type { SessionTokens } from "./platform-token";
import { rememberedToken } from "./remembered-tokens";
import type { Session } from "./session";

/**
 * A page's first platform call started beside the session's lookup instead
 * of after it (decision record 032, "`/account` at a distance"): a portal
 * page's account summary would otherwise wait for the session row to learn
 * its token. The isolate remembers the token each session last answered
 * with; a request whose cookie it remembers starts the call with that token
 * at once. The answer counts only if the session turns out active and still
 * holds that very token. Otherwise it is dropped and the page calls as
 * before: a session ended, or a token another tab or isolate rotated, never
 * serves a page.
 */

/** What a page's middleware may start early: a call without a payload, for the paths that open with it. */
export type EarlyCallFor = (request: Request) => CallDef | null;

/** A call started early, its answer (or refusal) settled or not, and the token it started with. */
export interface EarlyCall {
  def: CallDef;
  sessionId: string;
  startToken: string;
  answer: Promise<unknown>;
  /** The token the call answered with (rotated, or the one it started with). */
  endToken(): string | null;
}

/** Starts the page's first call with the token this isolate remembers for the cookie's session, if any. */
export function startEarlyCall(
  env: Env,
  request: Request,
  ctx: ExecutionContext,
  callFor: EarlyCallFor,
): EarlyCall | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const def = callFor(request);
  const remembered = def && rememberedToken(request);
  if (!def || !remembered) return null;
  const holder = memoryTokenHolder(remembered.token);
  const answer = platformClient(env, holder, ctx).call(def, {});
  // Nobody may read it (the session ended meanwhile): its refusal is no unhandled rejection.
  answer.catch(() => undefined);
  return { def, sessionId: remembered.sessionId, startToken: remembered.token, answer, endToken: holder.get };
}

/**
 * The early call, if it belongs to this session as it is now: the same
 * session, holding the token the call started with. Its rotated token is
 * the session's from then on (the old one winds down in a minute), so it is
 * handed to the request's holder once the call settles, whoever reads it.
 */
export function adoptEarlyCall(early: EarlyCall | null, session: Session | null, tokens: SessionTokens) {
  if (!early || session?.id !== early.sessionId || session.data.platformToken !== early.startToken) return null;
  const settled = early.answer.then(
    () => undefined,
    () => undefined,
  );
  const handOver = settled.then(() => {
    const end = early.endToken();
    if (end && end !== early.startToken) tokens.set(end);
  });
  return { ...early, handOver };
}

export type AdoptedEarlyCall = NonNullable<ReturnType<typeof adoptEarlyCall>>;

/** The adopted early call's answer for this call, once: a second reader of the request calls afresh. */
export function takeEarlyAnswer<D extends CallDef>(
  holder: { early?: AdoptedEarlyCall | null },
  def: D,
): Promise<Answer<D>> | null {
  const early = holder.early;
  if (!early || early.def !== def) return null;
  holder.early = null;
  return early.handOver.then(() => early.answer as Promise<Answer<D>>);
}
