import { startRegistration } from "@simplewebauthn/browser";
import { useEffect, useRef, useState } from "react";
import { type PasskeyRef, RemovePasskeyDialog, RenamePasskeyDialog } from "./PasskeyDialogs";

interface Passkey {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

async function api<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api/passkeys${path}`, {
    method: body === undefined && path === "" ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(json.error ?? "Please try again.");
  return json;
}

const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * Passkeys in Preferences: add (named), list, rename and remove. A
 * self-contained section the portal's Preferences page hosts. Needs
 * JavaScript (WebAuthn is a browser API); without it, it says so.
 */
export function PasskeySection() {
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState("");
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyRef | null>(null);
  const [removing, setRemoving] = useState<PasskeyRef | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const load = () =>
    api<{ passkeys: Passkey[] }>("")
      .then((r) => setKeys(r.passkeys))
      .catch((e: Error) => setMessage(e.message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list loads once when the section mounts; each change reloads it itself.
  useEffect(() => void load(), []);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setMessage("Please name your passkey.");
    setBusy(true);
    setMessage("");
    try {
      const { challengeId, options } = await api<{
        challengeId: string;
        options: Parameters<typeof startRegistration>[0]["optionsJSON"];
      }>("/register/options", {});
      const response = await startRegistration({ optionsJSON: options });
      await api("/register/verify", { challengeId, response, name: name.trim() });
      setName("");
      setMessage("Your passkey was added. You can now log in with it.");
      await load();
    } catch (error) {
      setMessage(
        error instanceof Error && error.name === "NotAllowedError"
          ? "The passkey was not created."
          : (error as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }

  /** Answers null when renamed, else the message the dialog shows. */
  async function rename(key: PasskeyRef, next: string): Promise<string | null> {
    try {
      await api(`/${encodeURIComponent(key.id)}/rename`, { name: next });
    } catch (error) {
      return (error as Error).message;
    }
    setRenaming(null);
    setMessage(`The passkey was renamed "${next}".`);
    await load();
    return null;
  }

  async function remove(key: PasskeyRef) {
    try {
      await api(`/${encodeURIComponent(key.id)}/remove`, {});
      setMessage(`The passkey "${key.name}" was removed.`);
    } catch (error) {
      setMessage((error as Error).message);
    }
    setRemoving(null);
    await load();
    // The Remove button that opened the popup is gone: focus goes to the add form, not the page top.
    nameInput.current?.focus();
  }

  return (
    <section className="passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p>Log in with your fingerprint, face or screen lock instead of a password.</p>
      <p className="no-js-only">Passkeys need JavaScript turned on in your browser.</p>
      <div className="js-only">
        {keys === null ? (
          <p>Loading…</p>
        ) : keys.length === 0 ? (
          <p>You have no passkeys yet.</p>
        ) : (
          <ul className="passkey-list">
            {keys.map((key) => (
              <li key={key.id}>
                <span className="passkey-name">{key.name}</span>
                <span className="passkey-meta">
                  Added {day(key.createdAt)}
                  {key.lastUsedAt ? `, last used ${day(key.lastUsedAt)}` : ""}
                </span>
                <button type="button" className="link-button" onClick={() => setRenaming(key)}>
                  Rename<span className="visually-hidden"> {key.name}</span>
                </button>
                <button type="button" className="link-button" onClick={() => setRemoving(key)}>
                  Remove<span className="visually-hidden"> {key.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="passkey-add" onSubmit={(e) => void add(e)}>
          <div className="field">
            <label htmlFor="passkey-name">Name for a new passkey</label>
            <input
              ref={nameInput}
              id="passkey-name"
              value={name}
              maxLength={40}
              placeholder="e.g. My phone"
              onChange={(e) => setName(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            Add a passkey
          </button>
        </form>
        <p role="status" className="passkey-message">
          {message}
        </p>
      </div>
      <RenamePasskeyDialog target={renaming} onRename={rename} onCancel={() => setRenaming(null)} />
      <RemovePasskeyDialog target={removing} onRemove={remove} onCancel={() => setRemoving(null)} />
    </section>
  );
}
