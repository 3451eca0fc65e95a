import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey, jwtVerify } from "jose";

/**
 * Cloudflare Access in front of /desk (decision record 021). Access signs a
 * JWT for each request it lets through (`Cf-Access-Jwt-Assertion`); the
 * Worker verifies it itself, because a request can reach the Worker by
 * another route than Access (workers.dev, a misconfigured policy). The
 * issuer is the team's domain, the audience the Access application's tag;
 * the keys are the team's certificates, or a key set pinned in
 * configuration. Without an issuer and an audience nobody enters.
 */
export interface AccessEnv {
  /** https://<team>.cloudflareaccess.com */
  DESK_ACCESS_ISSUER?: string;
  /** The Access application's audience (AUD) tag. */
  DESK_ACCESS_AUD?: string;
  /** Optional: the key set itself (JSON), instead of fetching the team's certificates. */
  DESK_ACCESS_JWKS?: string;
}

export const ACCESS_HEADER = "Cf-Access-Jwt-Assertion";

interface AccessConfig {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}

const remoteKeys = new Map<string, JWTVerifyGetKey>();

/** The configuration, or null when it is incomplete or malformed: then the desk is closed. */
export function accessConfig(env: AccessEnv): AccessConfig | null {
  const issuer = env.DESK_ACCESS_ISSUER?.trim().replace(/\/+$/, "");
  const audience = env.DESK_ACCESS_AUD?.trim();
  if (!issuer || !audience || !URL.canParse(issuer) || new URL(issuer).protocol !== "https:") return null;
  if (env.DESK_ACCESS_JWKS) {
    try {
      return { issuer, audience, keys: createLocalJWKSet(JSON.parse(env.DESK_ACCESS_JWKS) as JSONWebKeySet) };
    } catch {
      return null;
    }
  }
  let keys = remoteKeys.get(issuer);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${issuer}/cdn-cgi/access/certs`));
    remoteKeys.set(issuer, keys);
  }
  return { issuer, audience, keys };
}

/** The e-mail a valid Access token asserts (lower-case), or null: missing, unsigned, expired, another issuer or audience. */
export async function accessEmail(request: Request, env: AccessEnv): Promise<string | null> {
  const token = request.headers.get(ACCESS_HEADER);
  const config = accessConfig(env);
  if (!token || !config) return null;
  try {
    const { payload } = await jwtVerify(token, config.keys, {
      issuer: config.issuer,
      audience: config.audience,
      algorithms: ["RS256"],
    });
    return typeof payload.email === "string" && payload.email.includes("@") ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}
