import { formatMoney } from "#domain/format";
import { creditUsedPercent } from "#domain/rules/standing";

/** Spec file 3, section 4: the donut's text for delinquent and charged-off accounts. */
export const PAST_DUE_DONUT_TEXT = "YOUR ACCOUNT IS Past Due";

/**
 * What the donut says, in words: its text alternative and its caption. The
 * percent is the spec's creditUsedPercent (available / limit), the share the
 * ring fills. A past-due account has no credit to draw: it shows the notice
 * and available credit as $0.00 (spec file 3, section 4), whatever the
 * platform's figure.
 */
export function donutText(availableCents: number, limitCents: number, pastDue: boolean) {
  const percent = pastDue ? 0 : creditUsedPercent(availableCents, limitCents);
  if (pastDue) return { percent, label: `${PAST_DUE_DONUT_TEXT}. Available credit ${formatMoney(0, { cents: true })}` };
  return {
    percent,
    label: `Available credit ${formatMoney(availableCents, { cents: true })} of ${formatMoney(limitCents)} (${percent}% available)`,
  };
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Available credit as an SVG donut; the figure is named by its text alternative. */
export function CreditDonut({
  availableCents,
  limitCents,
  pastDue,
}: {
  availableCents: number;
  limitCents: number;
  pastDue: boolean;
}) {
  const { percent, label } = donutText(availableCents, limitCents, pastDue);
  return (
    <figure className={pastDue ? "donut donut-past-due" : "donut"}>
      <svg viewBox="0 0 128 128" width="160" height="160" role="img" aria-label={label}>
        <circle className="donut-track" cx="64" cy="64" r={RADIUS} fill="none" strokeWidth="14" />
        {/* Nothing to fill at 0% (and always when past due): a zero-length stroke with round caps would still draw a dot at the top. */}
        {percent > 0 ? (
          <circle
            className="donut-fill"
            cx="64"
            cy="64"
            r={RADIUS}
            fill="none"
            strokeWidth="14"
            strokeDasharray={`${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`}
            transform="rotate(-90 64 64)"
          />
        ) : null}
        {/* The percent says of what: a donut alone reads as "used" to most people. */}
        {pastDue ? null : (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group takes no focus; the figure's label says the same.
          <g aria-hidden="true">
            <text x="64" y="66" textAnchor="middle" className="donut-percent">
              {percent}%
            </text>
            <text x="64" y="86" textAnchor="middle" className="donut-word">
              available
            </text>
          </g>
        )}
      </svg>
      <figcaption aria-hidden="true">
        {pastDue ? (
          <>
            <strong className="donut-notice">
              YOUR ACCOUNT IS <span>Past Due</span>
            </strong>
            <span className="donut-zero">
              <strong>{formatMoney(0, { cents: true })}</strong> available credit
            </span>
          </>
        ) : (
          <>
            <strong>{formatMoney(availableCents, { cents: true })}</strong> available credit
          </>
        )}
      </figcaption>
    </figure>
  );
}
