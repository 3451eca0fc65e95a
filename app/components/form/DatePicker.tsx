import { useEffect, useRef, useState } from "react";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"];
const pad = (n: number) => String(n).padStart(2, "0");
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const fromIso = (s: string) => new Date(`${s}T00:00:00Z`);
const addDays = (s: string, n: number) => iso(new Date(fromIso(s).getTime() + n * 86_400_000));
function addMonths(s: string, n: number) {
  const d = fromIso(s);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), last))));
}

/**
 * An accessible date picker (WAI-ARIA dialog + grid): arrows move a day or a
 * week, Page Up/Down a month (with Shift a year), Home/End the week's ends,
 * Enter or Space picks, Esc closes and returns focus to the calendar button.
 * Dates outside min/max are disabled and never focused; dates the
 * `isDateDisabled` predicate refuses (weekends, holidays) stay focusable with
 * aria-disabled, so the arrows can cross them, but cannot be picked. `inline`
 * shows the calendar in the page (a labelled group, no Close) instead of a popup.
 */
export function DatePicker({
  label,
  value,
  min,
  max,
  isDateDisabled,
  inline = false,
  onPick,
  onClose,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  isDateDisabled?: (iso: string) => boolean;
  inline?: boolean;
  onPick: (iso: string) => void;
  onClose?: () => void;
}) {
  const clamp = (s: string) => (min && s < min ? min : max && s > max ? max : s);
  const [focus, setFocus] = useState(() => clamp(value || iso(new Date())));
  const grid = useRef<HTMLTableElement>(null);
  // A popup takes focus when it opens; an inline calendar only once the person moves in it.
  const moved = useRef(!inline);

  useEffect(() => {
    if (moved.current) grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focus}"]`)?.focus();
  }, [focus]);

  // Keeps the focused day inside the range when the range changes (an inline calendar outlives its min/max).
  // biome-ignore lint/correctness/useExhaustiveDependencies: clamp reads min and max, the triggers listed.
  useEffect(() => {
    setFocus((f) => clamp(f));
  }, [min, max]);

  const d = fromIso(focus);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const start = addDays(iso(first), -first.getUTCDay());
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, i) => addDays(start, w * 7 + i)));
  const inRange = (s: string) => (!min || s >= min) && (!max || s <= max);
  const move = (to: string) => {
    moved.current = true;
    setFocus(clamp(to));
  };

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focus, event.shiftKey ? 12 : 1),
      Home: () => addDays(focus, -fromIso(focus).getUTCDay()),
      End: () => addDays(focus, 6 - fromIso(focus).getUTCDay()),
    };
    if (event.key === "Escape" && onClose) {
      event.preventDefault();
      onClose();
    } else if (moves[event.key]) {
      event.preventDefault();
      move(moves[event.key]!());
    }
  }

  const Title = inline ? "p" : "h2";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: WAI-ARIA's date picker dialog: the arrow keys move within its grid (axe-checked in the fits tests).
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or group, chosen at run time; aria-modal goes only with dialog.
    <div
      role={inline ? "group" : "dialog"}
      aria-modal={inline ? undefined : "false"}
      aria-label={inline ? `${label} calendar` : `Choose ${label}`}
      className={inline ? "date-picker inline" : "date-picker"}
      onKeyDown={onKeyDown}
    >
      <div className="date-picker-head">
        <button type="button" aria-label="Previous month" onClick={() => move(addMonths(focus, -1))}>
          ‹
        </button>
        <Title className="date-picker-title" aria-live="polite">
          {MONTHS[d.getUTCMonth()]} {d.getUTCFullYear()}
        </Title>
        <button type="button" aria-label="Next month" onClick={() => move(addMonths(focus, 1))}>
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's date picker: the month is a grid of day buttons. */}
      <table role="grid" ref={grid}>
        <thead>
          <tr>
            {DAYS.map((day) => (
              <th key={day} scope="col" abbr={day}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = fromIso(day).getUTCMonth() === d.getUTCMonth();
                const refused = inRange(day) && Boolean(isDateDisabled?.(day));
                return (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a grid (the table's role) carries aria-selected.
                  <td key={day} aria-selected={day === value}>
                    <button
                      type="button"
                      data-date={day}
                      tabIndex={day === focus ? 0 : -1}
                      disabled={!inRange(day)}
                      aria-disabled={refused ? true : undefined}
                      aria-label={`${MONTHS[fromIso(day).getUTCMonth()]} ${fromIso(day).getUTCDate()}, ${fromIso(day).getUTCFullYear()}`}
                      className={inMonth ? "day" : "day other-month"}
                      onClick={() => {
                        moved.current = true;
                        setFocus(day);
                        if (!refused) onPick(day);
                      }}
                    >
                      {fromIso(day).getUTCDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {onClose && !inline ? (
        <button type="button" className="link-button" onClick={onClose}>
          Close
        </button>
      ) : null}
    </div>
  );
}
