import { finishers, type MaskName, masks } from "./masks";

/** The message under a field, linked to it for screen readers. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={`${id}-error`} className="field-error" role={message ? "alert" : undefined}>
      {message ?? ""}
    </p>
  );
}

export interface TextFieldProps {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  mask?: MaskName;
  inputMode?: "text" | "numeric" | "decimal" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  type?: "text" | "email" | "tel" | "password";
  placeholder?: string;
  hint?: string;
  /** Why a sensitive detail is asked and how it is kept (under the field, with a padlock). */
  reassure?: string;
  optional?: boolean;
  noPaste?: boolean;
  onBlurValue?: (value: string) => string;
  children?: React.ReactNode;
}

/** A labelled text input with its error slot; masks apply as the person types. */
export function TextField(props: TextFieldProps) {
  const { name, label, error, mask } = props;
  const describedBy = [props.hint ? `${name}-hint` : null, `${name}-error`, props.reassure ? `${name}-reassure` : null]
    .filter(Boolean)
    .join(" ");
  // Once left, a phone or an amount shows in its usual form (unless the page finishes it itself).
  const finish = props.onBlurValue ?? (mask ? finishers[mask] : undefined);
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={name}>
        {label}
        {props.optional ? <span className="optional"> (optional)</span> : null}
      </label>
      {props.hint ? (
        <p id={`${name}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      <div className="input-row">
        <input
          id={name}
          name={name}
          type={props.type ?? "text"}
          defaultValue={props.defaultValue}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onInput={
            mask
              ? (e) => {
                  const el = e.currentTarget;
                  el.value = masks[mask](el.value);
                }
              : undefined
          }
          onPaste={props.noPaste ? (e) => e.preventDefault() : undefined}
          onBlur={
            finish
              ? (e) => {
                  const el = e.currentTarget;
                  el.value = finish(el.value);
                }
              : undefined
          }
        />
        {props.children}
      </div>
      <FieldError id={name} message={error} />
      {props.reassure ? <Reassurance id={`${name}-reassure`} text={props.reassure} /> : null}
    </div>
  );
}

/** A padlock and a sentence: why this is asked and how it is kept. */
export function Reassurance({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="field-reassure">
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 3.5a2 2 0 1 1 4 0V6H6V4.5Z"
        />
      </svg>
      <span>{text}</span>
    </p>
  );
}

export function SelectField({
  name,
  label,
  options,
  defaultValue,
  error,
  disabled = [],
  onChange,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<{ code: string; label: string }>;
  defaultValue?: string;
  error?: string;
  disabled?: ReadonlyArray<string>;
  onChange?: (value: string) => void;
}) {
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={name}>{label}</label>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue ?? "0"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${name}-error`}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        <option value="0">Select</option>
        {options.map((o) => (
          <option key={o.code} value={o.code} disabled={disabled.includes(o.code)}>
            {o.label}
            {disabled.includes(o.code) ? " (not available)" : ""}
          </option>
        ))}
      </select>
      <FieldError id={name} message={error} />
    </div>
  );
}

export function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  error,
  onChange,
  className,
  picture,
}: {
  name: string;
  legend: string;
  options: ReadonlyArray<{ code: string; label: string }>;
  defaultValue?: string;
  error?: string;
  onChange?: (value: string) => void;
  className?: string;
  /** A picture beside each choice's text (pay frequency: spec file 1, section 4). */
  picture?: (code: string) => React.ReactNode;
}) {
  return (
    <fieldset
      className={`field radio-group ${className ?? ""} ${error ? "has-error" : ""}`}
      aria-describedby={`${name}-error`}
    >
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.code} className="radio">
          <input
            type="radio"
            name={name}
            value={o.code}
            defaultChecked={defaultValue === o.code}
            onChange={onChange ? () => onChange(o.code) : undefined}
          />
          {picture ? picture(o.code) : null}
          <span>{o.label}</span>
        </label>
      ))}
      <FieldError id={name} message={error} />
    </fieldset>
  );
}
