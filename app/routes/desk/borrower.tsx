import { Link, useActionData, useLoaderData } from "react-router";
import { payFrequencies } from "#domain/config";
import { formatMoney, formatTableDate } from "#domain/format";
import { formatPhone } from "#domain/rules/phone";
import { localTimeLabel } from "#domain/rules/quiet-hours";
import type { DeskBorrowerFile } from "#server/desk/core";
import type { Route } from "./+types/borrower";
import { AutopayForm } from "./autopay-form";
import { borrowerPage, type DeskAnswer, type DeskFlash, deskAction } from "./borrower.server";
import { ClosureForm } from "./closure-form";
import { CorrectionForms, RequestsTable } from "./corrections";
import { Table } from "./desk-table";
import { LimitForm } from "./limit-form";
import { PasscodeSection } from "./passcode-section";
import { PayScheduleForm } from "./pay-schedule-form";
import { CancelPaymentForm, PhonePaymentForm } from "./phone-payment";
import { SignInSection } from "./sign-in-section";

/** Everything about one borrower (issue 20): profile, standing, figures, ledger, statements, payments, notes, audit. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return borrowerPage(context, request, params.customerId);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return deskAction(context, request, params.customerId);
}

const money = (cents: number | null | undefined) => (cents == null ? "" : formatMoney(cents, { cents: true }));
const date = (iso: string | null | undefined) => (iso ? formatTableDate(iso) : "None");
const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

export default function DeskBorrower() {
  const { file, requests, passcode, agreements, viewer, canAct, keys, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DeskAnswer | undefined;
  const { profile, line } = file;
  return (
    <>
      <p>
        <Link to="/desk">Back to the search</Link>
      </p>
      <h1>{profile.name}</h1>
      <section className="card desk-profile" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <dl className="desk-facts">
          <Fact term="E-mail" value={profile.email} />
          <Fact term="Phone" value={formatPhone(profile.homePhone)} />
          <Fact term="Cell" value={profile.mobilePhone ? formatPhone(profile.mobilePhone) : "None"} />
          <Fact term="Address" value={profile.address} />
          <Fact term="Date of birth" value={date(profile.dob)} />
          <Fact term="SSN" value={`***-**-${profile.ssnLast4}`} />
        </dl>
      </section>
      <SignInSection
        login={file.login}
        canAct={canAct}
        formKey={keys.unlock}
        answer={answer?.intent === "unlock" ? answer : undefined}
        flash={flash?.kind === "unlock" ? flash : null}
        reset={{
          formKey: keys.reset,
          answer: answer?.intent === "reset-link" ? answer : undefined,
          flash: flash?.kind === "reset" ? flash : null,
        }}
      />
      <PasscodeSection
        challenge={passcode}
        phones={{ home: profile.homePhone, cell: profile.mobilePhone }}
        canAct={canAct}
        formKey={keys.passcode}
        answer={answer?.intent === "passcode" ? answer : undefined}
        flash={flash?.kind === "passcode" ? flash : null}
      />
      {line ? <LineSection line={line} customerId={profile.id} /> : <p>This borrower has no line of credit.</p>}
      {line && canAct ? (
        <CancelPaymentForm
          line={line}
          formKey={keys.cancel}
          answer={answer?.intent === "cancel" ? answer : undefined}
          flash={flash?.kind === "cancel" ? flash : null}
        />
      ) : null}
      {line && canAct ? (
        <PhonePaymentForm
          line={line}
          bankLast4={file.applications[0]?.bankAccountLast4 ?? ""}
          formKey={keys.payment}
          answer={answer?.intent === "payment" ? answer : undefined}
          flash={flash?.kind === "payment" ? flash : null}
        />
      ) : null}
      {line && canAct && line.status === "open" ? (
        <AutopayForm
          line={line}
          bankLast4={file.applications[0]?.bankAccountLast4 ?? ""}
          formKey={keys.autopay}
          answer={answer?.intent === "revoke-autopay" || answer?.intent === "authorize-autopay" ? answer : undefined}
          flash={flash?.kind === "autopay" ? flash : null}
        />
      ) : null}
      {line && canAct && line.status === "open" ? (
        <LimitForm
          line={line}
          formKey={keys.limit}
          answer={answer?.intent === "limit" ? answer : undefined}
          flash={flash?.kind === "limit" ? flash : null}
        />
      ) : null}
      {line && canAct && line.status === "open" ? (
        <PayScheduleForm
          line={line}
          formKey={keys.schedule}
          answer={answer?.intent === "schedule" ? answer : undefined}
          flash={flash?.kind === "schedule" ? flash : null}
        />
      ) : null}
      {line && canAct ? (
        <CorrectionForms line={line} keys={keys} answer={answer} flash={flash?.kind === "requested" ? flash : null} />
      ) : null}
      {line && canAct ? (
        <ClosureForm
          line={line}
          formKey={keys.closure}
          answer={
            answer?.intent === "close-line" || answer?.intent === "cancel-closure" || answer?.intent === "reopen-line"
              ? answer
              : undefined
          }
          flash={flash?.kind === "closure" ? flash : null}
        />
      ) : null}
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Correction requests</h2>
        {flash?.kind === "decided" ? (
          <p className="banner banner-success" role="status">
            Request {flash.status}.
          </p>
        ) : null}
        <RequestsTable requests={requests} viewer={viewer} decideKey={keys.decide} answer={answer} />
      </section>
      <Applications applications={file.applications} />
      <ApplicantNotices notices={file.notices} />
      <ConsentRecords consents={file.consents} />
      <Table
        label="Signed agreements"
        head={["Agreement", "Line", "Signed (UTC)"]}
        rows={agreements.map((a) => [
          <Link key="read" to={`/desk/borrowers/${encodeURIComponent(profile.id)}/agreements`}>
            {a.title}
          </Link>,
          String(a.lineId),
          when(a.signedAt),
        ])}
        empty="No agreement signed yet."
      />
      <Table
        label="Messages sent (newest 50)"
        head={["When (UTC)", "Channel", "To", "Message", "Status"]}
        rows={file.messages.map((m) => [
          when(m.createdAt),
          m.channel,
          m.recipient,
          m.subject || m.template,
          m.status === "held" && m.holdUntil
            ? `held for quiet hours: goes ${localTimeLabel(m.holdUntil, file.timeZone)}`
            : m.status,
        ])}
        empty="No messages sent."
      />
      <Table
        label="Sign-in history (newest 50)"
        head={["When (UTC)", "Result", "Note"]}
        rows={file.signIns.map((a) => [when(a.createdAt), a.success ? "signed in" : "refused", a.note])}
        empty="No sign-ins yet."
      />
      <Notes
        notes={file.notes}
        canAct={canAct}
        noteKey={keys.note}
        answer={answer?.intent === "note" ? answer : undefined}
        flash={flash?.kind === "note" ? flash : null}
      />
      <Audit audit={file.audit} />
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type Line = NonNullable<DeskBorrowerFile["line"]>;

function LineSection({ line, customerId }: { line: Line; customerId: string }) {
  const f = line.figures;
  return (
    <>
      <section className="card" aria-labelledby="line-heading">
        <h2 id="line-heading">
          Line {line.id}: <span className={`desk-standing desk-standing-${line.standing}`}>{line.standing}</span>
        </h2>
        <dl className="desk-facts">
          <Fact term="Balance" value={money(f.balanceCents)} />
          <Fact term="Principal" value={money(f.principalCents)} />
          <Fact term="Credit limit" value={money(line.creditLimitCents)} />
          <Fact term="Available credit (as the borrower sees it)" value={money(f.shownAvailableCreditCents)} />
          <Fact term="Past due" value={money(f.pastDueCents)} />
          <Fact term="Next minimum due" value={money(f.nextMinimumDueCents)} />
          <Fact term="Next due date" value={date(f.nextDueDate)} />
          <Fact
            term="Pay schedule"
            value={`${payFrequencies[line.payFrequency].label}, next paid on ${date(line.nextPayDate)}`}
          />
          <Fact term="Pay off (less scheduled payments)" value={money(f.payoffCents)} />
          {f.unappliedCents > 0 ? <Fact term="Credit to refund" value={money(f.unappliedCents)} /> : null}
          <Fact
            term="Next automatic payment"
            value={
              line.nextAutomaticPayment
                ? `${money(line.nextAutomaticPayment.amountCents)} on ${date(line.nextAutomaticPayment.date)}`
                : "None coming"
            }
          />
          <Fact
            term="Repayment"
            value={
              line.repaymentMethod !== "A"
                ? "Paper check"
                : line.autopayEndsOn
                  ? `Automatic (EFT), revoked: none from ${date(line.autopayEndsOn)}`
                  : "Automatic (EFT)"
            }
          />
        </dl>
      </section>
      <Table
        label="Scheduled payments and draw requests"
        head={["Date", "Kind", "Amount"]}
        rows={line.pending.map((p) => [
          date(p.effectiveDate),
          p.code === "P" ? "Payment" : "Draw",
          money(p.amountCents),
        ])}
        empty="Nothing scheduled."
      />
      <Table
        label="Ledger (newest first)"
        head={["Date", "Description", "Amount", "Balance after"]}
        rows={line.ledger.map((e) => [
          date(e.transationDate),
          e.transationDescription,
          money(e.transationAmount),
          money(e.balanceAfterCents),
        ])}
        empty="No ledger entries."
      />
      <Table
        label="Statements"
        head={["Statement date", "Due date", "Balance", "Minimum due", "PDF"]}
        rows={line.statements.map((s) => [
          date(s.statementDate),
          date(s.dueDate),
          money(s.balanceCents),
          money(s.minimumDueCents),
          <a
            key="pdf"
            href={`/desk/borrowers/${encodeURIComponent(customerId)}/statements/${encodeURIComponent(s.id)}`}
            target="_blank"
            rel="noreferrer"
          >
            Statement of {date(s.statementDate)} (PDF)
          </a>,
        ])}
        empty="No statements yet."
      />
    </>
  );
}

/** The notices the law required (decision record 033): what, the reasons as the applicant read them, how it went. */
function ApplicantNotices({ notices }: { notices: DeskBorrowerFile["notices"] }) {
  const reasons = (n: DeskBorrowerFile["notices"][number]) =>
    n.reasons.length === 0 ? "None" : `${n.reasons.join(" ")}${n.consumerReport ? " A consumer report was used." : ""}`;
  return (
    <Table
      label="Notices to the applicant"
      head={["When (UTC)", "Notice", "Application", "Reasons given", "Delivery"]}
      rows={notices.map((n) => [
        when(n.createdAt),
        n.title,
        n.applicationId === null ? "None (refused before one was made)" : String(n.applicationId),
        reasons(n),
        n.delivery,
      ])}
      empty="No notices sent."
    />
  );
}

