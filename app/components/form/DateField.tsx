import { useRef, useState } from "react";
import { isoToUs, parseUsDate } from "../../routes/apply/fields";
import { DatePicker } from "./DatePicker";
import { TextField } from "./Field";

/**
 * A mm/dd/yyyy field (slashes inserted as digits are typed) with a calendar
 * button. Without JavaScript it is a plain text field the server checks.
 */
export function DateField({ name, label, defaultValue, error, min, max, autoComplete, onChange }: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  min?: string;
  max?: string;
  autoComplete?: string;
  onChange?: (iso: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const input = () => document.getElementById(name) as HTMLInputElement | null;

  function pick(iso: string) {
    const el = input();
    if (el) {
      el.value = isoToUs(iso);
      // Validate as if the person had typed it and left the field.
      el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
    onChange?.(iso);
    setOpen(false);
    button.current?.focus();
  }

  return (
    <div className="date-field">
      <TextField name={name} label={label} defaultValue={defaultValue} error={error} mask="date" inputMode="numeric" maxLength={10} placeholder="mm/dd/yyyy" autoComplete={autoComplete} onBlurValue={(text) => { onChange?.(parseUsDate(text) ?? ""); return text; }}>
        <button ref={button} type="button" className="calendar-button js-only" aria-label={`Choose ${label} from a calendar`} aria-expanded={open} onClick={() => setOpen(!open)}>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <rect x="2" y="4" width="16" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M2 8h16M6 2v4M14 2v4" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      </TextField>
      {open ? (
        <DatePicker
          label={label}
          value={parseUsDate(input()?.value ?? "") ?? ""}
          min={min}
          max={max}
          onPick={pick}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
