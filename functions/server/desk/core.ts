import { type Database, database } from "#db/client";
import type { DeskSearch } from "#domain/desk";
import {
  type AuditQuery,
  currentTime,
  type DeskActor,
  type DeskLineAction,
  type DeskLineInput,
  type DeskLineResult,
  deskAddNote,
  deskAuditSearch,
  deskBorrowerFile,
  deskDecideRequest,
  deskLineAction,
  deskPasscodeChallenge,
  deskRequestCorrection,
  deskRequestsList,
  deskResendPasscode,
  deskSearch,
  deskSendResetLink,
  deskSignedAgreements,
  deskStatementPdf,
  deskUnlockLogin,
  type PasscodeResendInput,
  ServicingError,
  withLineHomes,
  withOutgoing,
} from "#servicing";
import type { Env } from "../env";
import { siteUrl } from "../http/site-origin";

/**
 * The servicing desk's one way into the servicing core (decision record 021):
 * the calls the core exposes for the desk, on the core's own clock. Nothing
 * else of the desk imports the core (.dependency-cruiser.cjs).
 */
type CoreEnv = Env;

const now = (env: CoreEnv) => currentTime(env, database(env.DB));

/** The core's database for the desk's views: a moved line is read from its own object (decision record 032). */
const reading = (env: CoreEnv) => withLineHomes(database(env.DB), env.LINES);

/** A desk action of the core's (its own database handle, the core's clock), as the desk calls it. */
type CoreAction<I, R> = (d1: D1Database, db: Database, actor: DeskActor, input: I, now: Date) => Promise<R>;

/**
 * A correction's request or decision: the queue is the shared database's, and a moved line is read,
 * and its reversal written, in its own object (decision record 032).
 */
const correcting =
  <I, R>(action: CoreAction<I, R>) =>
  async (env: CoreEnv, actor: DeskActor, input: I): Promise<R> => {
    const { db, at } = await acting(env);
    return action(env.DB, withLineHomes(db, env.LINES), actor, input, at);
  };

/** A desk change to the borrower's line, made where the line's rows live (decision record 032). */
const onLine =
  <A extends DeskLineAction>(action: A) =>
  async (env: CoreEnv, actor: DeskActor, input: DeskLineInput<A>): Promise<DeskLineResult<A>> => {
    const { db, at } = await acting(env);
    return deskLineAction(env, db, action, actor, input, at);
  };

/**
 * The core's database for one desk action, on the core's clock. Its messages
 * (a phone payment's confirmation, a reset link) go through the dispatch
 * queue to the real provider, as the site's do: an unregistered handle would
 * drop them in the outbox.
 */
async function acting(env: CoreEnv): Promise<{ db: Database; at: Date }> {
  const at = await now(env);
  return { db: withOutgoing(database(env.DB), env, () => at.getTime()), at };
}

export const deskCore = {
  async audit(env: CoreEnv, query: AuditQuery) {
    return deskAuditSearch(database(env.DB), query);
  },
  async search(env: CoreEnv, search: DeskSearch) {
    return deskSearch(reading(env), search, await now(env));
  },
  async statementPdf(env: CoreEnv, customerId: string, statementId: string) {
    return deskStatementPdf(reading(env), customerId, statementId, await now(env));
  },
  /** The agreements the borrower signed, each exactly as signed. */
  async agreements(env: CoreEnv, customerId: string) {
    return deskSignedAgreements(reading(env), customerId);
  },
  async borrower(env: CoreEnv, customerId: string) {
    return deskBorrowerFile(reading(env), customerId, await now(env));
  },
  async addNote(env: CoreEnv, actor: DeskActor, input: { customerId: string; note: string; key: string }) {
    const { db, at } = await acting(env);
    return deskAddNote(env.DB, db, actor, input, at.getTime());
  },
  cancelPayment: onLine("cancelPayment"),
  /** The Forgot Password e-mail, to the address on file; its link opens this site's reset page. */
  async sendResetLink(env: CoreEnv, actor: DeskActor, input: { customerId: string; reason: string; key: string }) {
    const base = siteUrl(env, "/reset-password");
    const { db, at } = await acting(env);
    return deskSendResetLink(env.DB, db, actor, input, base, at.getTime());
  },
  async unlockLogin(env: CoreEnv, actor: DeskActor, input: { customerId: string; reason: string; key: string }) {
    const { db, at } = await acting(env);
    return deskUnlockLogin(env.DB, db, actor, input, at.getTime());
  },
  /** The borrower's latest passcode challenge of the last half hour (never its code), or null. */
  async passcode(env: CoreEnv, customerId: string) {
    return deskPasscodeChallenge(database(env.DB), env.PASSCODES, customerId, (await now(env)).getTime());
  },
  async resendPasscode(env: CoreEnv, actor: DeskActor, input: PasscodeResendInput) {
    const { db, at } = await acting(env);
    return deskResendPasscode(env.DB, db, env.PASSCODES, actor, input, at.getTime());
  },
  takePayment: onLine("takePayment"),
  revokeAutopay: onLine("revokeAutopay"),
  authorizeAutopay: onLine("authorizeAutopay"),
  closeLine: onLine("closeLine"),
  cancelClosure: onLine("cancelClosure"),
  reopenLine: onLine("reopenLine"),
  changeLimit: onLine("changeLimit"),
  changePaySchedule: onLine("changePaySchedule"),
  requestCorrection: correcting(deskRequestCorrection),
  decideRequest: correcting(deskDecideRequest),
  /** The supervisors' queue (every pending request), or one customer's requests. */
  async requests(env: CoreEnv, customerId?: string) {
    return deskRequestsList(database(env.DB), customerId);
  },
};

/** A refusal of the core's (403, 404, 409, 422), with its message and the fields it names; anything else is thrown on. */
export function deskRefusal(
  error: unknown,
): { status: number; message: string; fields: Record<string, string> } | null {
  return error instanceof ServicingError
    ? { status: error.status, message: error.message, fields: error.fields }
    : null;
}

export type {
  DeskAuditResult,
  DeskBorrowerFile,
  DeskPasscodeChallenge,
  DeskRequestRow,
  DeskSearchResult,
  DeskSignedAgreement,
  PasscodeChannel,
} from "#servicing";
