import type { PayFrequency } from "#domain/config";

/**
 * The pay-frequency choices shown by picture (spec file 1, section 4): a
 * month of 28 days as a 7 x 4 calendar, the paydays filled. The text
 * alternative says the same in words for a screen reader.
 */
const PAYDAYS: Record<PayFrequency, { days: number[]; words: string }> = {
  W: { days: [4, 11, 18, 25], words: "a payday every week of the month" },
  B: { days: [4, 18], words: "a payday every other week" },
  S: { days: [0, 14], words: "paydays on two set dates each month, such as the 1st and 15th" },
  M: { days: [25], words: "one payday a month" },
};

const CELL = 9;
const GAP = 2;

export function PayFrequencyPicture({ code }: { code: PayFrequency }) {
  const { days, words } = PAYDAYS[code];
  const width = 7 * CELL + 6 * GAP + 4;
  const height = 4 * CELL + 3 * GAP + 10;
  return (
    <svg
      className="pay-picture"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`Calendar: ${words}`}
      focusable="false"
    >
      <rect x="0.5" y="0.5" width={width - 1} height={height - 1} rx="3" fill="#fff" stroke="currentColor" />
      <rect x="0.5" y="0.5" width={width - 1} height="6" rx="3" fill="currentColor" />
      {Array.from({ length: 28 }, (_, day) => (
        <rect
          key={day}
          x={2 + (day % 7) * (CELL + GAP)}
          y={8 + Math.floor(day / 7) * (CELL + GAP)}
          width={CELL}
          height={CELL}
          rx="1.5"
          fill={days.includes(day) ? "currentColor" : "#e3ebe9"}
        />
      ))}
    </svg>
  );
}
