/**
 * Twilio's request signature (X-Twilio-Signature) on its status callbacks and
 * inbound texts: HMAC-SHA1, keyed with the account's auth token, over the full
 * URL Twilio called followed by every POST parameter, name then value, sorted
 * by name; base64. Computed with WebCrypto: the official `twilio` package does
 * not run on Workers.
 */

const encoder = new TextEncoder();

/** The string Twilio signs: the URL, then each parameter's name and value, by name. */
export function twilioSignedText(url: string, params: Iterable<[string, string]>): string {
  const sorted = [...params].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return url + sorted.map(([name, value]) => name + value).join("");
}

export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(twilioSignedText(url, params)));
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/** Two strings compared in time that depends only on their lengths, never on where they first differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let difference = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}

/** True only when the header is present and matches the signature of this URL and these parameters. */
export async function verifyTwilioSignature(
  authToken: string,
  header: string | null | undefined,
  url: string,
  params: Iterable<[string, string]>,
): Promise<boolean> {
  if (!header || !authToken) return false;
  return constantTimeEqual(header, await twilioSignature(authToken, url, params));
}
