import { Link } from "react-router";

/** Spec file 1, section 2: the 404 page texts, verbatim. */
export function NotFound() {
  return (
    <section className="container page-section not-found">
      <h1>Error 404</h1>
      <p className="lead">We couldn't find that page!.</p>
      <p>
        <Link to="/" className="button button-primary">
          Back to Homepage
        </Link>
      </p>
    </section>
  );
}