/** The consent to electronic records as given and withdrawn (E-SIGN §101(c)): what, when, which text, which device. */
function ConsentRecords({ consents }: { consents: DeskBorrowerFile["consents"] }) {
  const disclosure = (e: DeskBorrowerFile["consents"][number]) =>
    `version ${e.disclosureVersion}, SHA-256 ${e.disclosureSha256.slice(0, 16)}…`;
  return (
    <Table
      label="Consent to electronic records"
      head={["When (UTC)", "Event", "Disclosure", "IP address", "Device"]}
      rows={consents.map((e) => [when(e.at), e.event, disclosure(e), e.ipAddress, e.userAgent])}
      empty="No consent on file."
    />
  );
}

function Applications({ applications }: { applications: DeskBorrowerFile["applications"] }) {
  return (
    <Table
      label="Applications and decisions"
      head={["Application", "Applied", "Status", "Decision", "Limit", "Source", "Bank"]}
      rows={applications.map((a) => [
        String(a.id),
        when(a.createdAt),
        a.status,
        a.decisionReason || "None",
        money(a.approvedLimitCents),
        a.leadSource || "Site",
        `ending ${a.bankAccountLast4}`,
      ])}
      empty="No applications."
    />
  );
}

function Notes({
  notes,
  canAct,
  noteKey,
  answer,
  flash,
}: {
  notes: DeskBorrowerFile["notes"];
  canAct: boolean;
  noteKey: string;
  answer: DeskAnswer | undefined;
  flash: Extract<DeskFlash, { kind: "note" }> | null;
}) {
  const error = answer ? (answer.errors.note ?? answer.errors.key) : undefined;
  return (
    <section aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      {flash ? (
        <p className="banner banner-success" role="status">
          {flash.again ? "That note was already added." : "Note added."}
        </p>
      ) : null}
      {canAct ? (
        <form method="post" className="card desk-note-form">
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="key" value={noteKey} />
          <div className={error ? "field has-error" : "field"}>
            <label htmlFor="note">Add a note (it is also the audit log's reason)</label>
            <textarea
              id="note"
              name="note"
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby="note-error"
            />
            <p id="note-error" className="field-error">
              {error ?? ""}
            </p>
          </div>
          <button type="submit" className="button button-primary">
            Add note
          </button>
        </form>
      ) : (
        <p>Your role can read this file and change nothing.</p>
      )}
      <Table
        label="Notes on file"
        head={["When (UTC)", "Note"]}
        rows={notes.map((n) => [when(n.createdAt), n.note])}
        empty="No notes yet."
      />
    </section>
  );
}

function Audit({ audit }: { audit: DeskBorrowerFile["audit"] }) {
  return (
    <Table
      label="Desk actions on this borrower"
      head={["When (UTC)", "Who", "Role", "Action", "Reason"]}
      rows={audit.map((a) => [when(a.at), a.actor, a.role, a.action, a.reason])}
      empty="No desk actions yet."
    />
  );
}
