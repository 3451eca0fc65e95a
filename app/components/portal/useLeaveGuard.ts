import { useEffect, useRef } from "react";
import { useBlocker, useFetcher } from "react-router";

/**
 * Unsaved changes are not lost by accident: a link inside the site is held
 * (useBlocker) so the page can ask "Please Save Your Changes", and leaving
 * the site asks the browser's own question (beforeunload). SAVE in the
 * prompt posts the form with a fetcher while the link stays held, and lets
 * it go once the save is good; a failed save keeps the prompt, saying why.
 */
export function useLeaveGuard(
  unsaved: boolean,
  formRef: React.RefObject<HTMLFormElement | null>,
  failureMessage: string,
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  const save = useFetcher<{ result: string; message?: string }>();
  const saving = useRef(false);
  /** The held link a SAVE was tried for: an old failure is not shown for a later prompt. */
  const triedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  useEffect(() => {
    if (!saving.current || save.state !== "idle" || !save.data) return;
    saving.current = false;
    if (save.data.result === "saved" && blocker.state === "blocked") blocker.proceed();
  }, [save.state, save.data, blocker]);

  const failed =
    blocker.state === "blocked" &&
    triedFor.current === blocker.location.key &&
    save.state === "idle" &&
    save.data !== undefined &&
    save.data.result !== "saved";
  return {
    prompting: blocker.state === "blocked",
    saving: save.state !== "idle",
    /** Shown in the prompt when its SAVE did not go through. */
    error: failed ? (save.data?.message ?? failureMessage) : null,
    saveAndGo() {
      if (blocker.state !== "blocked" || !formRef.current) return;
      saving.current = true;
      triedFor.current = blocker.location.key;
      void save.submit(formRef.current, { method: "post" });
    },
    leaveWithoutSaving() {
      if (blocker.state === "blocked") blocker.proceed();
    },
    stay() {
      if (blocker.state === "blocked") blocker.reset();
    },
  };
}
