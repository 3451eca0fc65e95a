import { bytesOfBase64 } from "#domain/tokens";
import type { Env } from "../env";

/**
 * The site's own seal for secrets it keeps in session rows: the platform
 * token, the application draft, a pending inline password (decision record
 * 014). AES-256-GCM with keys derived (HKDF-SHA-256, one label per use) from
 * the `SESSION_SEAL_KEY` secret. It is deliberately not the servicing core's
 * SSN key: the site and the platform keep separate secrets, so either can be
 * rotated, or leak, without the other.
 *
 * A sealed value is `s1.<iv>.<ciphertext>` (base64url), with a fresh random
 * IV each time. The caller names what the value is for (`context`, bound as
 * AES-GCM additional data), so a value copied to another row or field does
 * not open there.
 */

export type SealUse = "session" | "draft-fields" | "esign-password" | "payment-review";
export type SealEnv = Pick<Env, "SESSION_SEAL_KEY">;

const PREFIX = "s1.";
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function derive(secret: string, use: SealUse): Promise<CryptoKey> {
  const master = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(`ridgeline/site/${use}`) },
    master,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The key for one use; derived once per isolate and secret. */
export function sealKey(env: SealEnv, use: SealUse): Promise<CryptoKey> {
  const secret = env.SESSION_SEAL_KEY;
  // A short or missing secret is a deployment mistake: fail loudly rather than seal with something guessable.
  if (typeof secret !== "string" || secret.length < 32)
    throw new Error("SESSION_SEAL_KEY must be set to at least 32 characters");
  const id = `${use}:${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = derive(secret, use);
    keys.set(id, key);
  }
  return key;
}

export function isSealed(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(PREFIX);
}

export async function seal(env: SealEnv, use: SealUse, plain: string, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(context) },
    await sealKey(env, use),
    encoder.encode(plain),
  );
  return `${PREFIX}${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
}

/** Opens a sealed value; throws when it was sealed with another key or for another context, or was altered. */
export async function unseal(env: SealEnv, use: SealUse, value: string, context: string): Promise<string> {
  const [iv, sealed] = isSealed(value) ? value.slice(PREFIX.length).split(".") : [];
  if (!iv || !sealed) throw new Error("Not a sealed value");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytesOfBase64(iv), additionalData: encoder.encode(context) },
    await sealKey(env, use),
    bytesOfBase64(sealed),
  );
  return new TextDecoder().decode(plain);
}
