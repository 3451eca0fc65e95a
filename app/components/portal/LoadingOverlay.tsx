import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Quick answers never flash the overlay; only a wait a person would notice shows it. */
const SHOW_AFTER_MS = 400;

/**
 * The portal's full-page loading overlay (spec file 3, section 2), following
 * React Router's navigation state as the loading flag: a page load or a form
 * post that takes longer than a moment covers the page, so nothing is
 * clicked twice, and says so to screen readers. Without JavaScript the
 * browser's own loading indicator does this job.
 */
export function LoadingOverlay() {
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) return setShown(false);
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    // The status region stays in the page (empty until shown), so its text is announced when it appears.
    <div className={shown ? "loading-overlay is-shown" : "loading-overlay"}>
      <div className="loading-box" role="status">
        {shown ? (
          <>
            <span className="loading-spinner" aria-hidden="true" />
            Loading…
          </>
        ) : null}
      </div>
    </div>
  );
}
