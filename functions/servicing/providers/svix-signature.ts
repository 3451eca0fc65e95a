import { bytesOfBase64 } from "#domain/tokens";
import { constantTimeEqual } from "./twilio-signature";

/**
 * Resend's webhook signature (Svix's scheme): HMAC-SHA256, keyed with the
 * base64 secret after its `whsec_` prefix, over `id.timestamp.body`; the
 * `svix-signature` header lists one or more `v1,<base64>` signatures (several
 * during a secret's rotation). A timestamp more than five minutes from now is
 * refused, so a captured request cannot be replayed later.
 */

const encoder = new TextEncoder();
export const SVIX_TOLERANCE_SECONDS = 300;

export async function svixSignature(secret: string, id: string, timestamp: string, body: string): Promise<string> {
  const raw = bytesOfBase64(secret.replace(/^whsec_/, ""));
  const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${id}.${timestamp}.${body}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/** True only when the headers are present, the time is near, and one listed signature matches. */
export async function verifySvixSignature(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  nowSeconds: number,
): Promise<boolean> {
  const { id, timestamp, signature } = headers;
  if (!secret || !id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > SVIX_TOLERANCE_SECONDS) return false;
  let expected: string;
  try {
    expected = await svixSignature(secret, id, timestamp, body);
  } catch {
    return false;
  }
  const given = signature.split(" ").flatMap((part) => (part.startsWith("v1,") ? [part.slice(3)] : []));
  // Every listed signature is compared, so the time taken does not say which one matched.
  return given.map((s) => constantTimeEqual(s, expected)).some(Boolean);
}
