import { database } from "#db/client";
import type { DeskSearch } from "#domain/desk";
import {
  type AuditQuery,
  type AutopayInput,
  type CorrectionRequest,
  currentTime,
  type Decision,
  type DeskActor,
  deskAddNote,
  deskAuditSearch,
  deskAuthorizeAutopay,
  deskBorrowerFile,
  deskCancelPayment,
  deskChangeLimit,
  deskDecideRequest,
  deskRequestCorrection,
  deskRequestsList,
  deskRevokeAutopay,
  deskSearch,
  deskTakePayment,
  deskUnlockLogin,
  type LimitChangeInput,
  type PhonePayment,
  ServicingError,
} from "#servicing";
import type { Env } from "../env";

/**
 * The servicing desk's one way into the servicing core (decision record 021):
 * the calls the core exposes for the desk, on the core's own clock. Nothing
 * else of the desk imports the core (.dependency-cruiser.cjs).
 */
type CoreEnv = Pick<Env, "DB" | "ENVIRONMENT">;

const now = (env: CoreEnv) => currentTime(env, database(env.DB));

export const deskCore = {
  async audit(env: CoreEnv, query: AuditQuery) {
    return deskAuditSearch(database(env.DB), query);
  },
  async search(env: CoreEnv, search: DeskSearch) {
    return deskSearch(database(env.DB), search, await now(env));
  },
  async borrower(env: CoreEnv, customerId: string) {
    return deskBorrowerFile(database(env.DB), customerId, await now(env));
  },
  async addNote(env: CoreEnv, actor: DeskActor, input: { customerId: string; note: string; key: string }) {
    return deskAddNote(env.DB, database(env.DB), actor, input, (await now(env)).getTime());
  },
  async cancelPayment(
    env: CoreEnv,
    actor: DeskActor,
    input: { customerId: string; transactionId: number; reason: string; key: string },
  ) {
    return deskCancelPayment(env.DB, database(env.DB), actor, input, await now(env));
  },
  async unlockLogin(env: CoreEnv, actor: DeskActor, input: { customerId: string; reason: string; key: string }) {
    return deskUnlockLogin(env.DB, database(env.DB), actor, input, (await now(env)).getTime());
  },
  async takePayment(env: CoreEnv, actor: DeskActor, input: PhonePayment) {
    return deskTakePayment(env.DB, database(env.DB), actor, input, await now(env));
  },
  async revokeAutopay(env: CoreEnv, actor: DeskActor, input: AutopayInput) {
    return deskRevokeAutopay(env.DB, database(env.DB), actor, input, await now(env));
  },
  async authorizeAutopay(env: CoreEnv, actor: DeskActor, input: AutopayInput) {
    return deskAuthorizeAutopay(env.DB, database(env.DB), actor, input, await now(env));
  },
  async changeLimit(env: CoreEnv, actor: DeskActor, input: LimitChangeInput) {
    return deskChangeLimit(env.DB, database(env.DB), actor, input, await now(env));
  },
  async requestCorrection(env: CoreEnv, actor: DeskActor, input: CorrectionRequest) {
    return deskRequestCorrection(env.DB, database(env.DB), actor, input, await now(env));
  },
  async decideRequest(env: CoreEnv, actor: DeskActor, input: Decision) {
    return deskDecideRequest(env.DB, database(env.DB), actor, input, await now(env));
  },
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

export type { DeskAuditResult, DeskBorrowerFile, DeskRequestRow, DeskSearchResult } from "#servicing";
