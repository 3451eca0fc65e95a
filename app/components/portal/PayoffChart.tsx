import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { statementsPerYear } from "#domain/config";
import { formatMoney } from "#domain/format";
import { balancesByYear, type Projected, type ProjectionFigures } from "#domain/rules/payoff-warning";

/**
 * The balance over time, paying only the minimum against paying the chosen amount: an SVG drawn on
 * the server (d3-scale for the axes, d3-shape for the paths), so it shows without JavaScript. The
 * two lines differ in style (solid, dashed) and are named in the legend, not by colour alone; the
 * same figures are a table one tap away, for screen readers and anyone who prefers numbers.
 */
const WIDTH = 360;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 12, bottom: 30, left: 52 };

/** A scenario's points: each statement's new balance, then zero once the last payment repays it. */
function pointsOf(figures: ProjectionFigures): [number, number][] {
  const points = figures.balances.map((cents, statement): [number, number] => [statement, cents]);
  if (figures.statements !== null) points.push([figures.statements, 0]);
  return points;
}

export function PayoffChart({ projection, fixedLabel }: { projection: Projected; fixedLabel: string | null }) {
  const minimum = pointsOf(projection.minimum);
  const fixed = projection.fixed ? pointsOf(projection.fixed) : null;
  const lastStatement = Math.max(minimum.at(-1)![0], fixed?.at(-1)?.[0] ?? 0, 1);
  const highest = Math.max(...minimum.map((p) => p[1]), ...(fixed ?? []).map((p) => p[1]), 1);
  const x = scaleLinear([0, lastStatement], [MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear([0, highest], [HEIGHT - MARGIN.bottom, MARGIN.top]).nice(4);
  const path = line<[number, number]>(
    (p) => x(p[0]),
    (p) => y(p[1]),
  );
  return (
    <figure className="payoff-chart">
      {/* One string for the name: React may hoist a <title> out of a server-rendered SVG, leaving it unnamed. */}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={chartLabel(projection, fixedLabel)}
        className="payoff-chart-svg"
      >
        <Axes x={x} y={y} perYear={statementsPerYear[projection.billingCycle]} lastStatement={lastStatement} />
        <path d={path(minimum) ?? ""} className="payoff-line payoff-line-minimum" />
        {fixed ? <path d={path(fixed) ?? ""} className="payoff-line payoff-line-fixed" /> : null}
      </svg>
      <figcaption>
        <ul className="payoff-legend">
          <li>
            <LegendLine kind="minimum" /> Paying only the minimum (solid line)
          </li>
          {fixed && fixedLabel ? (
            <li>
              <LegendLine kind="fixed" /> Paying {fixedLabel} each period (dashed line)
            </li>
          ) : null}
        </ul>
        <BalancesTable projection={projection} fixedLabel={fixedLabel} />
      </figcaption>
    </figure>
  );
}

type Scale = ReturnType<typeof scaleLinear<number, number>>;

/** Money up the side, years along the bottom (at most about six labels, so they fit at 360 px). */
function Axes({ x, y, perYear, lastStatement }: { x: Scale; y: Scale; perYear: number; lastStatement: number }) {
  const years = Math.ceil(lastStatement / perYear);
  const yearStep = Math.max(1, Math.ceil(years / 6));
  const yearTicks = Array.from({ length: Math.floor(years / yearStep) + 1 }, (_, i) => i * yearStep).filter(
    (year) => year * perYear <= lastStatement,
  );
  return (
    <g className="payoff-axis">
      {y.ticks(4).map((cents) => (
        <g key={cents} transform={`translate(0 ${y(cents)})`}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} className="payoff-grid" />
          <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
            {formatMoney(cents)}
          </text>
        </g>
      ))}
      {yearTicks.map((year) => (
        <text key={year} x={x(year * perYear)} y={HEIGHT - MARGIN.bottom + 16} textAnchor="middle">
          {year === 0 ? "Now" : `${year} yr`}
        </text>
      ))}
    </g>
  );
}

function LegendLine({ kind }: { kind: "minimum" | "fixed" }) {
  return (
    <svg width="32" height="10" aria-hidden="true" className="payoff-legend-swatch">
      <line x1="0" y1="5" x2="32" y2="5" className={`payoff-line payoff-line-${kind}`} />
    </svg>
  );
}

/** The chart's name: where each line starts and when it reaches zero. */
function chartLabel(projection: Projected, fixedLabel: string | null): string {
  const minimum = chartSummary(projection.minimum, "Paying only the minimum");
  return projection.fixed && fixedLabel
    ? `${minimum} ${chartSummary(projection.fixed, `Paying ${fixedLabel}`)}`
    : minimum;
}

function chartSummary(figures: ProjectionFigures, who: string): string {
  const start = formatMoney(figures.balances[0] ?? 0, { cents: true });
  return figures.statements === null
    ? `${who}: the balance of ${start} is never paid off.`
    : `${who}: the balance falls from ${start} to $0.00 over ${figures.statements} statements.`;
}

/** The chart's figures, year by year, one tap away. */
function BalancesTable({ projection, fixedLabel }: { projection: Projected; fixedLabel: string | null }) {
  const rows = balancesByYear(projection);
  const showFixed = projection.fixed !== null && fixedLabel !== null;
  return (
    <details className="payoff-details">
      <summary>The chart's figures as a table</summary>
      <table className="payoff-table">
        <caption>Balance on your statement, year by year</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Paying only the minimum</th>
            {showFixed ? <th scope="col">Paying {fixedLabel}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatMoney(row.minimumCents, { cents: true })}</td>
              {showFixed ? <td>{formatMoney(row.fixedCents ?? 0, { cents: true })}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
