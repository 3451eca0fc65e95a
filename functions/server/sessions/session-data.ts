import type { AccessFlow } from "#domain/access-flow";
import type { ApplicationDraft } from "../application/draft";

export interface EsignState {
  agreed: Partial<
    Record<"agrarbitration" | "agrprivacypolicy" | "agreleconsent" | "agrcalprivacyact" | "agrcredit", boolean>
  >;
  marketingTexts: boolean | null;
  marketingCalls: boolean;
  drawCents: number;
  refuseDraw: boolean;
  consentComplete: boolean;
  /**
   * The optional inline password: chosen (sealed with AES-GCM until the
   * passcode confirms it), then created.
   */
  password?: {
    /** "skipped": the borrower chose Not now (0-decisions.md: the section is optional in fact). */
    step: "code" | "done" | "skipped";
    sealed?: string;
    notice?: string;
    /** The passcode can no longer be re-sent (the resend limit was reached). */
    resendDisabled?: boolean;
    /** How the code went when e-mail to the address is stopped (a bounce): by text or call instead. */
    sentBy?: "sms" | "voice";
  };
  /**
   * The application was withdrawn during e-sign: the active-duty military
   * statement, or the passcode limit in the inline password. Every e-sign
   * page then shows the withdrawal (0-decisions.md).
   */
  withdrawn?: "military" | "passcode";
}

/**
 * What a server-side session may hold. Later features add their own optional
 * fields here; the browser only ever holds the opaque session id.
 */
export interface SessionData {
  /** Set when a borrower has signed in. */
  customerId?: string;
  firstName?: string;
  /** The line's status at sign-in (G, W, O, C) and whether it was e-signed. */
  loanStatus?: string;
  hasValidEsignatures?: boolean;
  /** A password or passcode flow in progress (create / forgot password). */
  access?: AccessFlow;
  /**
   * The platform bearer token (merchant-level before sign-in, the customer's
   * after). Server-side only; replaced by every answer's tokenToUse.
   */
  platformToken?: string;
  /** E-sign answers in progress (consent, then signature). */
  esign?: EsignState;
  /**
   * What the e-sign success page shows once signing is done; hasPassword says
   * whether its way into the account is Log In or Create a Password.
   */
  esignDone?: { firstName: string; drawCents: number; fundingDate: string | null; hasPassword?: boolean };
  /** The online application in progress (sensitive numbers sealed). */
  application?: ApplicationDraft;
  /**
   * Idempotency keys of draws and payments this session has sent to the
   * platform, newest last (a few): a retry of one of them may find its own
   * posting already in the figures it re-checks (app/routes/portal/portal.server.ts).
   */
  sentKeys?: string[];
}
