import { useEffect, useState } from "react";
import { startRegistration } from "@simplewebauthn/browser";

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

const day = (ms: number) => new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

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

  const load = () => api<{ passkeys: Passkey[] }>("").then((r) => setKeys(r.passkeys)).catch((e: Error) => setMessage(e.message));
  useEffect(() => void load(), []);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setMessage("Please name your passkey.");
    setBusy(true);
    setMessage("");
    try {
      const { challengeId, options } = await api<{ challengeId: string; options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>("/register/options", {});
      const response = await startRegistration({ optionsJSON: options });
      await api("/register/verify", { challengeId, response, name: name.trim() });
      setName("");
      setMessage("Your passkey was added. You can now log in with it.");
      await load();
    } catch (error) {
      setMessage(error instanceof Error && error.name === "NotAllowedError" ? "The passkey was not created." : (error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function rename(key: Passkey) {
    const next = window.prompt("New name for this passkey", key.name)?.trim();
    if (!next) return;
    await api(`/${encodeURIComponent(key.id)}/rename`, { name: next }).catch((e: Error) => setMessage(e.message));
    await load();
  }

  async function remove(key: Passkey) {
    if (!window.confirm(`Remove the passkey "${key.name}"?`)) return;
    await api(`/${encodeURIComponent(key.id)}/remove`, {}).catch((e: Error) => setMessage(e.message));
    setMessage(`The passkey "${key.name}" was removed.`);
    await load();
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
                <button type="button" className="link-button" onClick={() => void rename(key)}>
                  Rename<span className="visually-hidden"> {key.name}</span>
                </button>
                <button type="button" className="link-button" onClick={() => void remove(key)}>
                  Remove<span className="visually-hidden"> {key.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="passkey-add" onSubmit={(e) => void add(e)}>
          <div className="field">
            <label htmlFor="passkey-name">Name for a new passkey</label>
            <input id="passkey-name" value={name} maxLength={40} placeholder="e.g. My phone" onChange={(e) => setName(e.currentTarget.value)} />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>Add a passkey</button>
        </form>
        <p role="status" className="passkey-message">{message}</p>
      </div>
    </section>
  );
}
