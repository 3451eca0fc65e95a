import { Link } from "react-router";
import { brand } from "#domain/config";

/**
 * Where a sandbox lead's approval leads (docs/partners.md, "The sandbox"): a
 * test partner's approved answer carries this page's address instead of an
 * applicant's link, since no application was made.
 */
export function meta() {
  return [{ title: `Partner sandbox | ${brand.name}` }, { name: "robots", content: "noindex" }];
}

export default function PartnerSandbox() {
  return (
    <article className="container page-section">
      <h1>Partner sandbox</h1>
      <p>
        This is where a test lead's approval leads. In live mode the applicant would continue their application here
        with a link of their own, once, within 24 hours. No application was made for a test lead.
      </p>
      <p>
        <Link to="/">{brand.name} home</Link>
      </p>
    </article>
  );
}
