/**
 * A message shown when a field is left must not move the page while a press
 * is under way: leaving the field IS the press on something else (a button,
 * a tick box below it), and a line of text inserted between the press and the
 * release carries that control away from the finger, so the tap lands on
 * nothing (issue 33).
 *
 * With a mouse, the field is left on the button's press and the release comes
 * later: the message waits for the release. With a finger, the browser sends
 * the press, the release and the click together after the touch ends: the
 * message waits for that task to finish. Either way it shows a moment later,
 * once the tap has landed where it was aimed. Keyboard use (Tab) sees no delay
 * worth the name.
 */

let pressing = false;
let listening = false;

function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  document.addEventListener(
    "pointerdown",
    () => {
      pressing = true;
    },
    true,
  );
  for (const end of ["pointerup", "pointercancel"] as const)
    document.addEventListener(
      end,
      () => {
        pressing = false;
      },
      true,
    );
}

// From the first import on, so a press already under way when a field is left is known.
listen();

/** Runs `show` once any press under way has landed (its click dispatched). */
export function afterPress(show: () => void): void {
  if (!pressing) {
    setTimeout(show, 0);
    return;
  }
  const release = () => {
    document.removeEventListener("pointerup", release, true);
    document.removeEventListener("pointercancel", release, true);
    // The click follows the release in the same task: show after it.
    setTimeout(show, 0);
  };
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);
}
