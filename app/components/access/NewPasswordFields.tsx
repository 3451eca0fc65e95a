import { useState } from "react";
import { passwordCriteria } from "#domain/passwords";
import { FieldError } from "../form/Field";

/** Password with a show/hide toggle and the live criteria list, then its confirmation. */
export function NewPasswordFields({ errors }: { errors: Record<string, string> }) {
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  return (
    <>
      <div className={errors.password ? "field has-error" : "field"}>
        <label htmlFor="password">Password</label>
        <div className="input-row">
          <input
            id="password"
            name="password"
            type={shown ? "text" : "password"}
            autoComplete="new-password"
            maxLength={20}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby="password-criteria password-error"
            onChange={(e) => setPassword(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === " ") e.preventDefault();
            }}
          />
          <button
            type="button"
            className="button button-outline js-only"
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? "Hide" : "Show"}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
        <ul id="password-criteria" className="criteria" aria-label="Password criteria">
          {passwordCriteria.map((c) => (
            <li key={c.id} className={c.test(password) ? "met" : undefined}>
              {c.label}
              <span className="visually-hidden">{c.test(password) ? " (met)" : " (not met yet)"}</span>
            </li>
          ))}
        </ul>
        <FieldError id="password" message={errors.password} />
      </div>
      <div className={errors.confirmPassword ? "field has-error" : "field"}>
        <label htmlFor="confirmPassword">Confirm Password</label>
        <input
          id="confirmPassword"
          name="confirmPassword"
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          maxLength={20}
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby="confirmPassword-error"
        />
        <FieldError id="confirmPassword" message={errors.confirmPassword} />
      </div>
    </>
  );
}
