import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "#db/client";
import { customers, passcodeChallenges } from "#db/schema/servicing";
import { security } from "#domain/config";
import { ServicingError } from "./context";
import { auditedUnder, auditInsert, type DeskActor, requireActingRole } from "./desk";
import { maskEmail } from "./messages";
import { outgoingFor } from "./outgoing";
import type { ChallengeStatus, PasscodeVault } from "./passcode-vault";
import { passcode } from "./templates";

/**
 * RESEND A PASSCODE from the servicing desk (issue 20, decision record 027):
 * the borrower on the phone says the code never came. The desk resends the
 * code of the challenge they started on the site (forgot or create a
 * password, e-sign), to a contact on file, under the same limits as RESEND
 * CODE (3 resends, shared; the wrong entries stay). The agent never sees
 * the code. Once per form key, with one audit row.
 */
type Vaults = DurableObjectNamespace<PasscodeVault>;
export type PasscodeChannel = "sms" | "voice" | "email";

/** A challenge older than an idle site session is over for the borrower: the desk offers no resend for it. */
const RECENT_MS = security.sessionIdleMinutes * 60_000;

export const passcodeResendMessages = {
  none: `No passcode was sent to this borrower in the last ${security.sessionIdleMinutes} minutes: they ask for one on the site first.`,
  used: "That passcode was already used.",
  locked: `The borrower entered ${security.passcodeMaxWrong} wrong passcodes: that passcode can no longer be used.`,
  resend_limit: `All ${security.passcodeMaxResends} resends of that passcode were used.`,
  unknown: "That passcode is no longer known: the borrower asks for a new one on the site.",
  noCell: "There is no cell phone on file to text.",
  reason: "Give the reason for resending the passcode.",
} as const;

const masked = (channel: PasscodeChannel, to: string) =>
  channel === "email" ? maskEmail(to) : `***-***-${to.slice(-4)}`;

/** The borrower's latest passcode challenge of the last half hour, its vault, and what the vault says of it. */
async function latestChallenge(db: Database, vaults: Vaults, customerId: string, now: number) {
  const row = await db
    .select()
    .from(passcodeChallenges)
    .where(and(eq(passcodeChallenges.customerId, customerId), gt(passcodeChallenges.createdAt, now - RECENT_MS)))
    .orderBy(desc(passcodeChallenges.createdAt))
    .get();
  if (!row) return null;
  const vault = vaults.get(vaults.idFromString(row.vaultId));
  const status: ChallengeStatus = await vault.status(now);
  return { vault, shown: { purpose: row.purpose, channel: row.channel, startedAt: row.createdAt, ...status } };
}

/** What the file shows of the latest challenge (never its code or ids), or null. */
export async function deskPasscodeChallenge(db: Database, vaults: Vaults, customerId: string, now: number) {
  return (await latestChallenge(db, vaults, customerId, now))?.shown ?? null;
}

export type DeskPasscodeChallenge = NonNullable<Awaited<ReturnType<typeof deskPasscodeChallenge>>>;

export interface PasscodeResendInput {
  customerId: string;
  channel: PasscodeChannel;
  reason: string;
  key: string;
}

export async function deskResendPasscode(
  d1: D1Database,
  db: Database,
  vaults: Vaults,
  actor: DeskActor,
  input: PasscodeResendInput,
  now: number,
): Promise<{ replayed: boolean; to: string; resends: number; status: string }> {
  requireActingRole(actor);
  const reason = input.reason.trim();
  if (!reason) throw new ServicingError(422, passcodeResendMessages.reason, { reason: "Required." });
  const replay = (after: unknown) => ({
    replayed: true,
    ...(after as { to: string; resends: number; status: string }),
  });
  const done = await auditedUnder(db, actor, input.key);
  if (done) return replay(done.after);
  const latest = await latestChallenge(db, vaults, input.customerId, now);
  if (!latest) throw new ServicingError(422, passcodeResendMessages.none, { channel: passcodeResendMessages.none });
  const challenge = latest.shown;
  const to = await contactOnFile(db, input.customerId, input.channel);
  const resent = await latest.vault.deskResend(input.key, now);
  if ("refused" in resent) {
    const message = passcodeResendMessages[resent.refused];
    throw new ServicingError(422, message, { channel: message });
  }
  if ("replayed" in resent) {
    // The same form's other submit resent it: its audit row is its answer (or is being written).
    const other = await auditedUnder(db, actor, input.key);
    return replay(other?.after ?? { to: masked(input.channel, to), resends: challenge.resends, status: "queued" });
  }
  const went = await outgoingFor(db).send(passcode(input.channel, to, resent.code, input.customerId));
  const after = {
    to: masked(input.channel, to),
    channel: input.channel,
    purpose: challenge.purpose,
    resends: challenge.resends + 1,
    status: went.status,
  };
  const entry = {
    action: "resend passcode",
    customerId: input.customerId,
    reason,
    before: { resends: challenge.resends },
    after,
  };
  await auditInsert(d1, actor, entry, input.key, now).run();
  return { replayed: false, to: after.to, resends: after.resends, status: went.status };
}

/** The address on file for the channel: texts to the cell phone, calls to the home phone, e-mail to the address. */
async function contactOnFile(db: Database, customerId: string, channel: PasscodeChannel): Promise<string> {
  const row = await db
    .select({ email: customers.email, home: customers.homePhone, cell: customers.mobilePhone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .get();
  if (!row) throw new ServicingError(404, "No such customer.");
  if (channel === "email") return row.email;
  if (channel === "voice") return row.home;
  if (!row.cell)
    throw new ServicingError(422, passcodeResendMessages.noCell, { channel: passcodeResendMessages.noCell });
  return row.cell;
}
