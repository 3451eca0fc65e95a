/**
 * What the application says beside its two most sensitive fields: why each
 * is asked and how it is kept. Every claim here is true of the code:
 * functions/servicing/crypto.ts encrypts both at rest (AES-GCM), pages after
 * the application see an SSN's last four digits only (the application's own
 * steps refill it while it is being filled in) (0-decisions.md), and
 * credit information is requested from credit reporting agencies when
 * applying (spec file 1, section 1).
 */
export const REASSURANCE = {
  ssn: "Why we ask: your Social Security number confirms who you are, and we use it to request your credit information from credit reporting agencies. It is stored encrypted, and once you have applied, your account shows only its last four digits.",
  bankAccount:
    "Why we ask: approved draws are deposited into this account, and payments you choose to make by ACH are taken from it. Your account number is stored encrypted.",
} as const;
