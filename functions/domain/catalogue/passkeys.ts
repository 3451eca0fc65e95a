import * as v from "valibot";
import { defineCall, Status, Text, withToken } from "./define";

/**
 * Passkeys (WebAuthn). The platform keeps the credentials and challenges and
 * verifies every ceremony; the product passes the relying party of its
 * environment (id and origin) and the browser's JSON responses through.
 */
const RelyingParty = { rpID: v.pipe(v.string(), v.minLength(1)), expectedOrigin: v.array(v.pipe(v.string(), v.url())) };
const CeremonyJson = v.record(v.string(), v.unknown());
const Options = withToken({ challengeId: v.string(), options: CeremonyJson });

export const PasskeyRegistrationOptions = defineCall({
  method: "POST",
  path: "Auth/PasskeyRegistrationOptions",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ rpID: RelyingParty.rpID, rpName: Text(60) }),
  answer: Options,
});

export const PasskeyRegister = defineCall({
  method: "POST",
  path: "Auth/PasskeyRegister",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({
    ...RelyingParty,
    challengeId: v.string(),
    response: CeremonyJson,
    name: v.pipe(Text(40), v.minLength(1, "Please name your passkey.")),
  }),
  answer: Status,
});

export const PasskeyList = defineCall({
  method: "POST",
  path: "Auth/PasskeyList",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({}),
  answer: withToken({
    passkeys: v.array(
      v.object({ id: v.string(), name: v.string(), createdAt: v.number(), lastUsedAt: v.nullable(v.number()) }),
    ),
  }),
});

export const PasskeyRename = defineCall({
  method: "POST",
  path: "Auth/PasskeyRename",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ id: v.string(), name: v.pipe(Text(40), v.minLength(1, "Please name your passkey.")) }),
  answer: Status,
});

export const PasskeyRemove = defineCall({
  method: "POST",
  path: "Auth/PasskeyRemove",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ id: v.string() }),
  answer: Status,
});

export const PasskeyLoginOptions = defineCall({
  method: "POST",
  path: "Auth/PasskeyLoginOptions",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ rpID: RelyingParty.rpID }),
  answer: Options,
});

/** A verified passkey signs the customer in: the same answer as Auth/Login. */
export const PasskeyLogin = defineCall({
  method: "POST",
  path: "Auth/PasskeyLogin",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ ...RelyingParty, challengeId: v.string(), response: CeremonyJson }),
  answer: withToken({
    verified: v.boolean(),
    custId: v.string(),
    firstName: v.string(),
    loanStatus: v.string(),
    hasValidEsignatures: v.boolean(),
  }),
});
