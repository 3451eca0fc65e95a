import * as v from "valibot";
import { defineCall, Status, withToken } from "./define";

export const CreateMerchantToken = defineCall({
  method: "POST",
  path: "Token/CreateMerchantToken",
  auth: "none",
  payloadIn: "query",
  payload: v.object({ merchantId: v.pipe(v.string(), v.minLength(1, "merchantId is required.")) }),
  answer: withToken({ token: v.object({ writtenToken: v.string() }) }),
});

/**
 * Keeps the caller's token valid for its full lifetime from now (a token
 * due for rotation is rotated instead: tokenToUse). The site calls it
 * whenever its session's idle window slides, so a session and its token
 * live and die together (decision record 014). 401 for a token the
 * platform no longer accepts.
 */
export const ExtendToken = defineCall({
  method: "POST",
  path: "Token/ExtendToken",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({}),
  answer: Status,
});
