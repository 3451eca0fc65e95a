import { Link, useLoaderData } from "react-router";
import { formatMoney } from "#domain/format";
import type { Route } from "./+types/audit";
import { AUDIT_FIELDS, type AuditValues } from "./audit.schema";
import { auditPage } from "./audit.server";
import { when } from "./corrections";
import { Table } from "./desk-table";

/** The audit log, searchable by borrower, desk user, action and date (issue 20); every role may read it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return auditPage(context, request);
}

const LABELS: Record<keyof AuditValues, string> = {
  customerId: "Borrower (customer id)",
  actor: "Desk user (e-mail)",
  action: "Action",
  from: "From (a day, UTC)",
  to: "To (a day, UTC)",
};

export default function DeskAudit() {
  const { values, errors, result } = useLoaderData<typeof loader>();
  const error = (name: string) => (errors as Record<string, string>)[name];
  return (
    <>
      <h1>Audit log</h1>
      <form method="get" className="desk-search card" noValidate>
        <div className="field-grid">
          {AUDIT_FIELDS.map((name) => (
            <div key={name} className={error(name) ? "field has-error" : "field"}>
              <label htmlFor={`audit-${name}`}>{LABELS[name]}</label>
              {name === "action" ? (
                <select id="audit-action" name="action" defaultValue={values.action}>
                  <option value="">Any action</option>
                  {(result?.actions ?? []).map((a) => (
                    <option key={a} value={a}>
                      {a}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`audit-${name}`}
                  name={name}
                  type={name === "from" || name === "to" ? "date" : "text"}
                  defaultValue={values[name]}
                  aria-invalid={error(name) ? true : undefined}
                  aria-describedby={`audit-${name}-error`}
                />
              )}
              <p id={`audit-${name}-error`} className="field-error">
                {error(name) ?? ""}
              </p>
            </div>
          ))}
        </div>
        <button type="submit" className="button button-primary">
          Search the log
        </button>
      </form>
      {result ? <AuditRows result={result} /> : null}
    </>
  );
}

function AuditRows({ result }: { result: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["result"]> }) {
  return (
    <>
      <p role="status">
        {result.rows.length === 0
          ? "No desk actions match."
          : result.more
            ? `The newest ${result.rows.length} desk actions:`
            : `${result.rows.length} desk actions:`}
      </p>
      {result.rows.length === 0 ? null : (
        <Table
          label="Desk actions found"
          head={["When (UTC)", "Who", "Role", "Action", "Borrower", "Reason", "Before", "After"]}
          rows={result.rows.map((a) => [
            when(a.at),
            a.actor,
            a.role,
            a.action,
            a.customerId ? (
              <Link key="borrower" to={`/desk/borrowers/${encodeURIComponent(a.customerId)}`}>
                {a.customerId}
              </Link>
            ) : (
              ""
            ),
            a.reason,
            <Change key="before" json={a.before} />,
            <Change key="after" json={a.after} />,
          ])}
          empty=""
        />
      )}
    </>
  );
}

const money = (cents: number) => formatMoney(cents, { cents: true });

/** A row's before or after, one field a line (the table scrolls in its own region rather than break a value). */
function Change({ json }: { json: string }) {
  const fields = Object.entries(JSON.parse(json) as Record<string, unknown>);
  if (fields.length === 0) return null;
  return (
    <ul className="desk-change">
      {fields.map(([name, value]) => (
        <li key={name}>
          {name.replace(/Cents$/, "")}:{" "}
          {value === null
            ? "none"
            : name.endsWith("Cents") && typeof value === "number"
              ? money(value)
              : typeof value === "object"
                ? JSON.stringify(value)
                : String(value)}
        </li>
      ))}
    </ul>
  );
}
