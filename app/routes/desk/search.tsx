import type { InputHTMLAttributes } from "react";
import { Link, useLoaderData } from "react-router";
import { DESK_SEARCH_LIMIT } from "#domain/desk";
import { formatMoney } from "#domain/format";
import { formatPhone } from "#domain/rules/phone";
import type { DeskSearchResult } from "#server/desk/core";
import type { Route } from "./+types/search";
import { SEARCH_FIELDS, type SearchValues } from "./search.schema";
import { searchPage } from "./search.server";

/** Find a borrower (issue 20): by last name (and first letters of the first name), part of an e-mail, phone, application id, line number, or SSN last four with date of birth. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return searchPage(context, request);
}

const LABELS: Record<keyof SearchValues, string> = {
  lastName: "Last name",
  firstName: "First name, or its first letters",
  email: "E-mail, or part of it",
  phone: "Phone",
  applicationId: "Application id",
  lineId: "Line number",
  last4: "SSN last four",
  dob: "Date of birth (MM/DD/YYYY)",
};

/** Typed as said on the phone: no spelling fixes; part of an e-mail is not an address, so a text field with the e-mail keyboard. */
const NAME_INPUT = { autoComplete: "off", spellCheck: false } as const;
const INPUTS: Partial<Record<keyof SearchValues, InputHTMLAttributes<HTMLInputElement>>> = {
  lastName: NAME_INPUT,
  firstName: NAME_INPUT,
  email: { inputMode: "email", autoComplete: "off", autoCapitalize: "none", spellCheck: false },
};

export default function DeskSearch() {
  const { values, errors, results } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Find a borrower</h1>
      <form method="get" className="desk-search card" aria-describedby="search-hint" noValidate>
        <p id="search-hint" className="field-hint">
          Fill one: a last name (add the first name, or its first letters, to narrow it), an e-mail or part of one, a
          phone, an application id, a line number, or the SSN's last four with the date of birth.
        </p>
        <div className="field-grid">
          {SEARCH_FIELDS.map((name) => {
            const error = (errors as Partial<SearchValues>)[name];
            return (
              <div key={name} className={error ? "field has-error" : "field"}>
                <label htmlFor={name}>{LABELS[name]}</label>
                <input
                  {...INPUTS[name]}
                  id={name}
                  name={name}
                  type="text"
                  defaultValue={values[name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${name}-error`}
                />
                <p id={`${name}-error`} className="field-error">
                  {error ?? ""}
                </p>
              </div>
            );
          })}
        </div>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      {results ? <Results results={results} /> : null}
    </>
  );
}

function Results({ results }: { results: DeskSearchResult[] }) {
  if (results.length === 0)
    return (
      <p role="status" className="desk-none">
        No borrower matches that search.
      </p>
    );
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" role="status">
        {results.length === 1 ? "1 borrower" : `${results.length} borrowers`}
      </h2>
      {results.length === DESK_SEARCH_LIMIT ? (
        <p className="field-hint">
          The first {DESK_SEARCH_LIMIT} only: there may be more. Narrow the search to find others.
        </p>
      ) : null}
      <section className="table-scroll" aria-label="Borrowers found" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Line</th>
              <th scope="col">Standing</th>
              <th scope="col" className="col-money">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.customerId}>
                <td>
                  <Link to={`/desk/borrowers/${r.customerId}`}>{r.name}</Link>
                </td>
                <td>{r.email}</td>
                <td>{formatPhone(r.phone)}</td>
                <td>{r.lineId ?? "None"}</td>
                <td>
                  <span className={`desk-standing desk-standing-${r.standing}`}>{r.standing}</span>
                </td>
                <td className="col-money">
                  {r.balanceCents === null ? "" : formatMoney(r.balanceCents, { cents: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
