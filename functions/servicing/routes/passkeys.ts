import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, gt } from "drizzle-orm";
import { Hono } from "hono";
import { passkeys, webauthnChallenges } from "#db/schema/servicing";
import { passkeys as calls } from "#domain/catalogue/index";
import { bytesOfBase64, randomToken } from "#domain/tokens";
import { requireCustomer, type ServicingContext, type ServicingEnv, ServicingError } from "../context";
import { customerById } from "../customers";
import { lineStanding } from "../identity";
import { implement } from "../implement";
import { issueToken } from "../tokens";

/**
 * @simplewebauthn/server with its ASN.1 and COSE stack, loaded the first time
 * a passkey is registered or used: a cold start for any other request does
 * not evaluate it (issue 17).
 */
const webauthn = () => import("@simplewebauthn/server");

export const passkeyRoutes = new Hono<ServicingEnv>();

const CHALLENGE_MS = 5 * 60_000;
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function saveChallenge(
  c: ServicingContext,
  challenge: string,
  purpose: "register" | "login",
  customerId: string | null,
) {
  const id = randomToken(16);
  await c.var.db
    .insert(webauthnChallenges)
    .values({ id, challenge, purpose, customerId, expiresAt: c.var.now.getTime() + CHALLENGE_MS });
  return id;
}

/** Takes a challenge once: it is deleted whether or not the ceremony then verifies. */
async function takeChallenge(c: ServicingContext, id: string, purpose: "register" | "login") {
  const row = await c.var.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, c.var.now.getTime()),
      ),
    )
    .returning()
    .get();
  if (!row) throw new ServicingError(400, "The passkey request expired. Please try again.");
  return row;
}

implement(passkeyRoutes, calls.PasskeyRegistrationOptions, async (c, { rpID, rpName }) => {
  const customerId = requireCustomer(c);
  const customer = await customerById(c.var.db, customerId);
  const existing = await c.var.db.select().from(passkeys).where(eq(passkeys.customerId, customerId)).all();
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName,
    rpID,
    userName: customer.email,
    userDisplayName: `${customer.firstName} ${customer.lastName}`,
    userID: new TextEncoder().encode(customerId),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.id,
      transports: JSON.parse(p.transports) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return {
    challengeId: await saveChallenge(c, options.challenge, "register", customerId),
    options: options as unknown as Record<string, unknown>,
  };
});

implement(passkeyRoutes, calls.PasskeyRegister, async (c, { challengeId, response, name, rpID, expectedOrigin }) => {
  const customerId = requireCustomer(c);
  const challenge = await takeChallenge(c, challengeId, "register");
  if (challenge.customerId !== customerId) throw new ServicingError(403, "This passkey request is not yours.");
  const result = await (await webauthn())
    .verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin,
      expectedRPID: rpID,
    })
    .catch(() => null);
  if (!result?.verified || !result.registrationInfo)
    throw new ServicingError(422, "We could not verify the passkey. Please try again.");
  const { credential } = result.registrationInfo;
  await c.var.db.insert(passkeys).values({
    id: credential.id,
    customerId,
    publicKey: b64(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    createdAt: c.var.now.getTime(),
  });
  return { status: true };
});

implement(passkeyRoutes, calls.PasskeyList, async (c) => {
  const rows = await c.var.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.customerId, requireCustomer(c)))
    .all();
  return { passkeys: rows.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt })) };
});

implement(passkeyRoutes, calls.PasskeyRename, async (c, { id, name }) => {
  const changed = await c.var.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.customerId, requireCustomer(c))))
    .returning({ id: passkeys.id });
  return { status: changed.length === 1 };
});

implement(passkeyRoutes, calls.PasskeyRemove, async (c, { id }) => {
  const removed = await c.var.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.customerId, requireCustomer(c))))
    .returning({ id: passkeys.id });
  return { status: removed.length === 1 };
});

implement(passkeyRoutes, calls.PasskeyLoginOptions, async (c, { rpID }) => {
  // Discoverable credentials: no user named up front (this also serves autofill).
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  return {
    challengeId: await saveChallenge(c, options.challenge, "login", null),
    options: options as unknown as Record<string, unknown>,
  };
});

implement(passkeyRoutes, calls.PasskeyLogin, async (c, { challengeId, response, rpID, expectedOrigin }) => {
  const challenge = await takeChallenge(c, challengeId, "login");
  const answer = response as unknown as AuthenticationResponseJSON;
  const stored = await c.var.db.select().from(passkeys).where(eq(passkeys.id, answer.id)).get();
  const refused = { verified: false, custId: "", firstName: "", loanStatus: "", hasValidEsignatures: false };
  if (!stored) return refused;
  const result = await (await webauthn())
    .verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge.challenge,
      expectedOrigin,
      expectedRPID: rpID,
      credential: {
        id: stored.id,
        publicKey: bytesOfBase64(stored.publicKey),
        counter: stored.counter,
        transports: JSON.parse(stored.transports) as AuthenticatorTransport[],
      },
    })
    .catch(() => null);
  if (!result?.verified) return refused;
  const now = c.var.now.getTime();
  await c.var.db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, stored.id));
  const [customer, standing] = await Promise.all([
    customerById(c.var.db, stored.customerId),
    lineStanding(c.var.db, stored.customerId),
  ]);
  c.var.caller.tokenToUse = await issueToken(c.var.db, "customer", stored.customerId, now);
  return {
    verified: true,
    custId: customer.id,
    firstName: customer.firstName,
    loanStatus: standing.loanStatus,
    hasValidEsignatures: standing.hasValidEsignatures,
  };
});
