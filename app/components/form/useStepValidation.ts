import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "#domain/application/fields";
import { afterPress, watchPresses } from "../../lib/after-press";

/**
 * Instant messages from the same schema the server re-checks with: a field's
 * message appears when it is left, and submit shows every message and the
 * step alert instead of posting an invalid form. Without JavaScript none of
 * this runs and the server renders the same messages.
 *
 * A message shown goes as soon as its answer is given (a radio, a select or a
 * checkbox changed), and the step alert goes once no field is marked. A
 * message that appears or goes when a field is left by a press waits for the
 * press's release (afterPress), so the layout never moves under a finger.
 */
export function useStepValidation(schema: v.GenericSchema, serverErrors: Record<string, string> | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  const [alert, setAlert] = useState(Boolean(serverErrors && Object.keys(serverErrors).length));
  const touched = useRef(new Set<string>(Object.keys(serverErrors ?? {})));

  useEffect(() => {
    setErrors(serverErrors ?? {});
    setAlert(Boolean(serverErrors && Object.keys(serverErrors).length));
    for (const field of Object.keys(serverErrors ?? {})) touched.current.add(field);
  }, [serverErrors]);

  useEffect(watchPresses, []);

  function check(form: HTMLFormElement): Record<string, string> {
    const values = Object.fromEntries([...new FormData(form)].map(([k, value]) => [k, String(value)]));
    const result = v.safeParse(schema, values);
    return result.success ? {} : fieldErrors(result.issues);
  }

  /** The messages of the fields already left or submitted, read from the form as it is when this runs. */
  function recheck(form: HTMLFormElement) {
    const all = check(form);
    const shown = Object.fromEntries(Object.entries(all).filter(([field]) => touched.current.has(field)));
    setErrors(shown);
    if (Object.keys(shown).length === 0) setAlert(false);
  }

  function onBlur(event: React.FocusEvent<HTMLFormElement>) {
    const name = (event.target as EventTarget as HTMLInputElement).name;
    if (!name) return;
    touched.current.add(name);
    const form = event.currentTarget;
    afterPress(() => recheck(form));
  }

  /** A choice made (radio, checkbox, select): its message goes at once, not when the choice is left. */
  function onChange(event: React.FormEvent<HTMLFormElement>) {
    const target = event.target as EventTarget as HTMLInputElement;
    if (target.type !== "radio" && target.type !== "checkbox" && target.tagName !== "SELECT") return;
    if (!target.name || !touched.current.has(target.name)) return;
    const form = event.currentTarget;
    afterPress(() => recheck(form));
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

  return { errors, alert, formProps: { onBlur, onChange, onSubmit, noValidate: true } };
}
