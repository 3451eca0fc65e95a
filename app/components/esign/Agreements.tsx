import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { type AgreementKind, consentMessages, REQUIRED_AGREEMENTS } from "../../routes/esign/consent.schema";
import { Modal } from "../Modal";

/** A document read in a popup that must be scrolled to the end before Agree / Disagree. */
export function AgreementModal({ kind, label, onClose }: { kind: AgreementKind; label: string; onClose: () => void }) {
  const doc = useFetcher<{ html: string }>();
  const decide = useFetcher();
  const [read, setRead] = useState(false);
  if (doc.state === "idle" && !doc.data) void doc.load(`/esign/document/${kind}`);
  return (
    <Modal id={`doc-${kind}`} title={label} open onClose={onClose} returnHref="#agreements">
      <p className="field-hint">
        You must scroll down to review the agreement and select Agree or Disagree at the bottom
      </p>
      <div
        className="agreement-scroll"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8) setRead(true);
        }}
        ref={(el) => {
          if (el && doc.data && el.scrollHeight <= el.clientHeight + 8) setRead(true);
        }}
      >
        {doc.data ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: agreement HTML the platform renders from our templates (escaped fields), never a person's text; the CSP blocks any script in it.
          <div className="document-body" dangerouslySetInnerHTML={{ __html: doc.data.html }} />
        ) : (
          <p>Loading…</p>
        )}
      </div>
      <div className="button-row">
        {(["agree", "disagree"] as const).map((verb) => (
          <button
            key={verb}
            type="button"
            className={verb === "agree" ? "button button-primary" : "button button-outline"}
            disabled={!read}
            onClick={() => {
              void decide.submit({ intent: `${verb}:${kind}` }, { method: "post", action: "/esign/consent" });
              onClose();
            }}
          >
            {verb === "agree" ? "Agree" : "Disagree"}
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** One agreement: agreed, declined (Disagree un-agrees it: the way forward needs a new reading), or not read yet. */
export function AgreementRow({
  kind,
  label,
  agreed,
  error,
  onOpen,
}: {
  kind: AgreementKind;
  label: string;
  agreed: boolean | undefined;
  error?: string;
  onOpen: () => void;
}) {
  const required = (REQUIRED_AGREEMENTS as readonly string[]).includes(kind);
  const declined = agreed === false;
  // A required agreement declined cannot be gone past: say so at once, not only after Save and Continue.
  // Agreed since the last Save and Continue (in the popup), its message from that save no longer holds.
  const message = agreed
    ? undefined
    : (error ?? (declined && required ? consentMessages[kind as (typeof REQUIRED_AGREEMENTS)[number]] : undefined));
  return (
    <div className="agreement-row">
      <span className={agreed ? "agreed" : declined ? "declined" : undefined}>
        {agreed ? "✓ " : ""}
        {label}
        {declined ? " (declined)" : null}
        <span className="visually-hidden">{agreed ? " (agreed)" : declined ? "" : " (not agreed)"}</span>
      </span>
      <Link
        id={`read-${kind}`}
        to={`/esign/document/${kind}`}
        className="button button-outline"
        onClick={(e) => {
          e.preventDefault();
          onOpen();
        }}
      >
        Read &amp; Agree<span className="visually-hidden"> to the {label}</span>
      </Link>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
