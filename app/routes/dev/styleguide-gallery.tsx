import { useState } from "react";
import { FeeChart } from "../../components/FeeChart";
import { RadioGroup, Reassurance, SelectField, TextField } from "../../components/form/Field";
import { Modal } from "../../components/Modal";
import { type Column, DataTable } from "../../components/portal/DataTable";
import { REASSURANCE } from "../../content/reassurance";

/**
 * Every component in every state, drawn by the same components and classes
 * the pages use. Rendered twice by /dev/styleguide (a 360 px frame and the
 * full width), so `prefix` keeps each copy's ids apart.
 */

interface Row {
  id: string;
  date: string;
  description: string;
  amount: number;
}
const ROWS: Row[] = [
  { id: "T-1001", date: "2026-11-02", description: "Cash Advance", amount: 50_000 },
  { id: "T-1002", date: "2026-11-16", description: "Payment - Thank You", amount: -12_550 },
  { id: "T-1003", date: "2026-11-20", description: "Carried balance fee", amount: 4_500 },
];
const COLUMNS: ReadonlyArray<Column<Row>> = [
  { key: "date", header: "Date", kind: "date", value: (r) => r.date },
  { key: "description", header: "Description", kind: "text", value: (r) => r.description },
  { key: "amount", header: "Amount", kind: "money", value: (r) => r.amount },
  { key: "id", header: "Trans. ID", kind: "text", value: (r) => r.id },
];
const YES_NO = [
  { code: "Y", label: "YES" },
  { code: "N", label: "NO" },
];
const CHOICES = [
  { code: "W", label: "Weekly" },
  { code: "B", label: "Bi-weekly" },
  { code: "M", label: "Monthly" },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="sg-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function Buttons() {
  return (
    <Section title="Buttons">
      <div className="button-row">
        <button type="button" className="button button-primary">
          Primary
        </button>
        <button type="button" className="button button-outline">
          Outline
        </button>
        <button type="button" className="button button-primary button-large">
          Large
        </button>
      </div>
      <div className="button-row">
        <button type="button" className="button button-primary" disabled>
          Disabled
        </button>
        <button type="button" className="button button-outline" disabled>
          Disabled outline
        </button>
        <button type="button" className="button button-primary" aria-busy="true">
          Sending
        </button>
      </div>
      <div className="button-row">
        <button type="button" className="link-button">
          Link button
        </button>
        <button type="button" className="link-button" disabled>
          Disabled link button
        </button>
        <a href="#top">A text link to the top</a>
      </div>
    </Section>
  );
}

function Fields({ p }: { p: string }) {
  return (
    <Section title="Fields">
      <TextField name={`${p}-text`} label="First Name" />
      <TextField
        name={`${p}-hint`}
        label="ABA Routing Number"
        hint="The 9-digit number at the bottom left of a check."
        inputMode="numeric"
      />
      <TextField
        name={`${p}-error`}
        label="Email Address"
        type="email"
        defaultValue="jane@"
        error="Please enter a valid email address."
      />
      <TextField name={`${p}-optional`} label="Cell Phone" type="tel" optional />
      <TextField
        name={`${p}-ssn`}
        label="Social Security Number"
        placeholder="###-##-####"
        reassure={REASSURANCE.ssn}
      />
      <TextField name={`${p}-password`} label="Password" type="password" defaultValue="secret-text" />
      <SelectField
        name={`${p}-select`}
        label="State"
        options={[
          { code: "CO", label: "Colorado" },
          { code: "UT", label: "Utah" },
        ]}
        disabled={["UT"]}
      />
      <SelectField
        name={`${p}-select-error`}
        label="Income Source"
        options={[{ code: "E", label: "Employment" }]}
        error="Please select your income source."
      />
      <div className="field">
        <label htmlFor={`${p}-disabled`}>Disabled</label>
        <input id={`${p}-disabled`} type="text" defaultValue="Not editable" disabled />
      </div>
      <div className="field">
        <label htmlFor={`${p}-readonly`}>Read only</label>
        <input id={`${p}-readonly`} type="text" defaultValue="11/27/2026" readOnly />
      </div>
      <div className="field">
        <label htmlFor={`${p}-message`}>Message</label>
        <textarea id={`${p}-message`} defaultValue="A few lines a person typed." />
      </div>
      <div className="field">
        <label htmlFor={`${p}-money`}>Other amount</label>
        <div className="money-input">
          <span aria-hidden="true">$</span>
          <input id={`${p}-money`} inputMode="decimal" defaultValue="43.28" />
        </div>
      </div>
      <Reassurance id={`${p}-bank-reassure`} text={REASSURANCE.bankAccount} />
      <p className="form-alert">A form's message after a refused submit.</p>
    </Section>
  );
}

