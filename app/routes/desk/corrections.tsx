import { formatMoney, formatTableDate } from "#domain/format";
import type { DeskBorrowerFile, DeskRequestRow } from "#server/desk/core";
import type { DeskAnswer, DeskFlash } from "./borrower.server";

type Line = NonNullable<DeskBorrowerFile["line"]>;
type Row = Line["correctable"]["fees"][number];

const money = (cents: number) => formatMoney(cents, { cents: true });
export const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

export const KIND_LABELS: Record<string, string> = {
  "waive fee": "Waive or refund a fee",
  "reverse payment": "Reverse a payment",
};

/**
 * ASK for a correction (decision record 022): a fee waived (or refunded when
 * paid), or a posted payment reversed. Nothing changes until a supervisor
 * who did not ask approves it.
 */
export function CorrectionForms({
  line,
  keys,
  answer,
  flash,
}: {
  line: Line;
  keys: { waive: string; reverse: string };
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "requested" }> | null;
}) {
  return (
    <section aria-labelledby="corrections-heading" className="card desk-corrections">
      <h2 id="corrections-heading">Corrections (a supervisor approves)</h2>
      {flash ? (
        <p className="banner banner-success" role="status">
          {flash.again ? "That request was already made: " : "Request sent to a supervisor: "}
          number {flash.requestId}.
        </p>
      ) : null}
      <CorrectionForm
        intent="waive"
        title="Waive or refund a carried balance fee"
        hint="Unpaid, the fee is waived: the balance and its statement's minimum fall by it. Paid, it is refunded to the line: what paid it pays what is owed next, then principal."
        choose="Fee"
        rows={line.correctable.fees}
        label={(r) => `${formatTableDate(r.date)}: ${money(r.amountCents)} (${r.reference ?? r.id})`}
        button="Ask to waive this fee"
        formKey={keys.waive}
        answer={answer?.intent === "waive" ? answer : undefined}
      />
      <CorrectionForm
        intent="reverse"
        title="Reverse a posted payment"
        hint="What it paid is unpaid again from today, like a returned payment, with no fee. A scheduled payment is cancelled instead."
        choose="Payment"
        rows={line.correctable.payments}
        label={(r) => `${formatTableDate(r.date)}: ${money(r.amountCents)} (${r.reference ?? r.id})`}
        button="Ask to reverse this payment"
        formKey={keys.reverse}
        answer={answer?.intent === "reverse" ? answer : undefined}
      />
    </section>
  );
}

function CorrectionForm(props: {
  intent: "waive" | "reverse";
  title: string;
  hint: string;
  choose: string;
  rows: Row[];
  label: (row: Row) => string;
  button: string;
  formKey: string;
  answer: DeskAnswer | undefined;
}) {
  const { intent, rows, answer } = props;
  const errors = answer?.errors ?? {};
  const id = (name: string) => `${intent}-${name}`;
  const invalid = (name: string) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `${id(name)}-error`,
  });
  const message = (name: string) => (
    <p id={`${id(name)}-error`} className="field-error">
      {errors[name] ?? ""}
    </p>
  );
  return (
    <form method="post" className="desk-correction" aria-labelledby={`${id("title")}`}>
      <h3 id={id("title")}>{props.title}</h3>
      <p className="field-hint">{props.hint}</p>
      {errors.key ? (
        <p className="banner banner-error" role="alert">
          {errors.key}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>Nothing to correct.</p>
      ) : (
        <>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="key" value={props.formKey} />
          <div className={errors.entryId ? "field has-error" : "field"}>
            <label htmlFor={id("entryId")}>{props.choose}</label>
            <select id={id("entryId")} name="entryId" defaultValue={answer?.values.entryId} {...invalid("entryId")}>
              {rows.map((r) => (
                <option key={r.id} value={r.id}>
                  {props.label(r)}
                </option>
              ))}
            </select>
            {message("entryId")}
          </div>
          <div className={errors.reason ? "field has-error" : "field"}>
            <label htmlFor={id("reason")}>Reason</label>
            <textarea
              id={id("reason")}
              name="reason"
              rows={2}
              defaultValue={answer?.values.reason}
              {...invalid("reason")}
            />
            {message("reason")}
          </div>
          <button type="submit" className="button button-primary">
            {props.button}
          </button>
        </>
      )}
    </form>
  );
}

/** Requests and their decisions; a supervisor who did not make a pending one may decide it here. */
export function RequestsTable({
  requests,
  viewer,
  decideKey,
  answer,
  showBorrower = false,
}: {
  requests: DeskRequestRow[];
  viewer: { email: string; role: string };
  decideKey: string;
  answer: DeskAnswer | undefined;
  showBorrower?: boolean;
}) {
  // A decision refused (decided already, its own maker, not a supervisor) is said above the list.
  const refused = answer?.intent === "decide" ? (answer.errors.form ?? answer.errors.requestId) : undefined;
  return (
    <>
      {refused ? (
        <p className="banner banner-error" role="alert">
          {refused}
        </p>
      ) : null}
      {requests.length === 0 ? <p>No requests.</p> : null}
      <ul className="desk-requests">
        {requests.map((r) => (
          <li key={r.id} className="card">
            <h3>
              Request {r.id}: {KIND_LABELS[r.kind] ?? r.kind}, {money(r.amountCents)}
            </h3>
            <dl className="desk-facts">
              {showBorrower ? (
                <div>
                  <dt>Borrower</dt>
                  <dd>
                    <a href={`/desk/borrowers/${encodeURIComponent(r.customerId)}`}>{r.name}</a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Asked</dt>
                <dd>
                  {when(r.madeAt)} UTC by {r.maker}
                </dd>
              </div>
              <div>
                <dt>Reason</dt>
                <dd>{r.reason}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  {r.status}
                  {r.checker ? ` by ${r.checker} (${r.decisionReason ?? ""})` : ""}
                </dd>
              </div>
            </dl>
            {r.status === "pending" ? (
              <DecideForm
                request={r}
                viewer={viewer}
                decideKey={`${decideKey}-${r.id}`}
                answer={answer?.intent === "decide" && answer.values.requestId === String(r.id) ? answer : undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function DecideForm({
  request,
  viewer,
  decideKey,
  answer,
}: {
  request: DeskRequestRow;
  viewer: { email: string; role: string };
  decideKey: string;
  answer: DeskAnswer | undefined;
}) {
  if (viewer.role !== "supervisor") return <p>Awaiting a supervisor.</p>;
  if (viewer.email === request.maker) return <p>Awaiting another supervisor: you made this request.</p>;
  const error = answer ? (answer.errors.reason ?? answer.errors.key) : undefined;
  const id = `decide-${request.id}`;
  return (
    <form method="post" className="desk-decide">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="requestId" value={request.id} />
      <input type="hidden" name="key" value={decideKey} />
      <div className={error ? "field has-error" : "field"}>
        <label htmlFor={`${id}-reason`}>Your reason</label>
        <input
          id={`${id}-reason`}
          name="reason"
          type="text"
          defaultValue={answer?.values.reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <p id={`${id}-error`} className="field-error">
          {error ?? ""}
        </p>
      </div>
      <div className="desk-decide-buttons">
        <button type="submit" name="decision" value="approve" className="button button-primary">
          Approve request {request.id}
        </button>
        <button type="submit" name="decision" value="reject" className="button button-outline">
          Reject request {request.id}
        </button>
      </div>
    </form>
  );
}
