import { useEffect, useRef } from "react";
import { brand } from "#domain/config";
import { CallCustomerService } from "../../components/portal/CallCustomerService";
import { DrawAccountSummary } from "../../components/portal/draw/DrawAccountSummary";
import { DrawAmountForm } from "../../components/portal/draw/DrawAmountForm";
import { DrawReview } from "../../components/portal/draw/DrawReview";
import { DrawThanks } from "../../components/portal/draw/DrawThanks";
import { PortalShell } from "../../components/portal/PortalShell";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/draw";
import { drawAction, loadDraw } from "./draw.server";

export const handle: RouteHandle = { layout: { portal: true, isPortalNavDisplay: true } };

export function meta() {
  return [{ title: `Request a Cash Advance | ${brand.name}` }];
}

export function loader({ context }: Route.LoaderArgs) {
  return loadDraw(context);
}

export function action({ context, request }: Route.ActionArgs) {
  return drawAction(context, request);
}

/**
 * Request a Cash Advance (spec file 3): amount, review, thank-you. The
 * action decides the view, so the flow is the same with JavaScript off;
 * JavaScript adds the slider, instant messages and the Draw Unavailable popup.
 */
export default function Draw({ loaderData: facts, actionData: outcome }: Route.ComponentProps) {
  const { block } = facts;
  const troubled = facts.standing !== "current";
  const view = outcome?.view ?? "amount";
  const blockBanner = useRef<HTMLDivElement>(null);
  // A review or SUBMIT refused by a block (another tab used the credit): the form it came from is gone
  // and its fields are disabled, so the reason takes focus. A page opened blocked keeps focus where it was.
  useEffect(() => {
    if (outcome && outcome.view !== "thanks" && block) blockBanner.current?.focus();
  }, [outcome, block]);
  return (
    <PortalShell
      standing={facts.standing}
      pastDue={troubled}
      drawUnavailable={block?.kind === "state" ? { message: block.message, openOnLoad: true } : undefined}
    >
      <h1>Request a Cash Advance</h1>
      <div className="draw-layout">
        <div className="draw-request">
          {/* After a draw that used up the credit, the thank-you view stands alone. */}
          {block && view !== "thanks" ? (
            <div className="banner banner-warning draw-block-banner" role="alert" tabIndex={-1} ref={blockBanner}>
              <p className="draw-block">{block.message}</p>
              {/* Nothing to pay that would lift this block: say whom to call instead. */}
              {block.kind === "state" ? <CallCustomerService /> : null}
            </div>
          ) : null}
          {outcome?.view === "thanks" ? (
            <DrawThanks
              amountCents={outcome.amountCents}
              feePercent={facts.feePercent}
              fundingDate={outcome.fundingDate}
              transactionId={outcome.transactionId}
            />
          ) : outcome?.view === "review" && !block ? (
            <DrawReview
              // A new key is a new review (a new amount after a change): its heading takes focus again.
              key={outcome.key}
              applNo={outcome.applNo}
              amountCents={outcome.amountCents}
              feePercent={facts.feePercent}
              idempotencyKey={outcome.key}
              error={outcome.error}
              notice={outcome.notice}
            />
          ) : (
            <DrawAmountForm
              // A new outcome (a server message, Edit, CANCEL REQUEST) starts the form afresh from it.
              key={outcome ? JSON.stringify(outcome) : "first"}
              availableCents={facts.availableCents}
              maxCents={facts.maxCents}
              feePercent={facts.feePercent}
              disabled={block !== null}
              initialText={
                outcome?.view === "amount" && outcome.amountText !== null
                  ? outcome.amountText
                  : String(facts.limits.minCents / 100)
              }
              limits={facts.limits}
              serverError={
                view === "amount" && outcome?.view === "amount" && outcome.error !== block?.message
                  ? outcome.error
                  : null
              }
            />
          )}
        </div>
        <DrawAccountSummary
          availableCents={facts.availableCents}
          balanceCents={facts.balanceCents}
          limitCents={facts.limitCents}
          nextPaymentDate={facts.nextPaymentDate}
          statementAhead={facts.statementAhead}
          troubled={troubled}
        />
      </div>
    </PortalShell>
  );
}
