import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { formatMoney } from "#domain/format";
import { type DrawLimits, snapDrawAmount } from "#domain/rules/standing";
import { drawAmountError, drawFigures, parseDrawAmount } from "../../../routes/portal/draw.schema";
import { DrawCutoff } from "./DrawCutoff";

export interface DrawAmountFormProps {
  availableCents: number;
  /** The slider's top: available credit rounded down to the increment (0 when no draw fits). */
  maxCents: number;
  feePercent: number;
  /** The minimum draw and the increment the platform gives. */
  limits: DrawLimits;
  /** A draw block: the slider, the field and REVIEW REQUEST are disabled. */
  disabled: boolean;
  initialText: string;
  serverError: string | null;
}

const dollars = (cents: number) => String(cents / 100);

/**
 * The amount view: a slider that snaps to the increment (JavaScript only)
 * and the amount field that posts. Messages come from the same schema the
 * action re-checks with: at once while typing, and on REVIEW REQUEST.
 */
export function DrawAmountForm({
  availableCents,
  maxCents,
  feePercent,
  limits,
  disabled,
  initialText,
  serverError,
}: DrawAmountFormProps) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(serverError);
  // Server messages and the ones a submit finds are announced; those while typing are polite.
  const [assertive, setAssertive] = useState(Boolean(serverError));
  const field = useRef<HTMLInputElement>(null);
  // The server refused the amount (the form is new for each answer): the field with its message takes focus.
  useEffect(() => {
    if (serverError && !disabled) field.current?.focus();
  }, [serverError, disabled]);
  const cents = parseDrawAmount(text);
  const sliderCents = snapDrawAmount(Number.isNaN(cents) ? limits.minCents : cents, availableCents, limits);
  const figures = drawFigures(Number.isNaN(cents) || error ? 0 : cents, feePercent);

  function typed(next: string) {
    setText(next);
    setError(drawAmountError(next, availableCents, limits));
    setAssertive(false);
  }

  function slid(value: string) {
    const snapped = snapDrawAmount(Math.round(Number(value) * 100), availableCents, limits);
    setText(dollars(snapped));
    setError(null);
  }

  function review(event: React.FormEvent<HTMLFormElement>) {
    const problem = drawAmountError(text, availableCents, limits);
    if (!problem) return;
    event.preventDefault();
    setError(problem);
    setAssertive(true);
    field.current?.focus();
  }

  return (
    <Form method="post" className="card draw-amount" noValidate onSubmit={review} aria-labelledby="draw-amount-title">
      <h2 id="draw-amount-title">Select Your Draw Amount</h2>
      <p>
        Available credit: <strong>{formatMoney(availableCents, { cents: true })}</strong>. Draws start at{" "}
        {formatMoney(limits.minCents)}, in {formatMoney(limits.incrementCents)} increments.
      </p>
      <div className="draw-slider js-only">
        <label htmlFor="draw-slider">Draw amount</label>
        <input
          id="draw-slider"
          type="range"
          min={limits.minCents / 100}
          max={Math.max(maxCents, limits.minCents) / 100}
          step={limits.incrementCents / 100}
          value={sliderCents / 100}
          disabled={disabled}
          aria-valuetext={formatMoney(sliderCents)}
          onChange={(e) => slid(e.currentTarget.value)}
        />
        <div className="draw-slider-ends" aria-hidden="true">
          <span>{formatMoney(limits.minCents)}</span>
          <span>{formatMoney(Math.max(maxCents, limits.minCents))}</span>
        </div>
      </div>
      <div className={error ? "field has-error" : "field"}>
        <label htmlFor="amount">Amount ($)</label>
        <div className="input-row">
          <input
            ref={field}
            id="amount"
            name="amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={disabled ? "amount-error" : "amount-error draw-fee"}
            onChange={(e) => typed(e.currentTarget.value)}
          />
        </div>
        <p
          id="amount-error"
          className="field-error"
          role={error && assertive ? "alert" : undefined}
          aria-live={assertive ? undefined : "polite"}
        >
          {error ?? ""}
        </p>
      </div>
      {/* A blocked draw shows no fee: there is no draw to take it from. */}
      {disabled ? null : (
        <p id="draw-fee" className="draw-fee">
          Cash Advance Fee {formatMoney(figures.feeCents, { cents: true })} ({feePercent}%); you will receive{" "}
          {formatMoney(figures.receivedCents, { cents: true })}.
        </p>
      )}
      <DrawCutoff />
      <button type="submit" name="intent" value="review" className="button button-primary" disabled={disabled}>
        REVIEW REQUEST
      </button>
    </Form>
  );
}
