import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { brand, creditLine } from "#domain/config";
import { formatMoney } from "#domain/format";
import { CostOfCreditLink } from "../components/CostOfCredit";
import { HeroIllustration } from "../components/HeroIllustration";
import { TableScroll } from "../components/TableScroll";
import { useApplyHref } from "../lib/apply-link";
import { publicPageHeaders } from "../lib/edge-cache";
import type { RouteHandle } from "../lib/layout";
import { LOGGED_OUT_PARAM, LOGGED_OUT_TEXT } from "../lib/logged-out";
import type { loader as rootLoader } from "../root";

export const handle: RouteHandle = { layout: { isHome: true } };
export const headers = publicPageHeaders;

export function meta() {
  return [
    { title: `${brand.name} | Online Line of Credit` },
    {
      name: "description",
      content: `Online lines of credit up to ${formatMoney(creditLine.maxLimitCents)}. Apply online and get an instant decision.`,
    },
  ];
}

const steps = [
  {
    title: "Apply Online",
    text: "Fill out our short application. It takes minutes and you get a decision right away.",
  },
  { title: "eSign", text: "If approved, review your line of credit agreement and sign it electronically." },
  { title: "Request Funds", text: "Ask for a draw online or by phone, any amount up to your available credit." },
  {
    title: "Get the Funds",
    text: "The money is deposited straight into your checking account, often the next business day.",
  },
];

/** Comparison rows: [feature, this line of credit, other short-term loans]. */
const comparison: Array<[string, boolean, boolean]> = [
  ["Draw only what you need", true, false],
  ["No reapplying for more funds", true, false],
  ["Open-ended, renewable credit", true, false],
  ["Payments based on what you draw", true, false],
  ["No fees until you take a draw", true, false],
  ["No early payment penalty", true, true],
  ["Variable interest", false, true],
];

function Mark({ yes }: { yes: boolean }) {
  return <span className={yes ? "mark mark-yes" : "mark mark-no"}>{yes ? "Yes" : "No"}</span>;
}

export default function Home() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root");
  const applyHref = useApplyHref();
  // Log Out lands here (app/lib/logged-out.ts).
  const [search] = useSearchParams();
  const loggedOut = search.has(LOGGED_OUT_PARAM) && !viewer?.signedIn;
  return (
    <>
      {loggedOut ? (
        <div className="container logged-out-notice">
          <p className="banner" role="status">
            {LOGGED_OUT_TEXT}
          </p>
        </div>
      ) : null}
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>Access the funds you need - when you need them</h1>
            <p className="hero-limit">
              Lines of Credit up to <strong>{formatMoney(creditLine.maxLimitCents)}</strong>
            </p>
            <p className="hero-sub">An open-ended line of credit you apply for once and draw from again and again.</p>
            <div className="hero-actions">
              {viewer?.signedIn ? (
                <Link to="/account" className="button button-primary button-large">
                  Back to Account
                </Link>
              ) : (
                <Link to={applyHref} className="button button-primary button-large">
                  APPLY NOW
                </Link>
              )}
              <p className="esign-prompt">
                Do you need to eSign? <Link to="/login">Log In</Link>
              </p>
            </div>
            <nav aria-label="On this page" className="hero-anchors">
              <ul>
                <li>
                  <a href="#how-it-works">How it Works</a>
                </li>
                <li>
                  <a href="#what-is-it">What is it</a>
                </li>
                <li>
                  <a href="#benefits">Benefits to You</a>
                </li>
              </ul>
            </nav>
          </div>
          <div className="hero-visual">
            <HeroIllustration />
          </div>
        </div>
      </section>
      <div className="hero-band">
        <dl className="container hero-figures">
          <div>
            <dt>New customers</dt>
            <dd>
              {formatMoney(creditLine.newCustomerMinLimitCents)} to {formatMoney(creditLine.newCustomerMaxLimitCents)}
            </dd>
          </div>
          <div>
            <dt>To apply</dt>
            <dd>Free</dd>
          </div>
          <div>
            <dt>Decision</dt>
            <dd>Instant</dd>
          </div>
          <div>
            <dt>Fees</dt>
            <dd>
              <CostOfCreditLink />
            </dd>
          </div>
        </dl>
      </div>

      <section id="how-it-works" className="container page-section" aria-labelledby="how-title">
        <h2 id="how-title">How it Works</h2>
        <ol className="steps">
          {steps.map((step, i) => (
            <li key={step.title} className="step-card">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/how-it-works">Learn more about how it works</Link>
        </p>
      </section>

      <section id="what-is-it" className="band" aria-labelledby="what-title">
        <div className="container page-section">
          <h2 id="what-title">What is it</h2>
          <p>
            A {brand.name} line of credit is a revolving credit line. Once approved, you can take cash advances, called
            draws, whenever you need them, up to your available credit. As you pay down your balance, that credit is
            available to draw again, with no need to reapply.
          </p>
          <p>
            New customers are approved for {formatMoney(creditLine.newCustomerMinLimitCents)} to{" "}
            {formatMoney(creditLine.newCustomerMaxLimitCents)}, and lines can grow up to{" "}
            {formatMoney(creditLine.maxLimitCents)}. See the <Link to="/faq">FAQs</Link> for fees and details.
          </p>
        </div>
      </section>

      <section id="benefits" className="container page-section" aria-labelledby="benefits-title">
        <h2 id="benefits-title">Benefits to You</h2>
        <TableScroll label="Comparison with other short-term loans">
          <table className="comparison">
            <caption>How a {brand.name} line of credit compares with other short-term loans</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">{brand.name} line of credit</th>
                <th scope="col">Other short-term loans</th>
              </tr>
            </thead>
            <tbody>
              {comparison.map(([feature, ours, others]) => (
                <tr key={feature}>
                  <th scope="row">{feature}</th>
                  <td>
                    <Mark yes={ours} />
                  </td>
                  <td>
                    <Mark yes={others} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section className="band" aria-labelledby="education-title">
        <div className="container page-section education">
          <h2 id="education-title">Borrow with confidence</h2>
          <p>Budgeting, credit scores and managing debt: free guides from an independent source.</p>
          <a
            href={brand.financialEducationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="button button-outline"
          >
            Visit the Financial Education Center<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      </section>
    </>
  );
}
