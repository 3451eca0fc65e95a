import { security } from "#domain/config";
import { bytesOfBase64 } from "#domain/tokens";

/**
 * Secrets at rest. Passwords: PBKDF2-SHA-256 with a random salt at the
 * highest iteration count the Workers runtime accepts (100,000). SSNs:
 * AES-GCM encryption plus a keyed HMAC for look-ups ("is this SSN already a
 * customer?") so the plain number is never stored or compared.
 */

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** Compares without an early exit, so timing does not reveal where bytes differ. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`: self-describing, so the count can rise later. */
export async function hashPassword(password: string, iterations: number = security.pbkdf2Iterations): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) return false;
  const candidate = await pbkdf2(password, bytesOfBase64(salt), Number(iterations));
  return constantTimeEqual(candidate, bytesOfBase64(hash));
}

/**
 * A key of its own for one purpose (its `info` label), derived by HKDF from the one secret binding:
 * knowing one derived key tells nothing of the others (the SSN keys, the unsubscribe links').
 */
export async function derivedKey(
  secret: string,
  info: string,
  algorithm: AesKeyGenParams | HmacKeyGenParams,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  if (secret.length < 32) throw new Error("SSN_ENCRYPTION_KEY must be at least 32 characters");
  const master = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(info) },
    master,
    algorithm,
    false,
    usages,
  );
}

export interface SsnKeys {
  encryption: CryptoKey;
  lookup: CryptoKey;
}

/**
 * Two independent keys from one secret binding (HKDF with distinct labels),
 * so the look-up hash cannot be used to attack the encryption or vice versa.
 */
export async function ssnKeys(secret: string): Promise<SsnKeys> {
  return {
    encryption: await derivedKey(secret, "ridgeline/ssn/encryption", { name: "AES-GCM", length: 256 }, [
      "encrypt",
      "decrypt",
    ]),
    lookup: await derivedKey(secret, "ridgeline/ssn/lookup", { name: "HMAC", hash: "SHA-256", length: 256 }, ["sign"]),
  };
}

/** Seals an SSN or bank account number: `v1.<iv>.<ciphertext>`, a fresh random IV each time. */
export async function encryptPersonal(keys: SsnKeys, ssn: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, keys.encryption, encoder.encode(ssn));
  return `v1.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function decryptPersonal(keys: SsnKeys, blob: string): Promise<string> {
  const [version, iv, sealed] = blob.split(".");
  if (version !== "v1" || !iv || !sealed) throw new Error("Unknown SSN encryption format");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytesOfBase64(iv) },
    keys.encryption,
    bytesOfBase64(sealed),
  );
  return new TextDecoder().decode(plain);
}

/** Keyed hash of the 9 digits: equal SSNs match, the number cannot be recovered. */
export async function ssnLookupHash(keys: SsnKeys, ssn: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", keys.lookup, encoder.encode(ssn.replace(/\D/g, "")));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
