import { Link } from "react-router";
import { brand } from "#domain/config";
import type { RouteHandle } from "../../lib/layout";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Application review | ${brand.name}` }];
}

/** Denied and under-review outcomes both land here (0-decisions.md). */
export default function Review() {
  return (
    <section className="container page-section outcome">
      <h1>Thank you for your application</h1>
      <p className="lead">We're sorry, we cannot approve your line of credit at this time.</p>
      <p>You will receive an e-mail with further details shortly.</p>
      <p>
        <Link to="/" className="button button-outline">
          Back to Homepage
        </Link>
      </p>
    </section>
  );
}
