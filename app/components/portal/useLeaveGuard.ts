import { useEffect, useRef } from "react";
import { createPath, useBlocker, useNavigate } from "react-router";

/**
 * Unsaved changes are not lost by accident: a link inside the site is held
 * (useBlocker) so the page can ask "Please Save Your Changes", and leaving
 * the site asks the browser's own question (beforeunload). `outcome` is the
 * latest post's answer: after SAVE in the prompt, a good save goes on to
 * where the borrower was heading; anything else stays to show why.
 */
export function useLeaveGuard(unsaved: boolean, save: () => void, outcome: { result: string } | undefined) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  const navigate = useNavigate();
  const destination = useRef<string | null>(null);

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
    const to = destination.current;
    if (!outcome || !to) return;
    destination.current = null;
    if (outcome.result === "saved") void navigate(to);
  }, [outcome, navigate]);

  return {
    prompting: blocker.state === "blocked",
    /** True while a save from the prompt is on its way (the page skips its own confirmation then). */
    leavingAfterSave: () => destination.current !== null,
    saveAndGo() {
      if (blocker.state !== "blocked") return;
      destination.current = createPath(blocker.location);
      blocker.reset();
      save();
    },
    leaveWithoutSaving() {
      if (blocker.state === "blocked") blocker.proceed();
    },
    stay() {
      if (blocker.state === "blocked") blocker.reset();
    },
  };
}
