import { cashAdvanceFeeBps } from "#domain/config";
import { feeChartRows } from "#domain/fees";
import { formatMoney, formatPercent } from "#domain/format";
import { TableScroll } from "./TableScroll";

/** The fee chart, from the one fee table in configuration. */
export function FeeChart() {
  return (
    <>
      <p>
        Cash advance fee per draw: {formatPercent(cashAdvanceFeeBps.biweekly)} of the draw on a bi-weekly or
        semi-monthly pay cycle, {formatPercent(cashAdvanceFeeBps.monthly)} on a monthly cycle, deducted from the amount
        deposited.
      </p>
      <TableScroll label="Fee chart">
        <table className="fee-chart">
          <caption>Carried balance fee per statement, by principal balance</caption>
          <thead>
            <tr>
              <th scope="col">Principal balance</th>
              <th scope="col">Bi-weekly or semi-monthly cycle</th>
              <th scope="col">Monthly cycle</th>
            </tr>
          </thead>
          <tbody>
            {feeChartRows().map((row) => (
              <tr key={row.toCents}>
                <th scope="row">
                  {formatMoney(row.fromCents, { cents: true })} - {formatMoney(row.toCents, { cents: true })}
                </th>
                <td>{formatMoney(row.shortCycleCents, { cents: true })}</td>
                <td>{formatMoney(row.monthlyCents, { cents: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
