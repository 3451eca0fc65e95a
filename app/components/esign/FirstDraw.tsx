import { useEffect, useRef, useState } from "react";
import { cashAdvanceFeeAtPercent } from "#domain/fees";
import { formatMoney } from "#domain/format";
import { moneyInputCents } from "#domain/rules/money-input";
import type { DrawLimits } from "#domain/rules/standing";
import type { EsignState } from "#server/sessions/session-data";
import { afterPress } from "../../lib/after-press";
import { drawText, type FirstDrawInput } from "../../routes/esign/consent.schema";

/**
 * The first draw's field as the borrower works it (issue 33): the rule's
 * message comes when the field is left (once a press under way has landed,
 * so the box below never moves under the finger), text that is not an amount
 * is said so as it is typed, a message shown follows the amount, and it goes
 * as soon as the amount may be drawn. `check` is the consent
 * schema's (firstDrawError); `answer` is the page's last answer, whose
 * message the field shows until the amount changes.
 */
export function useFirstDraw(
  state: EsignState,
  check: (input: FirstDrawInput) => string | null,
  answer: { errors?: Record<string, string> } | undefined,
) {
  const [text, setText] = useState(state.refuseDraw ? "" : drawText(state.drawCents));
  const [refused, setRefused] = useState(state.refuseDraw);
  const [previous, setPrevious] = useState(text);
  const [message, setMessage] = useState(answer?.errors?.drawAmount ?? "");
  // Each answer from Save and Continue brings its own message (or none).
  useEffect(() => setMessage(answer?.errors?.drawAmount ?? ""), [answer]);
  const latest = useRef({ text, refused });
  latest.current = { text, refused };
  const input: FirstDrawInput = { drawAmount: text, refuseDraw: refused };
  return {
    input,
    text,
    refused,
    message: refused ? "" : message,
    /** The fee and what is received are shown only for an amount that may be drawn. */
    allowed: !refused && check(input) === null,
    type(next: string) {
      setText(next);
      // Text that is not an amount is said so at once; a message already shown follows the amount as it is corrected.
      const notAnAmount = next.trim() !== "" && moneyInputCents(next) === null;
      if (message || notAnAmount) setMessage(check({ drawAmount: next, refuseDraw: false }) ?? "");
    },
    leave() {
      afterPress(() => {
        const now = latest.current;
        // Blank is not an answer yet: "select a draw amount or check the box" waits for Save and Continue.
        if (now.refused || now.text.trim() === "") return;
        setMessage(check({ drawAmount: now.text, refuseDraw: false }) ?? "");
      });
    },
    /** Ticking stores the amount and sets the draw to 0; unticking restores it (spec file 2, section 4). */
    refuse(on: boolean) {
      setRefused(on);
      if (on) {
        setPrevious(text);
        setText("");
      } else {
        setText(previous);
        setMessage(previous.trim() === "" ? "" : (check({ drawAmount: previous, refuseDraw: false }) ?? ""));
      }
    },
  };
}

type FirstDrawState = ReturnType<typeof useFirstDraw>;

/** Request Your First Draw (spec file 2, section 2.6): the amount, its figures, and the refuse box. */
export function FirstDraw({
  draw,
  limitCents,
  feePercent,
  limits,
}: {
  draw: FirstDrawState;
  limitCents: number;
  feePercent: number;
  limits: DrawLimits;
}) {
  const cents = draw.allowed ? (moneyInputCents(draw.text) ?? 0) : 0;
  const fee = cashAdvanceFeeAtPercent(cents, feePercent);
  return (
    <fieldset className="field">
      <legend>Request Your First Draw</legend>
      <div className="field">
        <label htmlFor="drawAmount">Draw amount ($)</label>
        {/* Typed as people type money ($, commas, cents); what is not an amount is said so, never changed. */}
        <input
          id="drawAmount"
          name="drawAmount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draw.text}
          disabled={draw.refused}
          aria-invalid={draw.message ? true : undefined}
          aria-describedby="drawAmount-error draw-figures"
          onChange={(e) => draw.type(e.currentTarget.value)}
          onBlur={() => draw.leave()}
        />
        <p id="drawAmount-error" className="field-error" role={draw.message ? "alert" : undefined}>
          {draw.message}
        </p>
      </div>
      <p id="draw-figures" className="field-hint">
        Minimum {formatMoney(limits.minCents)}, in {formatMoney(limits.incrementCents)} steps, up to{" "}
        {formatMoney(limitCents)}.
        {draw.allowed ? (
          <>
            {" "}
            Cash advance fee: {formatMoney(fee, { cents: true })}; you receive{" "}
            {formatMoney(cents - fee, { cents: true })}.
          </>
        ) : null}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="refuseDraw"
          checked={draw.refused}
          onChange={(e) => draw.refuse(e.currentTarget.checked)}
        />{" "}
        I don't want to draw right now
      </label>
    </fieldset>
  );
}
