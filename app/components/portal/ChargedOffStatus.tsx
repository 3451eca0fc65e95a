/**
 * Where a charged-off account's donut would be. An empty ring labelled
 * "Past Due" said nothing true: no credit will come back, and the whole
 * balance is due now. So the standing and the spec's charge-off message, in
 * words; the Balance Due is the summary's figure beside it.
 */
export function ChargedOffStatus({ message }: { message: string }) {
  return (
    <div className="charged-off-status">
      <p className="donut-notice">
        YOUR ACCOUNT IS <span>Charged Off</span>
      </p>
      <p className="charge-off-message">{message}</p>
    </div>
  );
}
