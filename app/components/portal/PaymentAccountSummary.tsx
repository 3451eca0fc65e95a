import { formatDate, formatMoney } from "#domain/format";

export interface PaymentSummaryFigures {
  balanceCents: number;
  pendingCents: number;
  minimumDueCents: number;
  pastDueCents: number;
  /** Charged off: the whole balance, due now (the account page's Balance Due). */
  balanceDueCents: number | null;
  nextPaymentDate: string | null;
}

/**
 * The partial account summary beside the payment form (spec file 3, section
 * 2): what is owed and when, and what is already on its way. No credit
 * figures: this page is about paying, not drawing.
 */
export function PaymentAccountSummary({ figures, troubled }: { figures: PaymentSummaryFigures; troubled: boolean }) {
  return (
    <section className="card payment-summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title">Account Summary</h2>
      <dl className="figures">
        <div>
          <dt>Account Balance</dt>
          <dd data-figure="balance">{formatMoney(figures.balanceCents, { cents: true })}</dd>
        </div>
        {figures.balanceDueCents !== null ? (
          <div>
            <dt>Balance Due</dt>
            <dd data-figure="balance-due">{formatMoney(figures.balanceDueCents, { cents: true })}</dd>
          </div>
        ) : troubled ? (
          <div>
            <dt>Past Due Amount</dt>
            <dd data-figure="past-due">{formatMoney(figures.pastDueCents, { cents: true })}</dd>
          </div>
        ) : null}
        {figures.nextPaymentDate ? (
          <>
            <div>
              <dt>Next Payment Due Date</dt>
              <dd>{formatDate(figures.nextPaymentDate)}</dd>
            </div>
            <div>
              <dt>Next Minimum Due</dt>
              <dd data-figure="minimum">{formatMoney(figures.minimumDueCents, { cents: true })}</dd>
            </div>
          </>
        ) : null}
        {figures.pendingCents > 0 ? (
          <div>
            <dt>Payments in Process</dt>
            <dd data-figure="pending">{formatMoney(figures.pendingCents, { cents: true })}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
