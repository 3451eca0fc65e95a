import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { drawFigures } from "../../../routes/portal/draw.schema";
import { DrawFigures } from "./DrawFigures";

/**
 * The review view. Its form carries the reviewed amount and the idempotency
 * key made at review: a double click, a refresh or a retry of this form posts
 * the draw once, and only at this amount. Edit keeps the amount; CANCEL REQUEST resets it to the minimum.
 */
export function DrawReview({
  applNo,
  amountCents,
  feePercent,
  idempotencyKey,
  error,
  notice,
}: {
  /** The account the review is for: SUBMIT REQUEST posts to it without reading the account first (the platform checks it is theirs). */
  applNo: number;
  amountCents: number;
  feePercent: number;
  idempotencyKey: string;
  error: string | null;
  /** Why the review is shown again: the account changed since the last review and nothing was drawn. */
  notice?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
  const heading = useRef<HTMLHeadingElement>(null);
  // A second click before the page re-renders must not start a second post from this browser.
  const sent = useRef(false);

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (navigation.state === "idle") sent.current = false;
  }, [navigation.state]);

  function guard(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "submit") return;
    if (sent.current) event.preventDefault();
    sent.current = true;
  }

  return (
    <Form method="post" className="card draw-review" onSubmit={guard} aria-labelledby="draw-review-title">
      <h2 id="draw-review-title" ref={heading} tabIndex={-1}>
        Review Your Request
      </h2>
      {notice ? (
        <p className="banner banner-error draw-changed" role="alert">
          {notice}
        </p>
      ) : null}
      <DrawFigures {...drawFigures(amountCents, feePercent)} />
      {/* The reviewed amount and its key: SUBMIT REQUEST draws exactly this amount, or nothing. */}
      <input type="hidden" name="amount" value={String(amountCents / 100)} />
      <input type="hidden" name="key" value={idempotencyKey} />
      <input type="hidden" name="applNo" value={String(applNo)} />
      {error ? (
        <p className="banner banner-error draw-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" name="intent" value="edit" className="button button-outline">
          Edit
        </button>
        <button type="submit" name="intent" value="cancel" className="button button-outline">
          CANCEL REQUEST
        </button>
        <button
          type="submit"
          name="intent"
          value="submit"
          className="button button-primary"
          disabled={submitting}
          aria-disabled={submitting || undefined}
        >
          SUBMIT REQUEST
        </button>
      </div>
    </Form>
  );
}
