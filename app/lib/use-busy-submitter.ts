import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * The busy state of every form button on the site (components.css,
 * `.button[aria-busy="true"]`): the button that sent a form shows a spinner
 * while its answer is on the way. The submitter is remembered from the
 * browser's submit event (capture phase, before React Router takes the
 * submission over), and marked only once a submission really starts, so a
 * form refused by its own instant checks never looks busy.
 */
export function useBusySubmitter() {
  const navigation = useNavigation();
  const submitter = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      submitter.current = event.submitter instanceof HTMLElement ? event.submitter : null;
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, []);

  useEffect(() => {
    const button = submitter.current;
    if (navigation.state !== "submitting" || !button?.classList.contains("button")) return;
    button.setAttribute("aria-busy", "true");
    return () => {
      button.removeAttribute("aria-busy");
    };
  }, [navigation.state]);
}
