/**
 * Layout changes that wait for a press to end.
 *
 * A field is left (blur) during the mousedown of the press that moves focus
 * elsewhere; on a phone, during the mousedown a tap is turned into. A message
 * that then appears or goes under the field moves everything below it before
 * the press is released, and the click lands on whatever moved under the
 * finger: a tap on "Direct Deposit" or CONTINUE does nothing. So a change
 * asked for while a press is down runs once the press is released and its
 * click has been dispatched. Without a press (Tab, Enter) it runs at once.
 */

/** The longest a change waits for a release that never comes (the window lost focus mid-press). */
const MAX_WAIT_MS = 2_000;

let pressing = false;
let waiting: Array<() => void> = [];
let fallback: ReturnType<typeof setTimeout> | undefined;
let installed = false;

function flush() {
  pressing = false;
  clearTimeout(fallback);
  const run = waiting;
  waiting = [];
  for (const change of run) change();
}

/** After the release's click: click follows mouseup in the same task, so a timeout of 0 runs after it. */
const release = () => setTimeout(flush, 0);

function install() {
  if (installed || typeof document === "undefined") return;
  installed = true;
  // Capture: before the browser's default action moves focus (and fires the blur) for this press.
  document.addEventListener(
    "mousedown",
    () => {
      pressing = true;
      clearTimeout(fallback);
      fallback = setTimeout(flush, MAX_WAIT_MS);
    },
    true,
  );
  document.addEventListener("mouseup", release, true);
  document.addEventListener("dragend", release, true);
  window.addEventListener("blur", release);
}

/** Installs the press watch (call once the page is interactive, e.g. from an effect). */
export function watchPresses() {
  install();
}

/** Runs `change` now, or once the press under way is released and its click dispatched. */
export function afterPress(change: () => void) {
  install();
  if (pressing) waiting.push(change);
  else change();
}

// From the first import on (in the browser), so a press already under way when a field is left is known.
install();
