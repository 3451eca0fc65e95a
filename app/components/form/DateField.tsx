import { useEffect, useRef, useState } from "react";
import { finishUsDate, isoToUs, parseUsDate } from "#domain/application/fields";
import { DatePicker } from "./DatePicker";
import { TextField } from "./Field";

/**
 * A mm/dd/yyyy field (slashes inserted as digits are typed) with a calendar
 * button. Without JavaScript it is a plain text field the server checks.
 * `isDateDisabled` refuses dates inside min/max too (weekends, holidays).
 * `inline` shows the calendar in the page under a field that becomes
 * read-only once scripts run (typing stays possible without JavaScript).
 */
export function DateField({
  name,
  label,
  defaultValue,
  error,
  hint,
  min,
  max,
  isDateDisabled,
  inline = false,
  autoComplete,
  onChange,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  min?: string;
  max?: string;
  isDateDisabled?: (iso: string) => boolean;
  inline?: boolean;
  autoComplete?: string;
  onChange?: (iso: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState(() => parseUsDate(defaultValue ?? "") ?? "");
  const button = useRef<HTMLButtonElement>(null);
  const input = () => document.getElementById(name) as HTMLInputElement | null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: input() finds the field by its name, which never changes.
  useEffect(() => {
    // The calendar is the way in once it works; React never sets readOnly, so this stays.
    const el = input();
    if (inline && el) el.readOnly = true;
  }, [inline]);

  function pick(iso: string) {
    const el = input();
    if (el) {
      el.value = isoToUs(iso);
      // Validate as if the person had typed it and left the field.
      el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
    setPicked(iso);
    onChange?.(iso);
    if (inline) return;
    setOpen(false);
    button.current?.focus();
  }

  // Built only when shown: the popup reads the field's text, which exists only in the browser.
  const picker = (value: string) => (
    <DatePicker
      label={label}
      value={value}
      min={min}
      max={max}
      isDateDisabled={isDateDisabled}
      inline={inline}
      onPick={pick}
      onClose={
        inline
          ? undefined
          : () => {
              setOpen(false);
              button.current?.focus();
            }
      }
    />
  );

  return (
    <div className={inline ? "date-field date-field-inline" : "date-field"}>
      <TextField
        name={name}
        label={label}
        defaultValue={defaultValue}
        error={error}
        hint={hint}
        mask="date"
        inputMode="numeric"
        maxLength={10}
        placeholder="mm/dd/yyyy"
        autoComplete={autoComplete}
        onBlurValue={(text) => {
          onChange?.(parseUsDate(text) ?? "");
          return finishUsDate(text);
        }}
      >
        {inline ? null : (
          <button
            ref={button}
            type="button"
            className="calendar-button js-only"
            aria-label={`Choose ${label} from a calendar`}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <rect x="2" y="4" width="16" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M2 8h16M6 2v4M14 2v4" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        )}
      </TextField>
      {inline ? (
        <div className="js-only">{picker(picked)}</div>
      ) : open ? (
        picker(parseUsDate(input()?.value ?? "") ?? "")
      ) : null}
    </div>
  );
}
