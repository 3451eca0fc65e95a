import { DurableObject } from "cloudflare:workers";
import { security } from "#domain/config";
import { sha256Hex } from "#domain/tokens";

export type PasscodeCheck = "ok" | "wrong" | "expired" | "locked" | "unknown";

interface Challenge {
  codeHash: string;
  expiresAt: number;
  wrong: number;
  resends: number;
  done: boolean;
  startedAt: number;
  /** Whose code it is and why: fixed when the challenge starts, never taken from a verifier. */
  subject?: PasscodeSubject;
  /** The servicing desk's last resend form key: the same form again resends nothing. */
  deskKey?: string;
}

/** What the servicing desk may know of a challenge: never its code. */
export interface ChallengeStatus {
  state: "open" | "expired" | "used" | "locked" | "unknown";
  wrong: number;
  resends: number;
  expiresAt: number;
}

export type DeskResend =
  | { code: string }
  | { replayed: true }
  | { refused: "used" | "locked" | "resend_limit" | "unknown" };

export interface PasscodeSubject {
  customerId: string;
  purpose: "forgot" | "create" | "esign";
}

export type SendResult = { code: string; resend: boolean } | { refused: "resend_limit" | "locked" };

/** A challenge this old is forgotten: the next send starts afresh. */
const CHALLENGE_MEMORY_MS = 24 * 3_600_000;

/**
 * One passcode challenge per instance (idFromName(challenge id)): a 6-digit
 * code from a cryptographic source, stored only as a hash, single use, valid
 * 10 minutes, at most 5 wrong entries and 3 resends; a resend does not reset
 * the wrong-entry count (0-decisions.md). A Durable Object, so concurrent
 * guesses are counted one at a time.
 */
export class PasscodeVault extends DurableObject {
  private static code(): string {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    // 2^32 is not a multiple of 10^6; the bias (< 0.03%) does not help a guesser with 5 tries.
    return String(n! % 10 ** security.passcodeDigits).padStart(security.passcodeDigits, "0");
  }

  private hash(code: string): Promise<string> {
    return sha256Hex(`${this.ctx.id.toString()}:${code}`);
  }

  /** Starts a fresh challenge and returns the code to deliver. */
  async issue(now: number = Date.now(), subject?: PasscodeSubject): Promise<string> {
    const code = PasscodeVault.code();
    await this.ctx.storage.put<Challenge>("c", {
      subject,
      codeHash: await this.hash(code),
      expiresAt: now + security.passcodeValidMinutes * 60_000,
      wrong: 0,
      resends: 0,
      done: false,
      startedAt: now,
    });
    return code;
  }

  /**
   * One active code per identity: a send while a challenge is open is a
   * resend (counted, and the wrong entries stay); only a finished or
   * forgotten challenge starts afresh. Asking again is no way around the limits.
   */
  async send(now: number = Date.now(), subject?: PasscodeSubject): Promise<SendResult> {
    const current = await this.ctx.storage.get<Challenge>("c");
    const open = current && !current.done && now - current.startedAt < CHALLENGE_MEMORY_MS;
    if (!open) return { code: await this.issue(now, subject), resend: false };
    if (current.wrong >= security.passcodeMaxWrong) return { refused: "locked" };
    const code = await this.resend(now);
    return code ? { code, resend: true } : { refused: "resend_limit" };
  }

  /** A new code for the same challenge, or null when resends are used up or it is over. */
  async resend(now: number = Date.now()): Promise<string | null> {
    const current = await this.ctx.storage.get<Challenge>("c");
    if (
      !current ||
      current.done ||
      current.wrong >= security.passcodeMaxWrong ||
      current.resends >= security.passcodeMaxResends
    )
      return null;
    const code = PasscodeVault.code();
    await this.ctx.storage.put<Challenge>("c", {
      ...current,
      codeHash: await this.hash(code),
      expiresAt: now + security.passcodeValidMinutes * 60_000,
      resends: current.resends + 1,
    });
    return code;
  }

  /** The challenge's state for the servicing desk's file. */
  async status(now: number = Date.now()): Promise<ChallengeStatus> {
    const c = await this.ctx.storage.get<Challenge>("c");
    if (!c) return { state: "unknown", wrong: 0, resends: 0, expiresAt: 0 };
    const state = c.done
      ? "used"
      : c.wrong >= security.passcodeMaxWrong
        ? "locked"
        : now >= c.expiresAt
          ? "expired"
          : "open";
    return { state, wrong: c.wrong, resends: c.resends, expiresAt: c.expiresAt };
  }

  /**
   * A resend the servicing desk asks for, under the same limits as the
   * borrower's RESEND CODE (it counts as one of the 3), once per form key: a
   * form sent twice at once resends once, the Durable Object taking them one
   * at a time.
   */
  async deskResend(key: string, now: number = Date.now()): Promise<DeskResend> {
    const current = await this.ctx.storage.get<Challenge>("c");
    if (current?.deskKey === key) return { replayed: true };
    if (!current) return { refused: "unknown" };
    if (current.done) return { refused: "used" };
    if (current.wrong >= security.passcodeMaxWrong) return { refused: "locked" };
    const code = await this.resend(now);
    if (!code) return { refused: "resend_limit" };
    const after = await this.ctx.storage.get<Challenge>("c");
    await this.ctx.storage.put<Challenge>("c", { ...after!, deskKey: key });
    return { code };
  }

  async verify(
    code: string,
    now: number = Date.now(),
  ): Promise<{ result: PasscodeCheck; wrong: number; subject?: PasscodeSubject; lockedNow?: boolean }> {
    const current = await this.ctx.storage.get<Challenge>("c");
    if (!current || current.done) return { result: "unknown", wrong: current?.wrong ?? 0 };
    if (current.wrong >= security.passcodeMaxWrong)
      return { result: "locked", wrong: current.wrong, subject: current.subject };
    if (now >= current.expiresAt) return { result: "expired", wrong: current.wrong };
    if ((await this.hash(code)) === current.codeHash) {
      await this.ctx.storage.put<Challenge>("c", { ...current, done: true });
      return { result: "ok", wrong: current.wrong, subject: current.subject };
    }
    const wrong = current.wrong + 1;
    await this.ctx.storage.put<Challenge>("c", { ...current, wrong });
    const locked = wrong >= security.passcodeMaxWrong;
    return { result: locked ? "locked" : "wrong", wrong, subject: current.subject, lockedNow: locked };
  }
}
