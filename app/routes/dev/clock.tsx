import { Form } from "react-router";
import { type Database, database } from "#db/client";
import { formatDate, formatMoney } from "#domain/format";
import {
  clockOffset,
  currentTime,
  devReturnMessages,
  devReturnPayment,
  parseClockStep,
  type RunReport,
  returnablePayments,
  ServicingError,
  serviceObjectLines,
  setClockOffset,
  withLineHomes,
} from "#servicing";
import type { Route } from "./+types/clock";
import { developmentEnv } from "./dev-guard.server";

const steps = ["+1d", "+7d", "+14d", "+30d", "+90d"];

/**
 * Development only: move the servicing clock forward and watch statements and
 * standings change; return a borrower's payment as the bank would
 * (0-decisions.md, "Returns"). `?email=` lists that borrower's payments still
 * returnable, so the list survives a reload and works without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const env = developmentEnv(context);
  // A moved line is read, and its payment returned, in its own object (decision record 032).
  const db = withLineHomes(database(env.DB), env.LINES);
  const now = await currentTime(env, db);
  const email = new URL(request.url).searchParams.get("email")?.trim() ?? "";
  const found = email ? await returnablePayments(db, email, now) : null;
  return {
    now: now.toISOString(),
    offsetDays: Math.round((await clockOffset(env, db)) / 86_400_000),
    email,
    returnable: email
      ? {
          error: found ? null : devReturnMessages.noLine,
          payments: found?.payments ?? [],
          noneMessage: devReturnMessages.noneReturnable,
        }
      : null,
  };
}

type ActionResult = {
  error: string | null;
  report: RunReport | null;
  returned?: string;
};

export async function action({ context, request }: Route.ActionArgs): Promise<ActionResult> {
  const env = developmentEnv(context);
  // A moved line is read, and its payment returned, in its own object (decision record 032).
  const db = withLineHomes(database(env.DB), env.LINES);
  const form = await request.formData();
  if (form.get("intent") === "return")
    return returnOne(
      db,
      String(form.get("email") ?? ""),
      String(form.get("paymentId") ?? ""),
      await currentTime(env, db),
    );
  const step = parseClockStep(String(form.get("step") ?? ""));
  if (step === null) return { error: "Choose how far to move the clock.", report: null };
  await setClockOffset(env, db, (await clockOffset(env, db)) + step);
  const now = await currentTime(env, db);
  const report = await serviceObjectLines(env, now.getTime());
  return { error: null, report };
}

async function returnOne(db: Database, email: string, paymentId: string, now: Date): Promise<ActionResult> {
  try {
    const done = await devReturnPayment(db, email, paymentId || undefined, now);
    const money = (cents: number) => formatMoney(cents, { cents: true });
    return {
      error: null,
      report: null,
      returned:
        `Returned the payment of ${money(done.returned.amountCents)} from ${formatDate(done.returned.postedOn)} (Trans. ID ${done.returned.transactionId}) on ${formatDate(done.returned.returnedOn)}. ` +
        `The account is now ${done.standing.replace("_", " ")}: past due ${money(done.pastDueCents)}, Next Minimum Due ${money(done.nextMinimumDueCents)}.`,
    };
  } catch (error) {
    if (error instanceof ServicingError) return { error: error.message, report: null };
    throw error;
  }
}

export function meta() {
  return [{ title: "Clock (development)" }];
}

export default function Clock({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>Servicing clock</h1>
      <p className="lead">
        Development only. Servicing time is {loaderData.now.replace("T", " ").slice(0, 16)} UTC ({loaderData.offsetDays}{" "}
        days ahead of real time).
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
          Serviced {actionData.report.lines} lines: {actionData.report.paymentsPosted} payments posted,{" "}
          {actionData.report.statementsIssued} statements issued, {actionData.report.chargedOff} charged off,{" "}
          {actionData.report.closed} closed.
        </p>
      ) : null}
      {actionData?.returned ? <p role="status">{actionData.returned}</p> : null}
      {actionData?.error ? <p role="alert">{actionData.error}</p> : null}
      <ReturnPayments email={loaderData.email} returnable={loaderData.returnable} />
    </section>
  );
}

function ReturnPayments({ email, returnable }: Pick<Route.ComponentProps["loaderData"], "email" | "returnable">) {
  return (
    <section aria-labelledby="return-title">
      <h2 id="return-title">Return a payment</h2>
      <p>
        A payment can be returned (insufficient funds) on the day it posts and up to two business days after; what it
        paid is owed again.
      </p>
      <Form method="get" className="return-lookup">
        <div className="field">
          <label htmlFor="return-email">Borrower&apos;s e-mail address</label>
          <input id="return-email" name="email" type="email" defaultValue={email} required autoComplete="off" />
        </div>
        <button type="submit" className="button button-outline">
          Show returnable payments
        </button>
      </Form>
      {returnable?.error ? <p role="alert">{returnable.error}</p> : null}
      {returnable && !returnable.error ? (
        returnable.payments.length === 0 ? (
          <p>{returnable.noneMessage}</p>
        ) : (
          <ul className="returnable">
            {returnable.payments.map((p) => (
              <li key={p.entryId}>
                <Form method="post">
                  <input type="hidden" name="intent" value="return" />
                  <input type="hidden" name="email" value={email} />
                  <input type="hidden" name="paymentId" value={p.entryId} />
                  {p.description} of {formatMoney(p.amountCents, { cents: true })} posted {formatDate(p.postedOn)}{" "}
                  (Trans. ID {p.transactionId}), returnable until {formatDate(p.returnableUntil)}{" "}
                  <button type="submit" className="button button-outline">
                    Return payment {p.transactionId}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
