import * as v from "valibot";
import { emailAddress } from "../rules/email";

/**
 * One entry of the platform's call catalogue (section 7 of the spec files):
 * its method and path, who may call it, where the payload travels, and the
 * valibot schemas of the payload and of the answer. The client parses every
 * answer with `answer`; the embedded platform validates every payload with
 * `payload`. One definition serves both, so they cannot drift apart.
 */
export interface CallDef<P extends v.GenericSchema = v.GenericSchema, A extends v.GenericSchema = v.GenericSchema> {
  method: "GET" | "POST";
  path: string;
  /** none: public; merchant: any valid token; customer: a signed-in customer's token. */
  auth: "none" | "merchant" | "customer";
  payloadIn: "body" | "query";
  payload: P;
  answer: A;
  /** Moves money: the caller must send an Idempotency-Key. */
  idempotent?: boolean;
}

export function defineCall<P extends v.GenericSchema, A extends v.GenericSchema>(def: CallDef<P, A>): CallDef<P, A> {
  return def;
}

/** Every answer may carry the token that replaces the caller's stored one. */
export const withToken = <T extends v.ObjectEntries>(entries: T) =>
  v.object({ ...entries, tokenToUse: v.optional(v.string()) });

export const Cents = v.pipe(
  v.number(),
  v.integer("Amounts are whole cents."),
  v.minValue(0, "Amounts cannot be negative."),
);
export const IsoDate = v.pipe(v.string(), v.isoDate("Dates are YYYY-MM-DD."));
export const Digits = (min: number, max = min) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, "Digits only."),
    v.minLength(min, `At least ${min} digits.`),
    v.maxLength(max, `At most ${max} digits.`),
  );
export const OptionalPhone = v.union([v.literal(""), Digits(10)]);
/** The product's one e-mail rule (functions/domain/rules/email.ts): what the site accepts, the platform accepts. */
export const Email = emailAddress("Enter a valid e-mail address.");
export const Name = v.pipe(v.string(), v.trim(), v.minLength(1, "Required."), v.maxLength(60));
export const Text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
export const Status = withToken({ status: v.boolean() });
export const Empty = v.object({});

export type Payload<D extends CallDef> = v.InferInput<D["payload"]>;
export type Answer<D extends CallDef> = v.InferOutput<D["answer"]>;
