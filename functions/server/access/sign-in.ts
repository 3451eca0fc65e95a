import { type Session, type SessionEnv, startSession } from "../sessions/session";

/**
 * Signing in: a brand-new session id (the old one, if any, is ended), the
 * platform token and what the shell needs kept server-side.
 */
export interface SignedIn {
  customerId: string;
  firstName: string;
  loanStatus: string;
  hasValidEsignatures: boolean;
  platformToken: string | null;
}

export async function signIn(env: SessionEnv, current: Session | null, who: SignedIn): Promise<string> {
  const { setCookie } = await startSession(
    env,
    {
      customerId: who.customerId,
      firstName: who.firstName,
      loanStatus: who.loanStatus,
      hasValidEsignatures: who.hasValidEsignatures,
      ...(who.platformToken ? { platformToken: who.platformToken } : {}),
    },
    { replacing: current },
  );
  return setCookie;
}

/**
 * Where a signed-in borrower lands (spec file 2, sections 2.1 and 4): G with
 * valid e-signatures to the e-sign success page, G without to the approved
 * page, W to the finalize-credit interrupter, anything else to the portal.
 */
export function landingFor(loanStatus: string | undefined, hasValidEsignatures: boolean | undefined): string {
  if (loanStatus === "G") return hasValidEsignatures ? "/esign/contact" : "/apply/approved";
  if (loanStatus === "W") return "/accountcredit";
  return "/account";
}
