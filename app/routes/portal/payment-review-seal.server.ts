import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { edgeContext } from "#server/http/request-context";
import { seal, unseal } from "#server/sessions/seal";
import { borrowerSession } from "./portal.server";

type Context = Readonly<RouterContextProvider>;

/**
 * What a payment's review showed and what it was judged against (decision
 * record 020), sealed into the review form: the key, the line, the summary's
 * state tag and whether the authorization tick was required. While the tag
 * still holds at the platform, the review's verdict still holds, so SUBMIT
 * PAYMENT posts without reading the summary again. Sealed (AES-GCM, the
 * site's own key, bound to the customer), so a form edited in the browser
 * cannot drop the tick's requirement or point at a tag of its own.
 */
const SealedReview = v.object({
  key: v.string(),
  applNo: v.number(),
  stateTag: v.pipe(v.string(), v.minLength(1)),
  needsAuthorization: v.boolean(),
  option: v.string(),
  amountCents: v.number(),
  date: v.string(),
});
export type SealedReview = v.InferOutput<typeof SealedReview>;

const aad = (context: Context) => `payment-review:${borrowerSession(context).data.customerId}`;

/** The review's seal; none when the platform keeps no state tag (then SUBMIT reads the summary, as before). */
export async function sealReview(context: Context, review: SealedReview): Promise<string | undefined> {
  if (!review.stateTag) return undefined;
  return seal(context.get(edgeContext).env, "payment-review", JSON.stringify(review), aad(context));
}

/** The review a form carries, or null when it carries none this site sealed for this borrower. */
export async function openReview(context: Context, sealed: string): Promise<SealedReview | null> {
  if (!sealed) return null;
  try {
    const opened = v.safeParse(
      SealedReview,
      JSON.parse(await unseal(context.get(edgeContext).env, "payment-review", sealed, aad(context))),
    );
    return opened.success ? opened.output : null;
  } catch {
    return null;
  }
}