function Choices({ p }: { p: string }) {
  return (
    <Section title="Radios, checkboxes and toggles">
      <RadioGroup name={`${p}-pay`} legend="How often are you paid?" options={CHOICES} defaultValue="B" />
      <RadioGroup
        name={`${p}-pay-error`}
        legend="With a message"
        options={CHOICES}
        error="Please select how often you are paid."
      />
      <fieldset className="field radio-group">
        <legend>Disabled choice</legend>
        <label className="radio">
          <input type="radio" name={`${p}-off`} disabled /> <span>Not available</span>
        </label>
      </fieldset>
      <label className="checkbox">
        <input type="checkbox" defaultChecked /> I agree
      </label>
      <label className="checkbox">
        <input type="checkbox" /> Not ticked
      </label>
      <label className="checkbox">
        <input type="checkbox" disabled /> Disabled
      </label>
      <RadioGroup
        name={`${p}-yn`}
        legend="Marketing calls and text messages"
        className="yes-no"
        options={YES_NO}
        defaultValue="Y"
      />
      <RadioGroup
        name={`${p}-yn-error`}
        legend="With a message"
        className="yes-no"
        options={YES_NO}
        error="Please choose YES or NO."
      />
      <nav className="filters" aria-label={`Filter pills (${p})`}>
        <ul>
          <li>
            <a className="filter" href="#top" aria-current="page">
              All
            </a>
          </li>
          <li>
            <a className="filter" href="#top">
              Payments
            </a>
          </li>
          <li>
            <a className="filter" href="#top">
              Draws
            </a>
          </li>
        </ul>
      </nav>
    </Section>
  );
}

function Surfaces({ p }: { p: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Section title="Banners">
        <p className="banner" role="note">
          Info: You have been logged out.
        </p>
        <p className="banner banner-success" role="note">
          Success: Your message was sent.
        </p>
        <p className="banner banner-warning" role="note">
          Warning: Draws are not available while a payment is in process.
        </p>
        <p className="banner banner-error" role="note">
          Error: Your account is past due. Please make a payment.
        </p>
      </Section>
      <Section title="Cards">
        <div className="card">
          <h4>Card</h4>
          <p>A resting surface.</p>
        </div>
        <div className="card card-warning">
          <h4>Warning card</h4>
          <p>Something to decide.</p>
        </div>
        <div className="card card-error">
          <h4>Error card</h4>
          <p>Something went wrong.</p>
        </div>
      </Section>
      <Section title="Tables">
        <DataTable rows={ROWS} columns={COLUMNS} rowKey={(r) => r.id} caption={`Transactions (${p})`} empty="" />
        <DataTable
          rows={[]}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          caption="Empty"
          empty="There are no transactions to show."
        />
        <dl className="figures">
          <div>
            <dt>Credit Limit</dt>
            <dd>$1,200</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>$543.28</dd>
          </div>
        </dl>
      </Section>
      <Section title="Dialog and waits">
        <a
          href={`#${p}-dialog`}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          Open the Cost of Credit dialog
        </a>
        <Modal id={`${p}-dialog`} title="Cost of Credit" open={open} onClose={() => setOpen(false)} returnHref="#">
          <FeeChart />
        </Modal>
        <div className="sg-waits">
          <span className="spinner" role="img" aria-label="Loading" />
          <span className="loading-spinner" role="img" aria-label="Loading" />
        </div>
      </Section>
    </>
  );
}

export function Gallery({ prefix }: { prefix: string }) {
  return (
    <div className="sg-gallery">
      <Buttons />
      <Fields p={prefix} />
      <Choices p={prefix} />
      <Surfaces p={prefix} />
    </div>
  );
}
