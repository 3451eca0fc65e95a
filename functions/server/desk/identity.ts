import { eq } from "drizzle-orm";
import { database } from "#db/client";
import { deskUsers } from "#db/schema/site";
import { DESK_ROLES, type DeskRole } from "#domain/desk";
import type { Env } from "../env";
import { readCookie } from "../sessions/cookie";
import { accessEmail } from "./access";
import { DEV_DESK_COOKIE, openDevIdentity } from "./dev-identity";

/** Who is at the desk, and how the request proved it. */
export interface DeskUser {
  email: string;
  role: DeskRole;
  via: "access" | "development";
}

export type DeskEnv = Pick<
  Env,
  "DB" | "ENVIRONMENT" | "DESK_ACCESS_ISSUER" | "DESK_ACCESS_AUD" | "DESK_ACCESS_JWKS" | "DESK_DEV_KEY"
>;

const isRole = (role: string): role is DeskRole => (DESK_ROLES as readonly string[]).includes(role);

/**
 * The desk user of a request, or null (fails closed): a valid Access token
 * whose e-mail is an active desk user, or in development only, a signed
 * development identity. A borrower's session never counts.
 */
export async function deskUser(request: Request, env: DeskEnv, now = Date.now()): Promise<DeskUser | null> {
  const email = await accessEmail(request, env);
  if (email) {
    const row = await database(env.DB).select().from(deskUsers).where(eq(deskUsers.email, email)).get();
    return row?.active && isRole(row.role) ? { email, role: row.role, via: "access" } : null;
  }
  const dev = await openDevIdentity(env, readCookie(request, DEV_DESK_COOKIE), now);
  return dev ? { ...dev, via: "development" } : null;
}
