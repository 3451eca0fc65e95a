import { formatMoney } from "#domain/format";

/** Total Draw Amount, Cash Advance Fee, Amount You Will Receive (spec file 3, section 4). */
export function DrawFigures({
  amountCents,
  feeCents,
  receivedCents,
}: {
  amountCents: number;
  feeCents: number;
  receivedCents: number;
}) {
  return (
    <dl className="figures draw-figures">
      <div>
        <dt>Total Draw Amount</dt>
        <dd>{formatMoney(amountCents, { cents: true })}</dd>
      </div>
      <div>
        <dt>Cash Advance Fee</dt>
        <dd>{formatMoney(feeCents, { cents: true })}</dd>
      </div>
      <div>
        <dt>Amount You Will Receive</dt>
        <dd>{formatMoney(receivedCents, { cents: true })}</dd>
      </div>
    </dl>
  );
}
