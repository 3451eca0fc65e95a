import { formatDate, formatMoney } from "#domain/format";

/**
 * The account summary beside the draw request (spec file 3, section 2).
 * Past-due and charged-off accounts show available credit as 0.00 (section 4).
 * Before a statement nothing is due: its date stands where the due date would
 * (the account and payments pages say the same).
 */
export function DrawAccountSummary(props: {
  availableCents: number;
  balanceCents: number;
  limitCents: number;
  nextPaymentDate: string | null;
  statementAhead: { statementDate: string; first: boolean } | null;
  troubled: boolean;
}) {
  const ahead = props.statementAhead;
  return (
    <section className="card draw-summary" aria-labelledby="draw-summary-title">
      <h2 id="draw-summary-title">Account Summary</h2>
      <dl className="figures">
        <div>
          <dt>Available Credit</dt>
          <dd data-figure="available">{formatMoney(props.troubled ? 0 : props.availableCents, { cents: true })}</dd>
        </div>
        <div>
          <dt>Account Balance</dt>
          <dd data-figure="balance">{formatMoney(props.balanceCents, { cents: true })}</dd>
        </div>
        <div>
          <dt>Credit Limit</dt>
          <dd>{formatMoney(props.limitCents)}</dd>
        </div>
        {ahead ? (
          <div>
            <dt>{ahead.first ? "First Statement" : "Next Statement"}</dt>
            <dd>{formatDate(ahead.statementDate)}</dd>
          </div>
        ) : (
          <div>
            <dt>Next Payment Due Date</dt>
            <dd>{props.nextPaymentDate ? formatDate(props.nextPaymentDate) : "None scheduled"}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
