import { partnerLeads } from "#domain/config";

/**
 * The partner signature (docs/partners.md): X-Signature is the lowercase hex
 * HMAC-SHA-256 of "<X-Timestamp>.<raw body>" under the partner's signing
 * secret. Signing the timestamp with the body bounds a captured request's
 * life to the tolerance window (within it, a replay is refused because each
 * signature works once: partnerAndFirstUse in partners.ts), and the body cannot
 * be swapped under it.
 */

const encoder = new TextEncoder();

/**
 * Imported keys, per isolate: every lead verifies under its partner's secret,
 * and importing it again each time cost about 0.4 ms of a lead's CPU. Keyed
 * by the secret itself (already in this isolate's memory as a binding), so a
 * rotated secret is a new entry; bounded, since secrets are few.
 */
const keys = new Map<string, Promise<CryptoKey>>();
const KEYS_KEPT = 32;

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const id = `${usage}:${secret}`;
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= KEYS_KEPT) keys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
    // A failed import is not kept: the next lead tries again.
    key.catch(() => keys.delete(id));
    keys.set(id, key);
  }
  return key;
}

/** What a partner computes (used by our tests, the demo script and the benchmark). */
export async function signLead(secret: string, timestamp: number | string, rawBody: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret, "sign"),
    encoder.encode(`${timestamp}.${rawBody}`),
  );
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[0-9a-f]{64}$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** Within the tolerance either way of now (a clock may run fast or slow). */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= partnerLeads.signatureToleranceSeconds;
}

/**
 * True only for the exact body and timestamp signed with this secret.
 * crypto.subtle.verify compares in constant time.
 */
async function signatureValid(
  secret: string,
  timestamp: string,
  rawBody: string,
  signatureHex: string,
): Promise<boolean> {
  const signature = hexBytes(signatureHex);
  if (!signature) return false;
  return crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret, "verify"),
    signature,
    encoder.encode(`${timestamp}.${rawBody}`),
  );
}

/** True when any of the partner's secrets (two during a rotation) signed it. */
export async function signedByAny(
  secrets: readonly string[],
  timestamp: string,
  rawBody: string,
  signatureHex: string,
): Promise<boolean> {
  for (const secret of secrets) if (await signatureValid(secret, timestamp, rawBody, signatureHex)) return true;
  return false;
}
