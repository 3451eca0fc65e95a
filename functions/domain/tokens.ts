/** Opaque random identifiers and their stored hashes (sessions, platform tokens, reset links). */

/** 256 random bits, URL-safe base64 without padding (43 characters). */
export function randomToken(bytes = 32): string {
  return base64UrlOf(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Bytes as URL-safe base64 without padding (a token in a path or a query). */
export function base64UrlOf(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** What is stored in place of a token: a copy of the table cannot be replayed. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The bytes of a base64 or base64url text (padding optional). A plain loop:
 * `Uint8Array.from(text, callback)` calls back per character, about 20 times
 * slower, and a signed-in page opens a sealed session on every request.
 */
export function bytesOfBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
