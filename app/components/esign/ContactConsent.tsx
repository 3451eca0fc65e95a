import { useState } from "react";
import { Modal } from "../Modal";

/**
 * What marketing texts are, said where the borrower turns them down: offers,
 * not the account's own messages, which go whatever the answer (issue 33: the
 * popup promised "payment reminders", which are not marketing).
 */
export const STAY_INFORMED_TEXT =
  "Marketing texts tell you about our offers and news. Messages about your account, such as passcodes and payment notices, are not marketing: we send them whatever you choose here. You can stop marketing texts at any time.";

/**
 * Contact consent (spec file 2, section 2.6): marketing texts yes/no, where
 * No opens the Stay informed popup, and marketing calls. The texts question's
 * message goes as soon as it is answered.
 */
export function ContactConsent({
  texts,
  calls,
  error,
  onTexts,
  onCalls,
}: {
  texts: boolean | null;
  calls: boolean;
  error: string | undefined;
  onTexts: (yes: boolean) => void;
  onCalls: (yes: boolean) => void;
}) {
  const [warning, setWarning] = useState(false);
  const message = texts === null ? (error ?? "") : "";
  return (
    <>
      <fieldset id="texts" className="field radio-group">
        <legend>Contact Consent: may we send you marketing texts?</legend>
        <label className="radio">
          <input
            type="radio"
            name="marketingTexts"
            value="yes"
            checked={texts === true}
            onChange={() => onTexts(true)}
          />{" "}
          Yes
        </label>
        <label className="radio">
          <input
            type="radio"
            name="marketingTexts"
            value="no"
            checked={texts === false}
            onChange={() => {
              onTexts(false);
              setWarning(true);
            }}
          />{" "}
          No
        </label>
        <p className="field-error" role={message ? "alert" : undefined}>
          {message}
        </p>
      </fieldset>
      <fieldset className="field radio-group">
        <legend>May we call you about offers?</legend>
        <label className="radio">
          <input type="radio" name="marketingCalls" value="yes" checked={calls} onChange={() => onCalls(true)} /> Yes
        </label>
        <label className="radio">
          <input type="radio" name="marketingCalls" value="no" checked={!calls} onChange={() => onCalls(false)} /> No
        </label>
      </fieldset>
      <Modal
        id="texts-warning"
        title="Stay informed"
        open={warning}
        onClose={() => setWarning(false)}
        returnHref="#texts"
      >
        <p>{STAY_INFORMED_TEXT}</p>
        {/* Spec file 2, section 4: STAY INFORMED sets texts and calls to yes. */}
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            onTexts(true);
            onCalls(true);
            setWarning(false);
          }}
        >
          STAY INFORMED
        </button>
      </Modal>
    </>
  );
}
