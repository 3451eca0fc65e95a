import { useEffect, useMemo, useRef, useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "#domain/application/fields";
import { sameEmail } from "#domain/rules/email";
import {
  formValuesFrom,
  type PreferenceFormValues,
  preferenceMessages,
  preferencesSchema,
  samePreferences,
} from "../../routes/portal/preferences.schema";

/**
 * The Preferences form in the browser: the same schema the action re-checks
 * gives instant messages (a field's message once it has been left), and
 * decides whether SAVE CHANGES may be used (valid and changed; a new e-mail
 * needs the current password typed). The inputs
 * stay uncontrolled, so the server-rendered form works as it is without
 * JavaScript; this hook reads them back after every keystroke and click.
 */
export function usePreferencesForm(
  saved: PreferenceFormValues,
  shown: PreferenceFormValues,
  serverErrors: Record<string, string> | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [values, setValues] = useState(shown);
  const [touched, setTouched] = useState(() => new Set(Object.keys(serverErrors ?? {})));
  const [emailReverted, setEmailReverted] = useState(serverErrors?.email === preferenceMessages.emailRequired);
  // Only the platform knows a password is wrong: its refusal shows until the password or the e-mail is typed again.
  const [passwordRefused, setPasswordRefused] = useState(serverErrors?.currentPassword ?? null);

  const sync = () => {
    if (formRef.current) setValues(formValuesFrom(new FormData(formRef.current)));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration: the form's values as the browser restored them.
  useEffect(() => {
    setHydrated(true);
    sync();
  }, []);

  // A post answered with messages (a refused save) shows them, whatever was touched before.
  useEffect(() => {
    if (!serverErrors) return;
    setTouched((before) => new Set([...before, ...Object.keys(serverErrors)]));
    setEmailReverted(serverErrors.email === preferenceMessages.emailRequired);
    setPasswordRefused(serverErrors.currentPassword ?? null);
  }, [serverErrors]);

  const schema = useMemo(() => preferencesSchema(saved.email), [saved.email]);
  const parsed = v.safeParse(schema, values);
  const opened = v.safeParse(schema, saved);
  const canSave = parsed.success && !(opened.success && samePreferences(parsed.output, opened.output));
  const clientErrors = parsed.success ? {} : fieldErrors(parsed.issues);
  const errors: Record<string, string> = hydrated
    ? Object.fromEntries(Object.entries(clientErrors).filter(([field]) => touched.has(field)))
    : { ...serverErrors };
  if (emailReverted) errors.email = preferenceMessages.emailRequired;
  if (passwordRefused) errors.currentPassword = passwordRefused;

  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name === "email") setEmailReverted(false);
    if (name === "email" || name === "currentPassword") setPasswordRefused(null);
    sync();
  }

  function onBlur(event: React.FocusEvent<HTMLFormElement>) {
    const name = (event.target as EventTarget as HTMLInputElement).name;
    if (name) setTouched((before) => new Set(before).add(name));
    sync();
  }

  return {
    formRef,
    formProps: { onInput, onChange: sync, onBlur, noValidate: true },
    values,
    errors,
    canSave,
    hydrated,
    /** The e-mail typed is another one: the current password field shows (it always shows without JavaScript). */
    emailChanged: values.email.trim() !== "" && !sameEmail(values.email, saved.email),
    /** An emptied e-mail goes back to the saved one, and the message says why. */
    revertEmptyEmail(value: string) {
      if (value.trim()) return value;
      setEmailReverted(true);
      return saved.email;
    },
    /** Empties the current password field: it was for one post only, so it does not linger in the form. */
    clearPassword() {
      const input = formRef.current?.elements.namedItem("currentPassword");
      if (input instanceof HTMLInputElement) input.value = "";
      sync();
    },
    /** Sets a YES/NO toggle from code (the "Are you sure?" answer). */
    setToggle(name: "emailMarketing" | "callMarketing", value: "yes" | "no") {
      // Each radio's own `checked` is set: React tracks it per input, and a radio
      // changed only through its group would not report the next click as a change.
      const radios = formRef.current?.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`) ?? [];
      for (const radio of radios) radio.checked = radio.value === value;
      sync();
    },
  };
}
