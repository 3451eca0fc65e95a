import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatDate } from "#domain/format";
import { drawFigures } from "../../../routes/portal/draw.schema";
import { DrawCutoff } from "./DrawCutoff";
import { DrawFigures } from "./DrawFigures";

/** The thank-you view: the page scrolls to the top and its heading takes focus (spec file 3, section 4). */
export function DrawThanks({
  amountCents,
  feePercent,
  fundingDate,
  transactionId,
}: {
  amountCents: number;
  feePercent: number;
  fundingDate: string;
  transactionId: number;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="card draw-thanks" aria-labelledby="draw-thanks-title">
      <h2 id="draw-thanks-title" ref={heading} tabIndex={-1}>
        Thank you! Your draw request was received.
      </h2>
      <p className="draw-funding">
        Your funds are expected in your bank account on <strong>{formatDate(fundingDate)}</strong>.
      </p>
      <DrawFigures {...drawFigures(amountCents, feePercent)} />
      <p>Confirmation number: {transactionId}</p>
      <DrawCutoff />
      <Link to="/account" className="button button-primary">
        Back to Account
      </Link>
    </section>
  );
}
