import { Form } from "react-router";
import { database } from "../../../db/client";
import { clockOffset, currentTime, parseClockStep, setClockOffset } from "../../../functions/servicing/clock";
import { runServicing } from "../../../functions/servicing/cron";
import type { Route } from "./+types/clock";
import { developmentEnv } from "./dev-guard.server";

const steps = ["+1d", "+7d", "+14d", "+30d", "+90d"];

/** Development only: move the servicing clock forward and watch statements and standings change. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = developmentEnv(context);
  const db = database(env.DB);
  return { now: (await currentTime(env, db)).toISOString(), offsetDays: Math.round((await clockOffset(env, db)) / 86_400_000) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const env = developmentEnv(context);
  const db = database(env.DB);
  const step = parseClockStep(String((await request.formData()).get("step") ?? ""));
  if (step === null) return { error: "Choose how far to move the clock.", report: null };
  await setClockOffset(env, db, (await clockOffset(env, db)) + step);
  const report = await runServicing(db, await currentTime(env, db));
  return { error: null, report };
}

export function meta() {
  return [{ title: "Clock (development)" }];
}

export default function Clock({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>Servicing clock</h1>
      <p className="lead">
        Development only. Servicing time is {loaderData.now.replace("T", " ").slice(0, 16)} UTC ({loaderData.offsetDays} days ahead of real time).
      </p>
      <Form method="post">
        <fieldset>
          <legend>Move the clock forward</legend>
          {steps.map((step) => (
            <button key={step} type="submit" name="step" value={step} className="button button-outline">
              {step}
            </button>
          ))}
        </fieldset>
      </Form>
      {actionData?.report ? (
        <p role="status">
          Serviced {actionData.report.lines} lines: {actionData.report.paymentsPosted} payments posted, {actionData.report.statementsIssued} statements issued,{" "}
          {actionData.report.chargedOff} charged off, {actionData.report.closed} closed.
        </p>
      ) : null}
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
    </section>
  );
}
