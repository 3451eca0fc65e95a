import { useState } from "react";
import { Form, useNavigation } from "react-router";
import * as v from "valibot";
import { formatEasternMoment } from "#domain/format";
import { consentMessages, withdrawConsentSchema } from "../../routes/portal/consent.schema";
import type { WithdrawResult } from "../../routes/portal/consent.server";
import { FieldError } from "../form/Field";

/** The consent record as the platform answers it (Records/GetElectronicConsent). */
export interface ConsentRecord {
  events: Array<{
    event: "given" | "withdrawn";
    disclosureVersion: string;
    disclosureSha256: string;
    at: string;
    ipAddress: string;
    userAgent: string;
  }>;
  withdrawn: boolean;
}

/**
 * Preferences: the consent to electronic records, and its withdrawal (E-SIGN Act §101(c)(1),
 * decision record 033). What follows is said before the borrower asks: this line is online only.
 */
export function ElectronicConsentSection({
  record,
  answer,
}: {
  record: ConsentRecord | null;
  answer?: WithdrawResult;
}) {
  const busy = useNavigation().formData?.get("intent") === "withdrawConsent";
  const [error, setError] = useState<string | undefined>();
  const shownError = error ?? (answer?.result === "invalid" ? answer.errors.understood : undefined);
  const given = record?.events.findLast((e) => e.event === "given");
  const withdrawal = record?.withdrawn ? record.events.findLast((e) => e.event === "withdrawn") : undefined;
  return (
    <section className="card" aria-labelledby="electronic-records-heading">
      <h2 id="electronic-records-heading">Electronic records</h2>
      {answer?.result === "withdrawn" ? (
        <p className="banner" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer?.result === "failed" ? (
        <p className="form-alert" role="alert">
          {answer.message}
        </p>
      ) : null}
      {record === null ? <p>We cannot show your consent to electronic records just now.</p> : null}
      {given ? (
        <p>
          You agreed to receive your records electronically on {formatEasternMoment(given.at)} (disclosure version{" "}
          {given.disclosureVersion}). Your agreements and statements are under Documents.
        </p>
      ) : null}
      {withdrawal ? (
        <p>
          You withdrew that consent on {formatEasternMoment(withdrawal.at)}. We send the records we must give you on
          paper, by mail. To ask anything about it, call us.
        </p>
      ) : given ? (
        <Form
          method="post"
          noValidate
          onSubmit={(event) => {
            const understood = new FormData(event.currentTarget).get("understood") ?? "";
            const ok = v.is(withdrawConsentSchema, { understood });
            setError(ok ? undefined : consentMessages.understood);
            if (!ok) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="withdrawConsent" />
          <p>
            You may withdraw this consent at any time, at no charge. This line of credit is offered online only: if you
            withdraw, your line closes to new draws (at once, when nothing is owed). You still owe what you have drawn,
            your payments stay as they are, and we send the records we must give you on paper, by mail.
          </p>
          <label className="checkbox">
            <input
              type="checkbox"
              name="understood"
              aria-describedby="understood-error"
              aria-invalid={shownError ? true : undefined}
              onChange={() => setError(undefined)}
            />{" "}
            I understand that my line will close to new draws.
          </label>
          <FieldError id="understood" message={shownError} />
          <button type="submit" className="button button-outline" disabled={busy}>
            WITHDRAW CONSENT
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** Documents: the consent record itself, as kept (E-SIGN §101(c)): which disclosure, when, from which device. */
export function ConsentRecordList({ record }: { record: ConsentRecord | null }) {
  if (record === null) return <p>We cannot show your consent to electronic records just now.</p>;
  if (record.events.length === 0) return <p>There is no consent to electronic records on file.</p>;
  return (
    <ul className="consent-record">
      {record.events.map((e) => (
        <li key={`${e.event}-${e.at}`}>
          <dl>
            <dt>{e.event === "given" ? "Consent given" : "Consent withdrawn"}</dt>
            <dd>{formatEasternMoment(e.at)}</dd>
            <dt>Disclosure</dt>
            <dd>
              Version {e.disclosureVersion}, SHA-256 <code className="consent-hash">{e.disclosureSha256}</code>
            </dd>
            <dt>From IP address</dt>
            <dd>{e.ipAddress}</dd>
            <dt>Device</dt>
            <dd>{e.userAgent}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
