import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "#domain/application/fields";

/**
 * Instant messages from the same schema the server re-checks with: a field's
 * message appears when it is left, and submit shows every message and the
 * step alert instead of posting an invalid form. Without JavaScript none of
 * this runs and the server renders the same messages.
 */
export function useStepValidation(schema: v.GenericSchema, serverErrors: Record<string, string> | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const [alert, setAlert] = useState(Boolean(serverErrors && Object.keys(serverErrors).length));
  const touched = useRef(new Set<string>());

  useEffect(() => {
    setErrors(serverErrors ?? {});
    setAlert(Boolean(serverErrors && Object.keys(serverErrors).length));
  }, [serverErrors]);

  function check(form: HTMLFormElement): Record<string, string> {
    const values = Object.fromEntries([...new FormData(form)].map(([k, value]) => [k, String(value)]));
    const result = v.safeParse(schema, values);
    return result.success ? {} : fieldErrors(result.issues);
  }

  function onBlur(event: React.FocusEvent<HTMLFormElement>) {
    const name = (event.target as EventTarget as HTMLInputElement).name;
    if (!name) return;
    touched.current.add(name);
    const all = check(event.currentTarget);
    setErrors(Object.fromEntries(Object.entries(all).filter(([field]) => touched.current.has(field))));
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const all = check(event.currentTarget);
    if (Object.keys(all).length === 0) return;
    event.preventDefault();
    for (const field of Object.keys(all)) touched.current.add(field);
    setErrors(all);
    setAlert(true);
    const first = event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(all)[0]}"]`);
    first?.focus();
  }

  return { errors, alert, formProps: { onBlur, onSubmit, noValidate: true } };
}
