import { useEffect, useRef, useState } from "react";

/**
 * The key that gives a fresh set of boxes after each verdict on a code: each
 * new answer from the server, even one saying the same as the last (two wrong
 * codes in a row). An answer that decided nothing (`keepCode`: the platform
 * failed) keeps the digits typed.
 */
export function useFreshBoxesKey(answer: unknown, keepCode: boolean): number {
  const seen = useRef<{ answer: unknown; count: number }>({ answer: undefined, count: 0 });
  if (answer !== seen.current.answer)
    seen.current = { answer, count: keepCode ? seen.current.count : seen.current.count + 1 };
  return seen.current.count;
}

/**
 * Six single-digit boxes: typing moves on, Backspace clears a box (and steps
 * back when it is already empty), the arrow keys, Home and End move between
 * them, pasting six digits fills them all. NEXT is
 * enabled only when all six are filled. Without JavaScript they are six
 * plain inputs the server joins.
 */
export function PasscodeBoxes({ onComplete }: { onComplete: (complete: boolean) => void }) {
  const [digits, setDigits] = useState(["", "", "", "", "", ""]);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  // A fresh set of boxes starts incomplete (NEXT disabled).
  useEffect(() => onComplete(false), [onComplete]);

  function update(next: string[]) {
    setDigits(next);
    onComplete(next.every((d) => /^\d$/.test(d)));
  }

  function onInput(i: number, value: string) {
    const all = value.replace(/\D/g, "");
    // Typing into a filled box replaces its digit.
    const typed = digits[i] && all.length > 1 && all.startsWith(digits[i]) ? all.slice(digits[i].length) : all;
    const next = [...digits];
    if (typed.length > 1) {
      // Several digits at once (one-time-code autofill, dictation): spread them over the boxes.
      const spread = typed.slice(-(6 - i));
      for (const [k, d] of [...spread].entries()) next[i + k] = d;
      update(next);
      boxes.current[Math.min(5, i + spread.length)]?.focus();
      return;
    }
    next[i] = typed;
    update(next);
    if (typed && i < 5) boxes.current[i + 1]?.focus();
  }

  function onKeyDown(i: number, event: React.KeyboardEvent<HTMLInputElement>) {
    // Left/Right step between boxes, Home/End jump to the first and last (one field of six, to the keyboard).
    const moveTo = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: 5 }[event.key];
    if (moveTo !== undefined) {
      event.preventDefault();
      const box = boxes.current[Math.max(0, Math.min(5, moveTo))];
      box?.focus();
      box?.select();
      return;
    }
    if (event.key !== "Backspace") return;
    event.preventDefault();
    const next = [...digits];
    if (next[i]) {
      next[i] = "";
    } else if (i > 0) {
      next[i - 1] = "";
      boxes.current[i - 1]?.focus();
    }
    update(next);
  }

  function onPaste(event: React.ClipboardEvent) {
    const pasted = event.clipboardData.getData("text").replace(/\D/g, "");
    if (pasted.length !== 6) return;
    event.preventDefault();
    update(pasted.split(""));
    boxes.current[5]?.focus();
  }

  return (
    <fieldset className="passcode" onPaste={onPaste}>
      <legend>Enter the six-digit passcode</legend>
      <div className="passcode-boxes">
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            name={`d${i + 1}`}
            aria-label={`Digit ${i + 1} of 6`}
            inputMode="numeric"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            maxLength={i === 0 ? 6 : 1}
            value={digit}
            onChange={(e) => onInput(i, e.currentTarget.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
          />
        ))}
      </div>
    </fieldset>
  );
}
