import { security } from "#domain/config";
import type { DeskPasscodeChallenge, PasscodeChannel } from "#server/desk/core";
import type { DeskAnswer, DeskFlash } from "./borrower.server";
import { deskFields, FormBanners, ReasonInput } from "./form-fields";

const when = (ms: number) => `${new Date(ms).toISOString().slice(11, 16)} UTC`;

const PURPOSES: Record<string, string> = { forgot: "Forgot Password", create: "Create Password", esign: "e-sign" };
const BY: Record<PasscodeChannel, string> = {
  sms: "text to the cell phone on file",
  voice: "a call to the home phone on file",
  email: "e-mail to the address on file",
};

function stateOf(c: DeskPasscodeChallenge): string {
  if (c.state === "used") return "used: the borrower entered it.";
  if (c.state === "locked") return `locked after ${security.passcodeMaxWrong} wrong entries.`;
  if (c.state === "expired") return `expired at ${when(c.expiresAt)} (a resend sends a fresh code).`;
  return `valid until ${when(c.expiresAt)}.`;
}

function done(flash: Extract<DeskFlash, { kind: "passcode" }>): string {
  if (flash.again) return "That passcode was already resent.";
  if (flash.resends === "suppressed")
    return "Not sent: that contact asked for no more messages. Choose another way to send it.";
  return `A new passcode was sent by ${BY[flash.channel]} (resend ${flash.resends} of ${security.passcodeMaxResends}). It is valid for ${security.passcodeValidMinutes} minutes; the code is never shown here.`;
}

/**
 * RESEND A PASSCODE (decision record 027): the code of the challenge the
 * borrower started on the site, to a contact on file, under the same limits
 * as RESEND CODE. The desk sees the challenge's state, never its code.
 */
export function PasscodeSection({
  challenge,
  phones,
  canAct,
  formKey,
  answer,
  flash,
}: {
  challenge: DeskPasscodeChallenge | null;
  phones: { home: string; cell: string };
  canAct: boolean;
  formKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "passcode" }> | null;
}) {
  const errors = answer?.errors ?? {};
  const { field } = deskFields("passcode", errors);
  const resendable =
    challenge &&
    (challenge.state === "open" || challenge.state === "expired") &&
    challenge.resends < security.passcodeMaxResends;
  const channels: PasscodeChannel[] = [...(phones.cell ? (["sms"] as const) : []), "voice", "email"];
  return (
    <section aria-labelledby="passcode-heading" className="card desk-passcode">
      <h2 id="passcode-heading">Passcode</h2>
      <FormBanners done={flash ? done(flash) : null} expired={errors.key} />
      <p>
        {challenge
          ? `${PURPOSES[challenge.purpose] ?? challenge.purpose} passcode, first sent by ${BY[challenge.channel as PasscodeChannel] ?? challenge.channel} at ${when(challenge.startedAt)}: ${stateOf(challenge)} Resends used: ${challenge.resends} of ${security.passcodeMaxResends}. Wrong entries: ${challenge.wrong} of ${security.passcodeMaxWrong}.`
          : `No passcode was sent in the last ${security.sessionIdleMinutes} minutes. The borrower asks for one on the site; then it can be resent here.`}
      </p>
      {errors.channel ? (
        <p id="passcode-channel-error" className="banner banner-error" role="alert">
          {errors.channel}
        </p>
      ) : null}
      {canAct && resendable ? (
        <form method="post" noValidate>
          <input type="hidden" name="intent" value="passcode" />
          <input type="hidden" name="key" value={formKey} />
          <div className="field-grid">
            <div className="field">
              <label htmlFor="passcode-channel">Send by</label>
              <select {...field("channel")} defaultValue={answer?.values.channel ?? channels[0]}>
                {channels.map((c) => (
                  <option key={c} value={c}>
                    {c === "sms"
                      ? `Text the cell (…${phones.cell.slice(-4)})`
                      : c === "voice"
                        ? `Call the home phone (…${phones.home.slice(-4)})`
                        : "E-mail the address on file"}
                  </option>
                ))}
              </select>
            </div>
            <ReasonInput prefix="passcode" answer={answer} />
          </div>
          <button type="submit" className="button button-outline">
            Resend the passcode
          </button>
        </form>
      ) : null}
    </section>
  );
}
