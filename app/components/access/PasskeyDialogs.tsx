import { useEffect, useRef, useState } from "react";
import { Modal } from "../Modal";

export interface PasskeyRef {
  id: string;
  name: string;
}

/**
 * Rename a passkey in the site's own popup rather than window.prompt: the
 * browser's prompt cannot be labelled, styled or checked, and some browsers
 * suppress it. The name rules match the add form (required, 40 characters).
 */
export function RenamePasskeyDialog({
  target,
  onRename,
  onCancel,
}: {
  target: PasskeyRef | null;
  onRename: (key: PasskeyRef, name: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setName(target?.name ?? "");
    setError("");
    // The popup opens in Modal's effect, which runs before this one: the name field, not the X, takes focus.
    if (target) input.current?.select();
  }, [target]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!target) return;
    const next = name.trim();
    if (!next) return setError("Please name your passkey.");
    setBusy(true);
    const failure = await onRename(target, next);
    setBusy(false);
    if (failure) setError(failure);
  }

  return (
    <Modal
      id="rename-passkey"
      title="Rename passkey"
      open={target !== null}
      onClose={onCancel}
      returnHref="#passkeys-title"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="rename-passkey-name">New name for this passkey</label>
          <input
            ref={input}
            id="rename-passkey-name"
            value={name}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "rename-passkey-error" : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {error ? (
            <p id="rename-passkey-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={busy}>
            SAVE
          </button>
          <button type="button" className="button button-outline" onClick={onCancel}>
            CANCEL
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Removing a passkey asks first, in the site's popup (not window.confirm), naming the key. */
export function RemovePasskeyDialog({
  target,
  onRemove,
  onCancel,
}: {
  target: PasskeyRef | null;
  onRemove: (key: PasskeyRef) => Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!target) return;
    setBusy(true);
    await onRemove(target);
    setBusy(false);
  }
  return (
    <Modal
      id="remove-passkey"
      title="Remove passkey?"
      open={target !== null}
      onClose={onCancel}
      returnHref="#passkeys-title"
    >
      <p>
        You will no longer be able to log in with the passkey “{target?.name}”. You can still log in with your password,
        and you can add a passkey again at any time.
      </p>
      <div className="button-row">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void confirm()}>
          REMOVE
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          CANCEL
        </button>
      </div>
    </Modal>
  );
}
