/** The whole call catalogue, by area. */
export * as account from "./account";
export * as applications from "./applications";
export * as auth from "./auth";
export * as communications from "./communications";
export type { Answer, CallDef, Payload } from "./define";
export * as misc from "./misc";
export * as passkeys from "./passkeys";
export * as records from "./records";
export * as token from "./token";
