import { useEffect } from "react";
import { useSubmit } from "react-router";

const ACTIVITY = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

/**
 * Signed-in pages follow the server's 30-minute idle rule: with no activity
 * for that long the page logs out by itself and shows the login notice.
 */
export function useIdleLogout(enabled: boolean, idleMs: number) {
  const submit = useSubmit();
  useEffect(() => {
    if (!enabled) return;
    let timer = setTimeout(expire, idleMs);
    function expire() {
      void submit({ reason: "idle" }, { method: "post", action: "/logout" });
    }
    function activity() {
      clearTimeout(timer);
      timer = setTimeout(expire, idleMs);
    }
    for (const event of ACTIVITY) window.addEventListener(event, activity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, activity);
    };
  }, [enabled, idleMs, submit]);
}
