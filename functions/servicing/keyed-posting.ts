import type { Database } from "#db/client";
import type { LineRecords } from "./book";
import { ServicingError } from "./context";
import type { customerById } from "./customers";
import { answerWrite, existingClaim, recordAnswer, releaseKey } from "./idempotency";
import { type PostingRequest, type PostingResult, postTransaction } from "./posting";

export interface KeyedPosting {
  customerId: string;
  key: string;
  requestHash: string;
  /** Whether this request's claim of the key inserted its row (false: someone claimed it first). */
  claimed: boolean;
  payload: PostingRequest;
  now: Date;
  /** The customer and their line's records, read with the claim. */
  customer: Awaited<ReturnType<typeof customerById>> | undefined;
  records: LineRecords | null;
}

/**
 * A draw or a payment in the shared database once its Idempotency-Key was claimed (in the call's
 * first batch, with the token): the first answer again for a repeat, or the posting with its answer
 * recorded in the posting's own batch, never one without the other. A line's object needs no claim
 * before the posting (objects/line-calls.ts).
 */
export async function postWithClaimedKey(d1: D1Database, db: Database, p: KeyedPosting): Promise<PostingResult> {
  const { customerId, key, requestHash } = p;
  if (!p.claimed) {
    // Someone claimed the key first: their answer again (or a refusal: other parameters, still running).
    const replay = await existingClaim(db, customerId, key, requestHash);
    if (replay.status === 200) return replay.body as PostingResult;
    const refusal = replay.body as { error: string; fields?: Record<string, string> };
    throw new ServicingError(replay.status as 422, refusal.error, refusal.fields);
  }
  let posted = false;
  try {
    if (!p.customer) throw new ServicingError(404, "No such customer.");
    if (!p.records) throw new ServicingError(404, "This customer has no line of credit.");
    const result = await postTransaction(d1, db, customerId, p.payload, p.now, {
      read: { customer: p.customer, records: p.records },
      answered: (answer) => answerWrite(customerId, key, 200, answer),
    });
    posted = true;
    return result;
  } catch (error) {
    // Once posted, the key keeps its answer: never freed to post twice.
    if (posted) throw error;
    // Refusals are answers too (the same key gets the same refusal); crashes free the key.
    if (error instanceof ServicingError && error.status === 422)
      await recordAnswer(db, customerId, key, 422, { error: error.message, fields: error.fields });
    else await releaseKey(db, customerId, key);
    throw error;
  }
}
