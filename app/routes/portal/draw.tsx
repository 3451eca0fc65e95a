import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { brand, draws } from "../../../functions/config";
import { catalogue, PlatformError } from "../../../functions/platform/index";
import { drawAmountMessages, drawAmountProblem } from "../../../functions/rules/standing";
import { PortalShell } from "../../components/portal/PortalShell";
import { formatDate, formatMoney } from "../../lib/format";
import type { RouteHandle } from "../../lib/layout";
import { easternToday } from "../../lib/today";
import type { Route } from "./+types/draw";
import { portalStanding } from "./portal-data";
import { borrowerSession, portalPlatform, portalSummary } from "./portal.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Request a Cash Advance | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const s = await portalSummary(context);
  return {
    standing: portalStanding(s.accountHeader),
    applNo: s.accountHeader.applNo,
    available: s.accountHeader.availableCredit,
    feePercent: s.accountHeader.cashAdvanceFeePercentage,
    eligible: s.accountConfig.isEligibleForDraw,
    block: s.accountConfig.drawMessage,
  };
}

const feeOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** Amount, then review, then the request posted once (its idempotency key is made at review). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const amount = Math.round(Number(String(form.get("amount") ?? "0").replace(/[^\d.]/g, "") || 0) * 100);
  const s = await portalSummary(context);
  if (!s.accountConfig.isEligibleForDraw) return { view: "amount" as const, amount, error: s.accountConfig.drawMessage };
  const problem = drawAmountProblem(amount, s.accountHeader.availableCredit);
  if (problem) return { view: "amount" as const, amount, error: drawAmountMessages[problem] };
  if (form.get("intent") !== "submit") return { view: "review" as const, amount, key: crypto.randomUUID() };
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  try {
    const answer = await platform.call(
      catalogue.account.PostTransaction,
      { applNo: s.accountHeader.applNo, transactionDate: easternToday(), transactionAmount: amount, transactionCode: "D" },
      { idempotencyKey: String(form.get("key") ?? crypto.randomUUID()) },
    );
    await persist();
    return { view: "thanks" as const, amount, fundingDate: answer.effectiveDate };
  } catch (error) {
    if (error instanceof PlatformError) return { view: "amount" as const, amount, error: error.message.replace(/^[^:]+: /, "") };
    throw error;
  }
}

export default function Draw({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const max = Math.floor(loaderData.available / draws.incrementCents) * draws.incrementCents;
  const [amount, setAmount] = useState(actionData?.amount && actionData.amount > 0 ? actionData.amount : Math.min(draws.minCents, max));
  const view = actionData?.view ?? "amount";
  const fee = feeOf(amount, loaderData.feePercent);
  return (
    <PortalShell standing={loaderData.standing} pastDue={loaderData.standing !== "current"}>
      <h1>Request a Cash Advance</h1>
      {!loaderData.eligible ? (
        <p className="notice" role="alert">{loaderData.block}</p>
      ) : view === "thanks" && actionData && "fundingDate" in actionData && actionData.fundingDate ? (
        <section className="card" aria-live="polite">
          <h2>Thank you! Your draw request was received.</h2>
          <p>
            We're sending {formatMoney(actionData.amount)}, less the cash advance fee. It may arrive as soon as {formatDate(actionData.fundingDate)}.
          </p>
          <p className="field-hint">Requests made before 7:45 p.m. Eastern on a business day usually fund the next business day.</p>
          <Link to="/account" className="button button-primary">Back to Account</Link>
        </section>
      ) : view === "review" && actionData && "key" in actionData ? (
        <Form method="post" className="card">
          <h2>Review your request</h2>
          <dl className="figures">
            <div><dt>Total Draw Amount</dt><dd>{formatMoney(actionData.amount, { cents: true })}</dd></div>
            <div><dt>Cash Advance Fee</dt><dd>{formatMoney(feeOf(actionData.amount, loaderData.feePercent), { cents: true })}</dd></div>
            <div><dt>Amount You Will Receive</dt><dd>{formatMoney(actionData.amount - feeOf(actionData.amount, loaderData.feePercent), { cents: true })}</dd></div>
          </dl>
          <input type="hidden" name="amount" value={(actionData.amount / 100).toFixed(2)} />
          <input type="hidden" name="key" value={actionData.key} />
          <div className="button-row">
            <Link to="/draw" className="button button-outline">Edit</Link>
            <Link to="/account" className="button button-outline">CANCEL REQUEST</Link>
            <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>SUBMIT REQUEST</button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="card apply-form" noValidate>
          <p>You can draw up to {formatMoney(loaderData.available, { cents: true })}.</p>
          <div className="field">
            <label htmlFor="draw-slider">Draw amount</label>
            <input id="draw-slider" type="range" className="js-only" min={draws.minCents / 100} max={max / 100} step={draws.incrementCents / 100} value={amount / 100} onChange={(e) => setAmount(Math.round(Number(e.currentTarget.value) * 100))} aria-valuetext={formatMoney(amount)} />
            <label htmlFor="amount">Amount ($)</label>
            <input id="amount" name="amount" inputMode="numeric" value={String(amount / 100)} onChange={(e) => setAmount(Math.round(Number(e.currentTarget.value.replace(/[^\d]/g, "") || 0) * 100))} aria-describedby="amount-error" />
            <p id="amount-error" className="field-error" role={actionData && "error" in actionData ? "alert" : undefined}>{actionData && "error" in actionData ? actionData.error : ""}</p>
          </div>
          <p className="field-hint">Cash advance fee {formatMoney(fee, { cents: true })}; you receive {formatMoney(Math.max(0, amount - fee), { cents: true })}.</p>
          <button type="submit" name="intent" value="review" className="button button-primary">REVIEW REQUEST</button>
        </Form>
      )}
    </PortalShell>
  );
}
