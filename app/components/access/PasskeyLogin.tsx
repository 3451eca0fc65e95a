import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from "@simplewebauthn/browser";
import { useEffect, useState } from "react";

type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];

async function post<T>(path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`/api/passkeys${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(json.error ?? "Please try again.");
  return json;
}

/** One sign-in at a time: an autofill ceremony and a button press must not both sign in. */
let verifying = false;

async function signInWith(useBrowserAutofill: boolean) {
  const { challengeId, options } = await post<{ challengeId: string; options: Options }>("/login/options");
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill });
  if (verifying) return;
  verifying = true;
  try {
    const { redirectTo } = await post<{ redirectTo: string }>("/login/verify", { challengeId, response });
    // A full navigation: the new session cookie and the signed-in shell.
    window.location.assign(redirectTo);
  } catch (error) {
    verifying = false;
    throw error;
  }
}

/**
 * Passkey sign-in on the login page: a button, and browser autofill
 * (conditional mediation) on the e-mail field where supported.
 */
export function PasskeyLogin({ autofill }: { autofill: boolean }) {
  const [supported, setSupported] = useState(false);
  const [message, setMessage] = useState("");

  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    if (!autofill) return;
    void browserSupportsWebAuthnAutofill().then((yes) => {
      if (yes) signInWith(true).catch(() => undefined);
    });
    return () => WebAuthnAbortService.cancelCeremony();
  }, [autofill]);

  if (!supported) return null;
  return (
    <div className="passkey-login">
      <button
        type="button"
        className="button button-outline"
        onClick={() => {
          setMessage("");
          WebAuthnAbortService.cancelCeremony();
          signInWith(false).catch((error: Error) =>
            setMessage(error.name === "NotAllowedError" ? "Passkey sign-in was cancelled." : error.message),
          );
        }}
      >
        Log in with a passkey
      </button>
      <p role="status" className="passkey-message">
        {message}
      </p>
    </div>
  );
}
