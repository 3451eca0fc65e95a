import { formatPhone } from "#domain/format";
import type { MarketingKind, PreferenceNotice } from "#domain/rules/preferences";
import { Modal } from "../Modal";

/**
 * The confirmation after a save, by the spec's popup type (its wording is
 * ours: the spec does not show it). A new e-mail also says the old address
 * was told and every other session ended.
 */
export function savedMessage(
  notice: PreferenceNotice | null,
  email: string,
  cell: string,
  previousEmail: string | null = null,
): string {
  const sent = sentMessage(notice, email, cell);
  return previousEmail
    ? `${sent} We also told your previous address, ${previousEmail}, and logged you out on every other device.`
    : sent;
}

function sentMessage(notice: PreferenceNotice | null, email: string, cell: string): string {
  switch (notice) {
    case "EMAIL":
      return `Your email address was updated. We sent a confirmation email to ${email}.`;
    case "SMSPHONE":
      return `Your phone number was updated. We sent a confirmation text message to ${formatPhone(cell)}.`;
    case "EMAILPHONE":
      return `Your phone number was updated. We sent a confirmation email to ${email}, because there is no cell phone number on your account to text.`;
    case "EMAIL&PHONE":
      return `Your email address and phone number were updated. We sent a confirmation email to ${email}${cell ? ` and a text message to ${formatPhone(cell)}` : ""}.`;
    default:
      return "Your preferences were saved.";
  }
}

const OPT_OUT_TEXT: Record<MarketingKind, string> = {
  email:
    "If you opt out of marketing emails, you will miss our offers and news by email. We will still email you about your account.",
  calls:
    "If you opt out of marketing calls and text messages, you will miss our offers by phone and text. We will still contact you about your account.",
};

/** "Are you sure?" as a popup (JavaScript): STAY INFORMED keeps the marketing on, OPT ME OUT turns it off. */
export function OptOutDialog({ kind, onDecide }: { kind: MarketingKind | null; onDecide: (optOut: boolean) => void }) {
  return (
    <Modal
      id="opt-out"
      title="Are you sure?"
      open={kind !== null}
      onClose={() => onDecide(false)}
      returnHref="#preferences-form"
    >
      <p>{kind ? OPT_OUT_TEXT[kind] : ""}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={() => onDecide(false)}>
          STAY INFORMED
        </button>
        <button type="button" className="button button-outline" onClick={() => onDecide(true)}>
          OPT ME OUT
        </button>
      </div>
    </Modal>
  );
}

/**
 * "Are you sure?" as part of the page, for a post that turns marketing off
 * without having asked (no JavaScript). Its buttons submit the form around it.
 */
export function OptOutPanel({ kinds, onStay }: { kinds: MarketingKind[]; onStay?: (event: React.MouseEvent) => void }) {
  return (
    <section className="card card-warning opt-out-panel" role="alert" aria-labelledby="opt-out-panel-title">
      <h2 id="opt-out-panel-title">Are you sure?</h2>
      {kinds.map((kind) => (
        <p key={kind}>{OPT_OUT_TEXT[kind]}</p>
      ))}
      <div className="button-row">
        <button type="submit" name="optOut" value="declined" className="button button-primary" onClick={onStay}>
          STAY INFORMED
        </button>
        <button type="submit" name="optOut" value="confirmed" className="button button-outline">
          OPT ME OUT
        </button>
      </div>
    </section>
  );
}

/** Leaving with unsaved changes: SAVE saves and then goes on, CANCEL goes on without saving; closing stays. */
export function UnsavedChangesDialog({
  guard,
}: {
  guard: {
    prompting: boolean;
    saving: boolean;
    error: string | null;
    saveAndGo: () => void;
    leaveWithoutSaving: () => void;
    stay: () => void;
  };
}) {
  return (
    <Modal
      id="unsaved-changes"
      title="Please Save Your Changes"
      open={guard.prompting}
      onClose={guard.stay}
      returnHref="#preferences-form"
    >
      <p>
        You have changes that are not saved yet. Select SAVE to save them before you go, or CANCEL to leave this page
        without saving.
      </p>
      {guard.error ? (
        <p className="form-alert" role="alert">
          {guard.error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={guard.saveAndGo} disabled={guard.saving}>
          SAVE
        </button>
        <button type="button" className="button button-outline" onClick={guard.leaveWithoutSaving}>
          CANCEL
        </button>
      </div>
    </Modal>
  );
}

export function SavedDialog({ open, message, onClose }: { open: boolean; message: string; onClose: () => void }) {
  return (
    <Modal
      id="preferences-saved"
      title="Preferences Saved"
      open={open}
      onClose={onClose}
      returnHref="#preferences-form"
    >
      <p>{message}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
