import type { Env } from "../env";

/**
 * The WebAuthn relying party of this environment (wrangler.toml vars). In
 * development any localhost port is accepted, so PORT overrides still work.
 */
export function relyingParty(env: Pick<Env, "ENVIRONMENT" | "WEBAUTHN_RP_ID" | "WEBAUTHN_ORIGINS">, request: Request) {
  const origins = env.WEBAUTHN_ORIGINS.split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  const own = new URL(request.url);
  if (env.ENVIRONMENT === "development" && own.hostname === env.WEBAUTHN_RP_ID && !origins.includes(own.origin))
    origins.push(own.origin);
  return { rpID: env.WEBAUTHN_RP_ID, expectedOrigin: origins };
}
