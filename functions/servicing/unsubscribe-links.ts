import { messages } from "#domain/config";
import { base64UrlOf, bytesOfBase64 } from "#domain/tokens";
import { derivedKey } from "./crypto";
import type { CoreEnv } from "./env";

/**
 * The links of one-click unsubscribe from marketing e-mail (RFC 8058, issue 35;
 * the endpoint is unsubscribe.ts, apart so delivery does not import the tables). A
 * marketing e-mail carries `List-Unsubscribe: <https://site/api/unsubscribe/TOKEN>`
 * and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the mailbox
 * provider POSTs `List-Unsubscribe=One-Click` there and the address is
 * suppressed for marketing (outgoing.ts then records later marketing to it as
 * suppressed). A GET only shows a page with the button: link scanners and
 * previews fetch every URL in a message, and must never unsubscribe anyone.
 *
 * The token is the address and an expiry sealed with AES-GCM under a key of
 * its own (HKDF from SSN_ENCRYPTION_KEY): authenticated, so it cannot be
 * forged or altered, and encrypted, so the URL (kept in mail logs and
 * browser histories) shows no e-mail address. No table is needed.
 */

const DAY_MS = 86_400_000;
/** Binds a sealed token to this use: a ciphertext sealed for anything else fails to open here. */
const PURPOSE = new TextEncoder().encode("ridgeline/unsubscribe/v1");

const unsubscribeKey = (secret: string) =>
  derivedKey(secret, "ridgeline/unsubscribe", { name: "AES-GCM", length: 256 }, ["encrypt", "decrypt"]);

/** The token for `address`, good for `messages.unsubscribeLinkDays` from `now`. */
export async function unsubscribeToken(secret: string, address: string, now: number): Promise<string> {
  const expires = now + messages.unsubscribeLinkDays * DAY_MS;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(`${expires}:${address}`);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: PURPOSE }, await unsubscribeKey(secret), plain),
  );
  const token = new Uint8Array(iv.length + sealed.length);
  token.set(iv);
  token.set(sealed, iv.length);
  return base64UrlOf(token);
}

export type OpenedToken = { address: string } | { refused: "invalid" | "expired" };

/** The address a token was made for, or why it is refused. */
export async function openUnsubscribeToken(secret: string, token: string, now: number): Promise<OpenedToken> {
  try {
    const bytes = bytesOfBase64(token);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12), additionalData: PURPOSE },
      await unsubscribeKey(secret),
      bytes.slice(12),
    );
    const text = new TextDecoder().decode(plain);
    const colon = text.indexOf(":");
    const expires = Number(text.slice(0, colon));
    if (colon < 1 || !Number.isFinite(expires)) return { refused: "invalid" };
    return expires < now ? { refused: "expired" } : { address: text.slice(colon + 1) };
  } catch {
    // Not base64, too short, altered or sealed with another key: all the same to the caller.
    return { refused: "invalid" };
  }
}

/** The headers a marketing e-mail carries (RFC 2369's List-Unsubscribe, RFC 8058's one-click POST). */
export async function listUnsubscribeHeaders(
  env: Pick<CoreEnv, "SITE_ORIGIN" | "SSN_ENCRYPTION_KEY">,
  address: string,
  now: number,
): Promise<{ url: string; headers: Record<string, string> }> {
  if (!env.SITE_ORIGIN) throw new Error("SITE_ORIGIN is needed for a marketing e-mail's unsubscribe link");
  const url = `${env.SITE_ORIGIN}/api/unsubscribe/${await unsubscribeToken(env.SSN_ENCRYPTION_KEY, address, now)}`;
  return { url, headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}
