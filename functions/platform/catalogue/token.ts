import * as v from "valibot";
import { defineCall, withToken } from "./define";

export const CreateMerchantToken = defineCall({
  method: "POST",
  path: "Token/CreateMerchantToken",
  auth: "none",
  payloadIn: "query",
  payload: v.object({ merchantId: v.pipe(v.string(), v.minLength(1, "merchantId is required.")) }),
  answer: withToken({ token: v.object({ writtenToken: v.string() }) }),
});
