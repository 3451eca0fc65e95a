import { Form, useSearchParams } from "react-router";
import { STEP_ALERT } from "#domain/application/fields";
import {
  REOPENED,
  REOPENED_NOTICE,
  RESTARTED,
  RESTARTED_NOTICE,
  STEP_LABELS,
  STEPS,
  type Step,
} from "#domain/application/steps";
import { CostOfCreditLink } from "./CostOfCredit";

/**
 * The wizard's frame: the step bar (completed steps are buttons that go
 * back; a plain form post, so it works without JavaScript), the heading, and
 * the step alert under the form.
 */
/** "PAY FREQUENCY" as a sentence reads it: "Pay Frequency". */
const stepTitle = (step: Step) => STEP_LABELS[step].toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export function StepBar({ current, done }: { current: Step; done: Partial<Record<Step, boolean>> }) {
  return (
    <nav aria-label="Application steps" className="step-bar">
      <Form method="post" action="/apply/back">
        <ol>
          {STEPS.map((step, i) => {
            const isCurrent = step === current;
            const label = (
              <>
                <span className="step-index" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="step-name">{STEP_LABELS[step]}</span>
              </>
            );
            return (
              <li
                key={step}
                className={isCurrent ? "is-current" : done[step] ? "is-done" : ""}
                aria-current={isCurrent ? "step" : undefined}
              >
                {done[step] && !isCurrent ? (
                  <button type="submit" name="step" value={step} className="step-link">
                    {label}
                    <span className="visually-hidden"> (completed, go back)</span>
                  </button>
                ) : (
                  <span className="step-static">{label}</span>
                )}
              </li>
            );
          })}
        </ol>
      </Form>
      {/* The narrowest phones show the numbers alone in the bar: this line names where the person is. */}
      <p className="step-now" aria-hidden="true">
        Step {STEPS.indexOf(current) + 1} of {STEPS.length} · {stepTitle(current)}
      </p>
    </nav>
  );
}

export function StepAlert({ show, message = STEP_ALERT }: { show: boolean; message?: string }) {
  return (
    <div className="step-alert" role="alert">
      {show ? message : ""}
    </div>
  );
}

export function ApplyShell({
  step,
  done,
  title,
  lead,
  children,
}: {
  step: Step;
  done: Partial<Record<Step, boolean>>;
  title: string;
  lead?: string;
  children: React.ReactNode;
}) {
  const [params] = useSearchParams();
  return (
    <section className="container page-section apply">
      <StepBar current={step} done={done} />
      {params.has(REOPENED) || params.has(RESTARTED) ? (
        <p className="banner banner-warning" role="status">
          {params.has(RESTARTED) ? RESTARTED_NOTICE : REOPENED_NOTICE}
        </p>
      ) : null}
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
      <div className="apply-costs">
        <span>Applying is free. What a line costs once you draw: </span>
        <CostOfCreditLink>see the Cost of Credit</CostOfCreditLink>
      </div>
    </section>
  );
}
