import { formatMoney } from "../../lib/format";

/**
 * Available credit as a donut. The picture is decorative; its text
 * alternative says the same in words.
 */
export function CreditDonut({ availableCents, limitCents, pastDue }: { availableCents: number; limitCents: number; pastDue: boolean }) {
  const share = limitCents > 0 ? Math.max(0, Math.min(1, availableCents / limitCents)) : 0;
  const radius = 52;
  const circumference = 2 * Math.PI * radius;
  const label = pastDue
    ? "YOUR ACCOUNT IS Past Due"
    : `Available credit ${formatMoney(availableCents, { cents: true })} of ${formatMoney(limitCents)} (${Math.round(share * 100)}%)`;
  return (
    <figure className="donut">
      <svg viewBox="0 0 128 128" width="160" height="160" role="img" aria-label={label}>
        <circle cx="64" cy="64" r={radius} fill="none" stroke="#d5dfdc" strokeWidth="14" />
        <circle
          cx="64"
          cy="64"
          r={radius}
          fill="none"
          stroke={pastDue ? "#a4262c" : "#0d5c4d"}
          strokeWidth="14"
          strokeDasharray={`${circumference * share} ${circumference}`}
          transform="rotate(-90 64 64)"
          strokeLinecap="round"
        />
      </svg>
      <figcaption>
        {pastDue ? (
          <strong>YOUR ACCOUNT IS Past Due</strong>
        ) : (
          <>
            <strong>{formatMoney(availableCents, { cents: true })}</strong> available
          </>
        )}
      </figcaption>
    </figure>
  );
}
